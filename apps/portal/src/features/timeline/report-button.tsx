import { useState } from 'react';
import i18n from 'i18next';
import { Button, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { addToDay, zonedDay } from '@carewatch/i18n/datetime';
import type { TPatient } from '@carewatch/contracts/patients';
import { DayRangeFields, DownloadFormFooter, useDownloadForm } from '../../app/download-form.tsx';
import { useProfile } from '../../app/queries.ts';
import { downloadFile } from '../patients/patients-shared.tsx';
import { timeline } from './timeline-tab.tsx';
import { reportProblems } from './timeline-rules.ts';

const LANGS = ['en', 'vi'] as const;
type Lang = (typeof LANGS)[number];

/** "Print report" on the patient page: the patient report PDF of a chosen period (issue 20), rendered by the server. */
export function PatientReportButton({ patient }: { patient: TPatient }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        {t('patientTimeline.report.button')}
      </Button>
      {open && <ReportModal patient={patient} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReportModal({ patient, onClose }: { patient: TPatient; onClose: () => void }) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const today = zonedDay(new Date(), tz || undefined);
  const [from, setFrom] = useState(() => addToDay(today, { days: -29 }));
  const [to, setTo] = useState(today);
  const [lang, setLang] = useState<Lang>(i18n.language?.startsWith('vi') ? 'vi' : 'en');
  const form = useDownloadForm({
    download: () =>
      downloadFile(
        timeline.reportUrl(patient.id, { from, to, lang }),
        `report-${patient.patientCode ?? 'patient'}-${from}-${to}.pdf`,
      ),
    doneKey: 'patientTimeline.report.done',
    onClose,
  });
  const submit = () => {
    const p = reportProblems(from, to);
    const out: Record<string, string> = {};
    if (p.from) out.from = t(`patientTimeline.report.${p.from}`);
    if (p.to) out.to = t(`patientTimeline.report.${p.to}`);
    form.setErrors(out);
    if (Object.keys(out).length === 0) form.run.mutate();
  };
  return (
    <Modal opened onClose={onClose} title={t('patientTimeline.report.title')}>
      <Stack>
        <DayRangeFields
          form={form}
          fromLabel={t('patientTimeline.report.from')}
          toLabel={t('patientTimeline.report.to')}
          from={from}
          to={to}
          onFrom={setFrom}
          onTo={setTo}
        />
        <NativeSelect
          label={t('patientTimeline.report.language')}
          value={lang}
          onChange={(e) => setLang(LANGS.find((l) => l === e.currentTarget.value) ?? 'en')}
          data={LANGS.map((l) => ({ value: l, label: t(`patientTimeline.report.languages.${l}`) }))}
        />
        <Text size="sm" c="dimmed">
          {t('patientTimeline.report.hint')}
        </Text>
        <DownloadFormFooter
          form={form}
          cancelLabel={t('patientTimeline.report.cancel')}
          submitLabel={t('patientTimeline.report.download')}
          onCancel={onClose}
          onSubmit={submit}
        />
      </Stack>
    </Modal>
  );
}
