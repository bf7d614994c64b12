import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEVICE_IMPORT_HEADER } from '@carewatch/contracts/devices';
import { errorText } from '@carewatch/web/errors';
import { notifyError } from '../../app/notify.ts';
import { deviceKeys, devices, downloadAuthed } from './devices-shared.tsx';
import { importFileProblem, importResultColor } from './devices-rules.ts';

/** Devices import (spec §5): template download, .xlsx upload, result with the refused lines and why. */
export function DeviceImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const template = useMutation({
    mutationFn: () => downloadAuthed(devices.templateUrl(), 'devices-template.xlsx'),
    onError: (e) => notifyError(e),
    meta: { inlineError: true },
  });
  const upload = useMutation({
    mutationFn: (f: File) => devices.import(f, f.name),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
    meta: { inlineError: true },
  });
  const submit = () => {
    const problem = importFileProblem(file);
    if (problem || !file) return setFileError(t(problem ?? 'fieldRules.required'));
    setFileError(null);
    upload.mutate(file);
  };
  const result = upload.data;
  return (
    <Modal opened={opened} onClose={onClose} title={t('devices.import.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('devices.import.help', { columns: DEVICE_IMPORT_HEADER.join(', ') })}</Text>
        <Group>
          <Button variant="light" onClick={() => template.mutate()} loading={template.isPending}>
            {t('devices.import.template')}
          </Button>
        </Group>
        <FileInput
          label={t('devices.import.file')}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(f) => {
            setFile(f);
            setFileError(null);
            upload.reset();
          }}
          error={fileError}
          clearable
        />
        {upload.isError && (
          <Alert color="red" role="alert">
            {errorText(t, upload.error)}
          </Alert>
        )}
        {result && (
          <Stack gap="xs" role="status" aria-label={t('devices.import.result')}>
            <Alert color={importResultColor(result.errors)}>
              {t('devices.import.summary', { imported: result.imported, errors: result.errors.length })}
            </Alert>
            {result.errors.length > 0 && (
              <ScrollArea.Autosize mah={240}>
                <List size="sm" spacing={4} aria-label={t('devices.import.errors')}>
                  {result.errors.map((e) => (
                    <List.Item key={`${e.line}-${e.field}`}>
                      {t('devices.import.lineError', { line: e.line, field: e.field, message: e.message })}
                    </List.Item>
                  ))}
                </List>
              </ScrollArea.Autosize>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button onClick={submit} loading={upload.isPending}>
            {t('devices.import.upload')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
