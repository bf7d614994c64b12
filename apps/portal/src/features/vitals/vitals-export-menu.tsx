import { useState } from 'react';
import { Alert, Button, Group, Menu, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
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
import { DayInput } from '@carewatch/web/day-input';
import { errorText, serverFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = useMutation({
    mutationFn: (q: { from: string; to: string; format: TVitalsExportFormat; units: TVitalsExportUnits }) =>
      downloadFile(exportsApi.patientUrl(patientId, q), `vitals-${q.from}-${q.to}.${q.format}`),
    onSuccess: () => {
      notifySuccess(t('vitalsExport.done'));
      onClose();
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
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
      setErrors(out);
      return;
    }
    run.mutate(parsed.data);
  };
  const clear = (field: string) =>
    setErrors((e) => {
      const n = { ...e };
      delete n[field];
      return n;
    });
  return (
    <Modal opened onClose={onClose} title={t('vitalsExport.title', { format: t(`vitalsExport.formats.${format}`) })}>
      <Stack>
        <Group grow>
          <DayInput
            label={t('vitalsExport.from')}
            required
            value={from}
            onValue={(v) => {
              setFrom(v);
              clear('from');
            }}
            error={errors.from}
          />
          <DayInput
            label={t('vitalsExport.to')}
            required
            value={to}
            onValue={(v) => {
              setTo(v);
              clear('to');
            }}
            error={errors.to}
          />
        </Group>
        <NativeSelect
          label={t('vitalsExport.units')}
          value={units}
          onChange={(e) => setUnits(VITALS_EXPORT_UNITS.find((u) => u === e.currentTarget.value) ?? 'profile')}
          data={VITALS_EXPORT_UNITS.map((u) => ({ value: u, label: t(`vitalsExport.unitChoices.${u}`) }))}
        />
        <Text size="sm" c="dimmed">
          {t(format === 'pdf' ? 'vitalsExport.pdfHint' : 'vitalsExport.hint')}
        </Text>
        {run.isError && Object.keys(serverFieldErrors(t, run.error)).length === 0 && (
          <Alert color="red" role="alert">
            {errorText(t, run.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('vitalsExport.cancel')}
          </Button>
          <Button onClick={submit} loading={run.isPending}>
            {t('vitalsExport.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
