import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TDeactivationRequest } from '@carewatch/contracts/lifecycle';
import { lifecycleApi } from '@carewatch/api-client/lifecycle';
import { api } from '../../app/api.ts';
import { ErrorState } from '@carewatch/web/states';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { errorText } from '@carewatch/web/errors';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import {
  DEACTIVATION_STATUSES,
  canDecide,
  deactivationColor,
  statusFilter,
  type DeactivationStatus as Status,
} from './lifecycle-rules.ts';

const life = lifecycleApi(api.request);

/** Deactivation requests: approve (deactivate now, recoverable 30 days) or reject with a reason. */
export function DeactivationRequestsPage() {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const qc = useQueryClient();
  const [status, setStatus] = useState<Status | ''>('pending');
  const [approving, setApproving] = useState<TDeactivationRequest | null>(null);
  const [rejecting, setRejecting] = useState<TDeactivationRequest | null>(null);
  const [reason, setReason] = useState('');
  const list = useQuery({
    queryKey: ['deactivation-requests', status],
    queryFn: () => life.deactivationRequests(status || undefined),
    meta: { inlineError: true },
  });
  const done = (msg: string) => {
    notifySuccess(msg);
    void qc.invalidateQueries({ queryKey: ['deactivation-requests'] });
    setApproving(null);
    setRejecting(null);
    setReason('');
  };
  const approve = useMutation({
    mutationFn: (id: string) => life.approveDeactivation(id),
    onSuccess: () => done(t('lifecycle.deactivations.approved')),
    onError: notifyError,
  });
  const reject = useMutation({
    mutationFn: (v: { id: string; reason: string }) => life.rejectDeactivation(v.id, v.reason),
    onSuccess: () => done(t('lifecycle.deactivations.rejected')),
  });

  return (
    <Stack>
      <div>
        <Title order={1}>{t('lifecycle.deactivations.title')}</Title>
        <Text c="dimmed">{t('lifecycle.deactivations.subtitle')}</Text>
      </div>
      <Group>
        <NativeSelect
          label={t('lifecycle.deactivations.status')}
          value={status}
          onChange={(e) => setStatus(statusFilter(e.currentTarget.value))}
          data={[
            { value: '', label: t('lifecycle.deactivations.all') },
            ...DEACTIVATION_STATUSES.map((s) => ({ value: s, label: t(`lifecycle.deactivations.statuses.${s}`) })),
          ]}
        />
      </Group>
      {list.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('lifecycle.deactivations.empty')}
        </Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('lifecycle.deactivations.user')}</Table.Th>
              <Table.Th>{t('lifecycle.deactivations.email')}</Table.Th>
              <Table.Th>{t('lifecycle.deactivations.reason')}</Table.Th>
              <Table.Th>{t('lifecycle.deactivations.requestedAt')}</Table.Th>
              <Table.Th>{t('lifecycle.deactivations.status')}</Table.Th>
              <Table.Th>{t('lifecycle.deactivations.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.userName}</Table.Td>
                <Table.Td>{r.email ?? ''}</Table.Td>
                <Table.Td>{r.reason ?? ''}</Table.Td>
                <Table.Td>{formatDateTime(r.createdAt, tz)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={deactivationColor(r.status)}>
                    {t(`lifecycle.deactivations.statuses.${r.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {canDecide(r.status) && (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        color="red"
                        aria-label={t('lifecycle.deactivations.approve', { name: r.userName })}
                        onClick={() => setApproving(r)}
                      >
                        {t('lifecycle.deactivations.approveShort')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('lifecycle.deactivations.reject', { name: r.userName })}
                        onClick={() => setRejecting(r)}
                      >
                        {t('lifecycle.deactivations.rejectShort')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={approving !== null}
        onClose={() => setApproving(null)}
        title={t('lifecycle.deactivations.confirmApproveTitle')}
      >
        <Stack>
          <Text>{t('lifecycle.deactivations.confirmApproveText', { name: approving?.userName ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setApproving(null)}>
              {t('lifecycle.deactivations.cancel')}
            </Button>
            <Button color="red" loading={approve.isPending} onClick={() => approving && approve.mutate(approving.id)}>
              {t('lifecycle.deactivations.approveShort')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t('lifecycle.deactivations.rejectTitle')}
      >
        <Stack>
          <Textarea
            label={t('lifecycle.deactivations.rejectReason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            error={reject.error ? errorText(t, reject.error) : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(null)}>
              {t('lifecycle.deactivations.cancel')}
            </Button>
            <Button loading={reject.isPending} onClick={() => rejecting && reject.mutate({ id: rejecting.id, reason })}>
              {t('lifecycle.deactivations.rejectShort')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
