import { useState } from 'react';
import { Button, Menu, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { addToDay, zonedDay } from '@carewatch/i18n/datetime';
import {
  VITALS_EXPORT_FORMATS,
  VITALS_EXPORT_MAX_DAYS,
  VITALS_EXPORT_UNITS,
  ZVitalsExportQuery,
  type TVitalsExportFormat,
  type TVitalsExportUnits,
} from '@carewatch/contracts/vitals-export';
import { vitalsExportApi } from '@carewatch/api-client/vitals-export';
import { DayRangeFields, DownloadFormFooter, useDownloadForm } from '../../app/download-form.tsx';
import { downloadFile } from '../patients/patients-shared.tsx';

const exportsApi = vitalsExportApi();

/** "Export" menu of a patient's health profile: Excel, CSV or a PDF report of a chosen period (issue 19). */
export function VitalsExportMenu({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<TVitalsExportFormat | null>(null);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" aria-label={t('vitalsExport.menuLabel')}>
            {t('vitalsExport.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {VITALS_EXPORT_FORMATS.map((f) => (
            <Menu.Item key={f} onClick={() => setFormat(f)}>
              {t(`vitalsExport.formats.${f}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {format && <VitalsExportModal patientId={patientId} format={format} onClose={() => setFormat(null)} />}
    </>
  );
}

function VitalsExportModal({
  patientId,
  format,
  onClose,
}: {
  patientId: string;
  format: TVitalsExportFormat;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const today = zonedDay(new Date());
  const [from, setFrom] = useState(() => addToDay(today, { days: -29 }));
  const [to, setTo] = useState(today);
  const [units, setUnits] = useState<TVitalsExportUnits>('profile');
  const form = useDownloadForm({
    download: (q: { from: string; to: string; format: TVitalsExportFormat; units: TVitalsExportUnits }) =>
      downloadFile(exportsApi.patientUrl(patientId, q), `vitals-${q.from}-${q.to}.${q.format}`),
    doneKey: 'vitalsExport.done',
    onClose,
  });
  const submit = () => {
    const parsed = ZVitalsExportQuery.safeParse({ from: from || undefined, to: to || undefined, format, units });
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '_');
        out[field] ??=
          field === 'to' && from && to && from > to
            ? t('vitalsExport.toBeforeFrom')
            : field === 'to' && issue.code === 'custom'
              ? t('vitalsExport.tooLong', { days: VITALS_EXPORT_MAX_DAYS })
              : t('vitalsExport.required');
      }
      form.setErrors(out);
      return;
    }
    form.run.mutate(parsed.data);
  };
  return (
    <Modal opened onClose={onClose} title={t('vitalsExport.title', { format: t(`vitalsExport.formats.${format}`) })}>
      <Stack>
        <DayRangeFields
          form={form}
          fromLabel={t('vitalsExport.from')}
          toLabel={t('vitalsExport.to')}
          from={from}
          to={to}
          onFrom={setFrom}
          onTo={setTo}
        />
        <NativeSelect
          label={t('vitalsExport.units')}
          value={units}
          onChange={(e) => setUnits(VITALS_EXPORT_UNITS.find((u) => u === e.currentTarget.value) ?? 'profile')}
          data={VITALS_EXPORT_UNITS.map((u) => ({ value: u, label: t(`vitalsExport.unitChoices.${u}`) }))}
        />
        <Text size="sm" c="dimmed">
          {t(format === 'pdf' ? 'vitalsExport.pdfHint' : 'vitalsExport.hint')}
        </Text>
        <DownloadFormFooter
          form={form}
          cancelLabel={t('vitalsExport.cancel')}
          submitLabel={t('vitalsExport.download')}
          onCancel={onClose}
          onSubmit={submit}
        />
      </Stack>
    </Modal>
  );
}
