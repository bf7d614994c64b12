import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { firmwareApi } from '@carewatch/api-client/firmware';
import {
  FIRMWARE_KINDS,
  FIRMWARE_MODELS,
  ZFirmwareUploadForm,
  type TFirmwareKind,
  type TFirmwareModel,
  type TFirmwarePackage,
} from '@carewatch/contracts/firmware';
import { ErrorState } from '@carewatch/web/states';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { api } from '../../app/api.ts';
import { formatDateTime } from '../../app/format.ts';
import { notifySuccess } from '../../app/notify.ts';
import { ListSkeleton } from '../../app/states.tsx';

const firmware = firmwareApi(api.request);
const KEY = ['firmware'] as const;

const sizeText = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`;

function UploadModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [model, setModel] = useState<string>('GT5');
  const [kind, setKind] = useState<string>('firmware');
  const [version, setVersion] = useState('');
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const upload = useMutation({
    mutationFn: async () => {
      const parsed = ZFirmwareUploadForm.safeParse({ model, kind, version, name, notes });
      if (!parsed.success) throw parsed.error;
      return firmware.upload(parsed.data, file, file?.name);
    },
    onSuccess: async (p) => {
      notifySuccess(t('firmware.uploaded', { version: p.version }));
      await qc.invalidateQueries({ queryKey: KEY });
      onClose();
    },
    onError: (e) =>
      setErrors(
        e && typeof e === 'object' && 'issues' in e ? zodFieldErrors(t, e as { issues: [] }) : serverFieldErrors(t, e),
      ),
    meta: { inlineError: true },
  });
  const other = upload.isError && Object.keys(errors).length === 0;
  const clear = () => setErrors({});
  return (
    <Modal opened onClose={onClose} title={t('firmware.upload')} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          clear();
          upload.mutate();
        }}
      >
        <Stack>
          <Group grow>
            <NativeSelect
              label={t('firmware.fields.model')}
              required
              value={model}
              error={errors.model}
              onChange={(e) => {
                setModel(e.currentTarget.value);
                clear();
              }}
              data={FIRMWARE_MODELS.map((m) => ({ value: m, label: m }))}
            />
            <NativeSelect
              label={t('firmware.fields.kind')}
              required
              value={kind}
              error={errors.kind}
              onChange={(e) => {
                setKind(e.currentTarget.value);
                clear();
              }}
              data={FIRMWARE_KINDS.map((k) => ({ value: k, label: t(`firmware.kinds.${k}`) }))}
            />
          </Group>
          <TextInput
            label={t('firmware.fields.version')}
            description={t('firmware.versionHint')}
            required
            value={version}
            error={errors.version}
            onChange={(e) => {
              setVersion(e.currentTarget.value);
              clear();
            }}
          />
          <TextInput
            label={t('firmware.fields.name')}
            description={t('firmware.nameHint')}
            value={name}
            maxLength={60}
            error={errors.name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              clear();
            }}
          />
          <Textarea
            label={t('firmware.fields.notes')}
            value={notes}
            maxLength={500}
            autosize
            minRows={2}
            error={errors.notes}
            onChange={(e) => {
              setNotes(e.currentTarget.value);
              clear();
            }}
          />
          <FileInput
            label={t('firmware.fields.file')}
            description={t('firmware.fileHint')}
            required
            accept=".cwpk,application/octet-stream"
            value={file}
            error={errors.file}
            clearable
            onChange={(f) => {
              setFile(f);
              clear();
            }}
          />
          {other && (
            <Alert color="red" role="alert">
              {errorText(t, upload.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={upload.isPending}>
              {t('firmware.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Watch firmware and faces (DeviceFirmwareManage): the tenant's packages; upload one, mark one current per model and kind. */
export function FirmwarePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [model, setModel] = useState<TFirmwareModel | ''>('');
  const [kind, setKind] = useState<TFirmwareKind | ''>('');
  const query = { ...(model ? { model } : {}), ...(kind ? { kind } : {}) };
  const list = useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: () => firmware.list(query),
    meta: { inlineError: true },
  });
  const current = useMutation({
    mutationFn: (p: TFirmwarePackage) => firmware.markCurrent(p.id),
    onSuccess: async (p) => {
      notifySuccess(
        t('firmware.markedCurrent', { model: p.model, kind: t(`firmware.kinds.${p.kind}`), version: p.version }),
      );
      await qc.invalidateQueries({ queryKey: KEY });
    },
  });
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t('firmware.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('firmware.subtitle')}
          </Text>
        </Stack>
        <Button onClick={() => setUploading(true)}>{t('firmware.upload')}</Button>
      </Group>
      <Group>
        <NativeSelect
          label={t('firmware.filterModel')}
          value={model}
          onChange={(e) => setModel(FIRMWARE_MODELS.find((m) => m === e.currentTarget.value) ?? '')}
          data={[{ value: '', label: t('firmware.all') }, ...FIRMWARE_MODELS.map((m) => ({ value: m, label: m }))]}
        />
        <NativeSelect
          label={t('firmware.filterKind')}
          value={kind}
          onChange={(e) => setKind(FIRMWARE_KINDS.find((k) => k === e.currentTarget.value) ?? '')}
          data={[
            { value: '', label: t('firmware.all') },
            ...FIRMWARE_KINDS.map((k) => ({ value: k, label: t(`firmware.kinds.${k}`) })),
          ]}
        />
      </Group>
      {current.isError && (
        <Alert color="red" role="alert">
          {errorText(t, current.error)}
        </Alert>
      )}
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('firmware.empty')}
        </Text>
      ) : (
        <Table striped aria-label={t('firmware.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('firmware.fields.model')}</Table.Th>
              <Table.Th>{t('firmware.fields.kind')}</Table.Th>
              <Table.Th>{t('firmware.fields.version')}</Table.Th>
              <Table.Th>{t('firmware.fields.name')}</Table.Th>
              <Table.Th>{t('firmware.fields.current')}</Table.Th>
              <Table.Th>{t('firmware.fields.size')}</Table.Th>
              <Table.Th>{t('firmware.fields.uploaded')}</Table.Th>
              <Table.Th>{t('firmware.fields.sha256')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((p) => {
              const kindText = t(`firmware.kinds.${p.kind}`);
              return (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.model}</Table.Td>
                  <Table.Td>{kindText}</Table.Td>
                  <Table.Td>{p.version}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{p.name}</Text>
                    {p.notes && (
                      <Text size="xs" c="dimmed">
                        {p.notes}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {p.isCurrent ? (
                      <Badge color="teal">{t('firmware.isCurrent')}</Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        loading={current.isPending && current.variables?.id === p.id}
                        aria-label={t('firmware.markCurrentLabel', {
                          model: p.model,
                          kind: kindText,
                          version: p.version,
                        })}
                        onClick={() => current.mutate(p)}
                      >
                        {t('firmware.markCurrent')}
                      </Button>
                    )}
                  </Table.Td>
                  <Table.Td>{sizeText(p.sizeBytes)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(p.uploadedAt)}</Text>
                    {p.uploadedBy && (
                      <Text size="xs" c="dimmed">
                        {t('firmware.by', { name: p.uploadedBy })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace" title={p.sha256}>
                      {p.sha256.slice(0, 12)}…
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {uploading && <UploadModal onClose={() => setUploading(false)} />}
    </Stack>
  );
}
