import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay } from '@carewatch/i18n/datetime';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { ErrorState } from '@carewatch/web/states';
import { RecordFormModal } from './record-form-modal.tsx';
import { RecordViewer } from './record-viewer.tsx';
import { recordKeys, records } from './records-shared.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** One record: its fields, the paper viewer, and (with HealthRecordManage) edit and delete with a confirmation. */
export function RecordDetailModal({
  patientId,
  recordId,
  canEdit,
  onClose,
}: {
  patientId: string;
  recordId: string;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const q = useQuery({
    queryKey: recordKeys.detail(recordId),
    queryFn: () => records.get(recordId),
    meta: { inlineError: true },
  });
  const remove = useMutation({
    mutationFn: () => records.remove(recordId),
    onSuccess: async () => {
      notifySuccess(t('records.remove.done'));
      await queryClient.invalidateQueries({ queryKey: recordKeys.all });
      onClose();
    },
    meta: { inlineError: true },
  });
  const r = q.data;
  if (editing && r)
    return (
      <RecordFormModal
        patientId={patientId}
        existing={r}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
    );
  const none = t('common.none');
  return (
    <Modal opened onClose={onClose} title={t('records.detail.title')} size="xl">
      {q.isPending ? (
        <Stack aria-busy="true">
          <Skeleton height={24} />
          <Skeleton height={160} />
        </Stack>
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        r && (
          <Stack>
            <Title order={2} size="h3">
              {r.title}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Field label={t('records.fields.examinationDate')}>{formatCalendarDay(r.examinationDate)}</Field>
              <Field label={t('records.fields.place')}>{r.place ?? none}</Field>
              <Field label={t('records.fields.doctor')}>{r.doctorName ?? none}</Field>
              <Field label={t('records.fields.createdBy')}>{r.createdByName ?? none}</Field>
              <Field label={t('records.fields.updatedAt')}>{formatDateTime(r.updatedAt, tz)}</Field>
            </SimpleGrid>
            <Field label={t('records.fields.note')}>{r.note ?? none}</Field>
            <Title order={3} size="h5">
              {t('records.fields.attachments')}
            </Title>
            <RecordViewer record={r} />
            {remove.error && (
              <Alert color="red" role="alert">
                {errorText(t, remove.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              {canEdit && (
                <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                  {t('records.detail.delete')}
                </Button>
              )}
              {canEdit && (
                <Button variant="light" onClick={() => setEditing(true)}>
                  {t('records.detail.edit')}
                </Button>
              )}
              <Button variant="default" onClick={onClose}>
                {t('records.detail.close')}
              </Button>
            </Group>
          </Stack>
        )
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('records.remove.title')}>
        <Stack>
          <Text>{r ? t('records.remove.confirm', { title: r.title, count: r.attachments.length }) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Modal>
  );
}
