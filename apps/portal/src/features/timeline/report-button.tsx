import { useState } from 'react';
import i18n from 'i18next';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addToDay, zonedDay } from '@carewatch/i18n/datetime';
import type { TPatient } from '@carewatch/contracts/patients';
import { DayInput } from '@carewatch/web/day-input';
import { errorText, serverFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = useMutation({
    mutationFn: () =>
      downloadFile(
        timeline.reportUrl(patient.id, { from, to, lang }),
        `report-${patient.patientCode ?? 'patient'}-${from}-${to}.pdf`,
      ),
    onSuccess: () => {
      notifySuccess(t('patientTimeline.report.done'));
      onClose();
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  const submit = () => {
    const p = reportProblems(from, to);
    const out: Record<string, string> = {};
    if (p.from) out.from = t(`patientTimeline.report.${p.from}`);
    if (p.to) out.to = t(`patientTimeline.report.${p.to}`);
    setErrors(out);
    if (Object.keys(out).length === 0) run.mutate();
  };
  const clear = (field: string) =>
    setErrors((e) => {
      const n = { ...e };
      delete n[field];
      return n;
    });
  return (
    <Modal opened onClose={onClose} title={t('patientTimeline.report.title')}>
      <Stack>
        <Group grow>
          <DayInput
            label={t('patientTimeline.report.from')}
            required
            value={from}
            onValue={(v) => {
              setFrom(v);
              clear('from');
            }}
            error={errors.from}
          />
          <DayInput
            label={t('patientTimeline.report.to')}
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
          label={t('patientTimeline.report.language')}
          value={lang}
          onChange={(e) => setLang(LANGS.find((l) => l === e.currentTarget.value) ?? 'en')}
          data={LANGS.map((l) => ({ value: l, label: t(`patientTimeline.report.languages.${l}`) }))}
        />
        <Text size="sm" c="dimmed">
          {t('patientTimeline.report.hint')}
        </Text>
        {run.isError && Object.keys(serverFieldErrors(t, run.error)).length === 0 && (
          <Alert color="red" role="alert">
            {errorText(t, run.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('patientTimeline.report.cancel')}
          </Button>
          <Button onClick={submit} loading={run.isPending}>
            {t('patientTimeline.report.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
