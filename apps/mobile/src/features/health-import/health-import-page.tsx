import { Alert, Anchor, Button, Card, FileInput, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appHealthImportApi } from '@carewatch/api-client/app-health-import';
import { isApiError } from '@carewatch/api-client/client';
import { api } from '../../app/api.ts';
import { errorText } from '@carewatch/web/errors';
import { Stat, StatGrid } from '../metrics/parts.tsx';
import { AppleHealthError } from './apple-health.ts';
import { runAppleHealthImport, type ImportProgress } from './import-runner.ts';

const importApi = appHealthImportApi(api.request);

/** `file.stream()` as chunks (a reader loop: Safari's streams are not async-iterable); closing it cancels the read. */
async function* fileChunks(file: Blob): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

type State =
  | { phase: 'idle' }
  | { phase: 'running'; progress: ImportProgress }
  | { phase: 'done' | 'cancelled'; progress: ImportProgress }
  | { phase: 'failed'; progress: ImportProgress | null; error: unknown };

const EMPTY: ImportProgress = { bytes: 0, records: 0, sent: 0, added: 0, duplicates: 0, rejected: 0 };
const IMPORTED = [
  'heart_rate',
  'spo2',
  'blood_pressure',
  'weight',
  'steps',
  'sleep',
  'temperature',
  'blood_glucose',
  'respiratory_rate',
  'hrv',
] as const;

/**
 * `/health-import` (issue 19): the patient picks the `export.zip` of the iPhone's Health app; it is read on the phone,
 * streamed, and its readings sent to the server in batches (source Apple Health). Progress, cancel; importing the same
 * file again adds only what is missing. Needs a connection.
 */
export function HealthImportPage() {
  const { t } = useTranslation();
  const network = useNetwork();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ phase: 'idle' });
  const cancel = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    // Leaving the screen stops the import (what was sent is kept).
    return () => {
      mounted.current = false;
      cancel.current = true;
    };
  }, []);
  const running = state.phase === 'running';

  const start = async () => {
    if (!file) return;
    cancel.current = false;
    let last: ImportProgress = EMPTY;
    setState({ phase: 'running', progress: EMPTY });
    try {
      const out = await runAppleHealthImport({
        chunks: fileChunks(file),
        send: (readings) => importApi.send(readings),
        cancelled: () => cancel.current,
        onProgress: (p) => {
          last = p;
          if (mounted.current) setState({ phase: 'running', progress: p });
        },
      });
      if (mounted.current) setState({ phase: out.status, progress: out.progress });
    } catch (error) {
      if (mounted.current) setState({ phase: 'failed', progress: last.sent > 0 ? last : null, error });
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['me', 'vitals'] });
      void queryClient.invalidateQueries({ queryKey: ['metrics'] });
    }
  };

  const progress = state.phase === 'idle' ? null : state.progress;
  const pct = file && progress ? Math.min(100, Math.round((progress.bytes / Math.max(1, file.size)) * 100)) : 0;

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/devices" size="sm">
        {t('healthImport.back')}
      </Anchor>
      <Title order={1} size="h3">
        {t('healthImport.title')}
      </Title>
      <Text size="sm">{t('healthImport.intro')}</Text>
      <Card withBorder component="section" aria-labelledby="health-import-how">
        <Title order={2} size="h5" id="health-import-how" mb="xs">
          {t('healthImport.howTitle')}
        </Title>
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>{t('healthImport.how1')}</List.Item>
          <List.Item>{t('healthImport.how2')}</List.Item>
          <List.Item>{t('healthImport.how3')}</List.Item>
        </List>
        <Text size="sm" mt="xs" c="dimmed">
          {t('healthImport.what', { list: IMPORTED.map((m) => t(`metrics.${m}`)).join(', ') })}
        </Text>
        <Text size="sm" mt={4} c="dimmed">
          {t('healthImport.again')}
        </Text>
        <Text size="sm" mt={4} c="dimmed">
          {t('healthImport.history')}
        </Text>
      </Card>

      {!network.online && (
        <Alert color="gray" role="status">
          {t('healthImport.offline')}
        </Alert>
      )}

      <FileInput
        label={t('healthImport.file')}
        placeholder={t('healthImport.filePlaceholder')}
        accept=".zip,application/zip"
        value={file}
        onChange={(f) => {
          setFile(f);
          setState({ phase: 'idle' });
        }}
        disabled={running}
        clearable
        size="md"
      />
      {running ? (
        <Button
          color="red"
          variant="light"
          size="md"
          onClick={() => {
            cancel.current = true;
          }}
        >
          {t('healthImport.cancel')}
        </Button>
      ) : (
        <Button size="md" disabled={!file || !network.online} onClick={() => void start()}>
          {t('healthImport.start')}
        </Button>
      )}

      {progress && (
        <Card withBorder component="section" aria-labelledby="health-import-progress">
          <Title order={2} size="h5" id="health-import-progress" mb="xs">
            {running ? t('healthImport.running') : t('healthImport.summary')}
          </Title>
          {running && <Progress value={pct} animated mb="sm" aria-label={t('healthImport.progress', { pct })} />}
          <StatGrid>
            <Stat label={t('healthImport.records')} value={String(progress.records)} />
            <Stat label={t('healthImport.sent')} value={String(progress.sent)} />
            <Stat label={t('healthImport.added')} value={String(progress.added)} />
            <Stat label={t('healthImport.duplicates')} value={String(progress.duplicates)} />
          </StatGrid>
          {progress.rejected > 0 && (
            <Text size="sm" mt="xs" c="dimmed">
              {t('healthImport.rejected', { n: progress.rejected })}
            </Text>
          )}
        </Card>
      )}

      {state.phase === 'done' && (
        <Alert color="teal" role="status" title={t('healthImport.doneTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('healthImport.done', { added: state.progress.added, duplicates: state.progress.duplicates })}
            </Text>
            <Group gap="sm">
              <Anchor component={Link} to="/metrics/heart_rate" size="sm">
                {t('healthImport.seeHeartRate')}
              </Anchor>
              <Anchor component={Link} to="/metrics/weight" size="sm">
                {t('healthImport.seeWeight')}
              </Anchor>
              <Anchor component={Link} to="/metrics/sleep" size="sm">
                {t('healthImport.seeSleep')}
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      )}
      {state.phase === 'cancelled' && (
        <Alert color="yellow" role="status">
          {t('healthImport.cancelled')}
        </Alert>
      )}
      {state.phase === 'failed' && (
        <Alert color="red" role="alert" title={t('healthImport.failedTitle')}>
          <Text size="sm">{failureText(t, state.error)}</Text>
          {state.progress && (
            <Text size="sm" mt={4}>
              {t('healthImport.partial')}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}

function failureText(t: (key: string) => string, error: unknown): string {
  if (error instanceof AppleHealthError) return t(`healthImport.errors.${error.code}`);
  if (isApiError(error) && error.code === 'NETWORK') return t('healthImport.offline');
  return errorText(t as Parameters<typeof errorText>[0], error);
}
