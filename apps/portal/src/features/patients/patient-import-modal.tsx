import { useEffect, useState } from 'react';
import { Alert, Button, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_BYTES, type TPatientImport } from '@carewatch/contracts/patients';
import { errorText } from '@carewatch/web/errors';
import { downloadFile, patientKeys, patients } from './patients-shared.tsx';

const active = (item: TPatientImport | null | undefined) => item?.status === 'queued' || item?.status === 'running';

function ImportProgress({ item }: { item: TPatientImport }) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: () => downloadFile(patients.importErrorsUrl(item.id), `import-errors-${item.id}.txt`),
    meta: { inlineError: true },
  });
  const pct =
    item.totalRows > 0
      ? Math.min(100, Math.round((item.processedRows / item.totalRows) * 100))
      : item.status === 'done'
        ? 100
        : 0;
  const text =
    item.status === 'queued'
      ? t('patients.import.queued')
      : item.status === 'running'
        ? t('patients.import.running', { processed: item.processedRows, total: item.totalRows })
        : item.status === 'done'
          ? t('patients.import.done', { processed: item.processedRows })
          : t('patients.import.failed', { reason: item.failure ?? t('toast.generic') });
  return (
    <Stack gap="xs" aria-live="polite">
      <Text size="sm" c="dimmed">
        {t('patients.import.fileName', { name: item.fileName })}
      </Text>
      <Progress
        value={pct}
        size="lg"
        animated={active(item)}
        color={item.status === 'failed' ? 'red' : item.errorRows > 0 ? 'orange' : 'teal'}
        aria-label={t('patients.import.progress')}
      />
      <Text size="sm" role="status">
        {text}
      </Text>
      <Group gap="lg">
        <Text size="sm" fw={500}>
          {t('patients.import.imported', { count: item.importedRows })}
        </Text>
        <Text size="sm" fw={500} c={item.errorRows > 0 ? 'red' : undefined}>
          {t('patients.import.errors', { count: item.errorRows })}
        </Text>
      </Group>
      {download.isError && (
        <Alert color="red" role="alert">
          {errorText(t, download.error)}
        </Alert>
      )}
      {!active(item) && item.errorRows > 0 && item.hasErrorFile && (
        <Group>
          <Button variant="light" color="red" loading={download.isPending} onClick={() => download.mutate()}>
            {t('patients.import.downloadErrors')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Bulk import: template download, .xlsx upload, progress of the background job, error file download. */
export function PatientImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [startedId, setStartedId] = useState<string | null>(null);
  const current = useQuery({
    queryKey: patientKeys.currentImport,
    queryFn: () => patients.currentImport(),
    refetchInterval: (q) => (active(q.state.data?.item) ? 1000 : false),
    meta: { inlineError: true },
  });
  const item = current.data?.item ?? null;
  // Show the tenant's running import, or the one started here once it is over.
  const shown = item && (active(item) || item.id === startedId) ? item : null;
  const doneKey = shown && !active(shown) ? `${shown.id}:${shown.status}` : null;
  useEffect(() => {
    if (!doneKey) return;
    void queryClient.invalidateQueries({ queryKey: ['patients', 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['patients', 'counts'] });
  }, [doneKey, queryClient]);

  const template = useMutation({
    mutationFn: () => downloadFile(patients.importTemplateUrl(), 'patients-template.xlsx'),
    meta: { inlineError: true },
  });
  const upload = useMutation({
    mutationFn: (f: File) => patients.startImport(f, f.name),
    onSuccess: (started) => {
      setStartedId(started.id);
      setFile(null);
      queryClient.setQueryData(patientKeys.currentImport, { item: started });
      void current.refetch();
    },
    meta: { inlineError: true },
  });
  const choose = (f: File | null) => {
    setFileError('');
    upload.reset();
    if (f && !f.name.toLowerCase().endsWith('.xlsx')) {
      setFile(null);
      setFileError(t('patients.import.onlyXlsx'));
      return;
    }
    if (f && f.size > IMPORT_MAX_BYTES) {
      setFile(null);
      setFileError(t('patients.import.tooLarge'));
      return;
    }
    setFile(f);
  };
  const busy = active(shown);
  const error = template.error ?? upload.error;

  return (
    <Modal opened onClose={onClose} title={t('patients.import.title')} size="lg">
      <Stack>
        <Text size="sm">{t('patients.import.intro')}</Text>
        <Group>
          <Button variant="default" loading={template.isPending} onClick={() => template.mutate()}>
            {t('patients.import.template')}
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {errorText(t, error)}
          </Alert>
        )}
        {(!shown || !busy) && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('patients.import.file')}
            </Text>
            <Group>
              <FileButton
                onChange={choose}
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              >
                {(props) => (
                  <Button variant="default" {...props}>
                    {t('patients.import.choose')}
                  </Button>
                )}
              </FileButton>
              <Text size="sm" c={file ? undefined : 'dimmed'}>
                {file ? t('patients.import.chosen', { name: file.name }) : t('patients.import.noFile')}
              </Text>
            </Group>
            {fileError && (
              <Text size="sm" c="red" role="alert">
                {fileError}
              </Text>
            )}
          </Stack>
        )}
        {shown && <ImportProgress item={shown} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          {(!shown || !busy) && (
            <Button disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
              {t('patients.import.upload')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
