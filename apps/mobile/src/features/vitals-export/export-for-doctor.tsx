import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vitalsExportApi } from '@carewatch/api-client/vitals-export';
import { addToDay, formatCalendarDay, zonedDay } from '@carewatch/i18n/datetime';
import { api } from '../../app/api.ts';
import { errorText } from '@carewatch/web/errors';
import { ApiError } from '@carewatch/api-client/client';
import { fetchFile } from '@carewatch/web/files';
import { shareOrDownload, type ShareOutcome } from './share-file.ts';

const exportsApi = vitalsExportApi();
const PERIODS = ['7', '30', '90', '365'] as const;
type Period = (typeof PERIODS)[number];
const FORMATS = ['pdf', 'csv'] as const;
type Format = (typeof FORMATS)[number];

/** The export, fetched with the session, as a File named by the server. */
const fetchExport = (url: string, fallbackName: string) => fetchFile(api, url, { fallbackName });

/** Home's "Export for my doctor": my readings of a period as a PDF report or CSV, shared (phones) or downloaded. */
export function ExportForDoctor() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder component="section" aria-labelledby="export-for-doctor">
      <Title order={2} size="h5" id="export-for-doctor" mb={4}>
        {t('vitalsExport.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('vitalsExport.text')}
      </Text>
      <Button variant="light" fullWidth onClick={() => setOpen(true)}>
        {t('vitalsExport.open')}
      </Button>
      {open && <ExportDialog onClose={() => setOpen(false)} />}
    </Card>
  );
}

function ExportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('30');
  const [format, setFormat] = useState<Format>('pdf');
  const canShare = typeof navigator !== 'undefined' && typeof navigator.canShare === 'function';
  const run = useMutation({
    mutationFn: async (): Promise<ShareOutcome> => {
      const to = zonedDay(new Date());
      const from = addToDay(to, { days: -(Number(period) - 1) });
      const file = await fetchExport(exportsApi.mineUrl({ from, to, format }), `vitals-${from}-${to}.${format}`);
      return shareOrDownload(
        file,
        t('vitalsExport.fileTitle', { from: formatCalendarDay(from), to: formatCalendarDay(to) }),
      );
    },
    onSuccess: (out) => {
      if (out === 'cancelled') return;
      notifications.show({
        color: 'teal',
        message: t(out === 'shared' ? 'vitalsExport.shared' : 'vitalsExport.downloaded'),
        autoClose: 3000,
      });
      onClose();
    },
    meta: { inlineError: true },
  });
  return (
    <Modal opened onClose={onClose} title={t('vitalsExport.title')} fullScreen={false} centered>
      <Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="export-period">
            {t('vitalsExport.period')}
          </Text>
          <SegmentedControl
            aria-labelledby="export-period"
            fullWidth
            orientation="vertical"
            value={period}
            onChange={(v) => setPeriod(PERIODS.find((p) => p === v) ?? '30')}
            data={PERIODS.map((p) => ({ value: p, label: t(`vitalsExport.periods.${p}`) }))}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="export-format">
            {t('vitalsExport.format')}
          </Text>
          <SegmentedControl
            aria-labelledby="export-format"
            fullWidth
            value={format}
            onChange={(v) => setFormat(FORMATS.find((f) => f === v) ?? 'pdf')}
            data={FORMATS.map((f) => ({ value: f, label: t(`vitalsExport.formats.${f}`) }))}
          />
        </Stack>
        {run.isPending && (
          <Text size="sm" role="status">
            {t('vitalsExport.working')}
          </Text>
        )}
        {run.isError && (
          <Alert color="red" role="alert">
            {run.error instanceof ApiError ? errorText(t, run.error) : t('vitalsExport.failed')}
          </Alert>
        )}
        <Group grow>
          <Button variant="default" size="md" onClick={onClose}>
            {t('vitalsExport.cancel')}
          </Button>
          <Button size="md" loading={run.isPending} onClick={() => run.mutate()}>
            {t(canShare ? 'vitalsExport.share' : 'vitalsExport.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
