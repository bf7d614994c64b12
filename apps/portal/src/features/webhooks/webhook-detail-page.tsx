import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { TWebhookDelivery } from '@carewatch/contracts/webhooks';
import { formatDateTime } from '@carewatch/i18n/datetime';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { type ListSpec } from '../../app/list-state.ts';
import { useListState } from '../../app/use-list-state.ts';
import { notifySuccess } from '../../app/notify.ts';
import { eventLabelKey, webhookKeys, webhooks } from './webhooks-shared.ts';
import { WebhookSecretModal } from './webhook-secret-modal.tsx';

const SIZE = 20;
const DELIVERIES: ListSpec = { pageSize: SIZE };
const STATUS_COLOR: Record<TWebhookDelivery['status'], string> = {
  pending: 'yellow',
  sending: 'blue',
  delivered: 'green',
  failed: 'red',
};

function Confirm({
  opened,
  title,
  text,
  label,
  onConfirm,
  onClose,
  loading,
}: {
  opened: boolean;
  title: string;
  text: string;
  label: string;
  onConfirm: () => void;
  onClose: () => void;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm}>
            {label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Attempts({ d }: { d: TWebhookDelivery }) {
  const { t } = useTranslation();
  if (d.attemptLog.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('webhooks.log.noAttempt')}
      </Text>
    );
  return (
    <Stack gap={2}>
      {d.attemptLog.map((a) => (
        <Text key={a.attempt} size="xs">
          {t('webhooks.log.attempt', {
            n: a.attempt,
            at: formatDateTime(a.at, undefined, { seconds: true }),
            status: a.statusCode ?? '—',
            ms: a.durationMs,
          })}
          {a.error ? ` · ${a.error}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

/** One endpoint: enable / disable, send a test event, rotate the secret, delete; its delivery log with replay. */
export function WebhookDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { page, setPage } = useListState(DELIVERIES);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  const endpoint = useQuery({
    queryKey: webhookKeys.detail(id),
    queryFn: () => webhooks.get(id),
    meta: { inlineError: true },
  });
  const log = useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: () => webhooks.deliveries(id, { page, size: SIZE }),
    placeholderData: keepPreviousData,
    refetchInterval: 3000,
    meta: { inlineError: true },
  });
  const refresh = () => qc.invalidateQueries({ queryKey: webhookKeys.detail(id) });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => webhooks.update(id, { enabled }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
  const test = useMutation({
    mutationFn: () => webhooks.sendTest(id),
    onSuccess: async () => {
      notifySuccess(t('webhooks.detail.testQueued'));
      await refresh();
    },
  });
  const replay = useMutation({
    mutationFn: (deliveryId: string) => webhooks.replay(id, deliveryId),
    onSuccess: async () => {
      notifySuccess(t('webhooks.log.replayed'));
      await refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: () => webhooks.rotateSecret(id),
    onSuccess: async (res) => {
      setConfirm(null);
      setSecret(res.secret);
      await qc.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
  const remove = useMutation({
    mutationFn: () => webhooks.remove(id),
    onSuccess: async () => {
      notifySuccess(t('webhooks.detail.deleted'));
      await qc.invalidateQueries({ queryKey: webhookKeys.all });
      void navigate('/webhooks');
    },
  });

  if (endpoint.isPending) return <ListSkeleton />;
  if (endpoint.isError) return <ErrorState error={endpoint.error} onRetry={() => void endpoint.refetch()} />;
  const w = endpoint.data;
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / SIZE)) : 1;
  return (
    <Stack>
      <Anchor component={Link} to="/webhooks" size="sm">
        {t('webhooks.detail.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t('webhooks.detail.title')}</Title>
          <Text style={{ wordBreak: 'break-all' }}>{w.url}</Text>
          {w.description && (
            <Text c="dimmed" size="sm">
              {w.description}
            </Text>
          )}
        </Stack>
        <Group>
          <Button variant="light" onClick={() => test.mutate()} loading={test.isPending}>
            {t('webhooks.detail.sendTest')}
          </Button>
          <Button variant="default" onClick={() => setConfirm('rotate')}>
            {t('webhooks.detail.rotate')}
          </Button>
          <Button color="red" variant="light" onClick={() => setConfirm('delete')}>
            {t('webhooks.detail.delete')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Switch
            checked={w.enabled}
            label={t('webhooks.fields.enabled')}
            disabled={toggle.isPending}
            onChange={(e) => toggle.mutate(e.currentTarget.checked)}
          />
          <Group gap={4}>
            {w.events.map((ev) => (
              <Badge key={ev} variant="light">
                {t(eventLabelKey(ev))}
              </Badge>
            ))}
          </Group>
          {w.previousSecretExpiresAt && (
            <Alert color="blue" role="note">
              {t('webhooks.detail.overlap', { at: formatDateTime(w.previousSecretExpiresAt) })}
            </Alert>
          )}
        </Stack>
      </Paper>
      <Title order={2} size="h3">
        {t('webhooks.log.title')}
      </Title>
      {log.isPending ? (
        <ListSkeleton />
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('webhooks.log.empty')}
        </Text>
      ) : (
        <>
          <Table striped aria-label={t('webhooks.log.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.log.event')}</Table.Th>
                <Table.Th>{t('webhooks.log.status')}</Table.Th>
                <Table.Th>{t('webhooks.log.attempts')}</Table.Th>
                <Table.Th>{t('webhooks.log.nextRetry')}</Table.Th>
                <Table.Th>{t('webhooks.log.created')}</Table.Th>
                <Table.Th>{t('webhooks.log.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.items.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Text size="sm">{d.eventType}</Text>
                    <Text size="xs" c="dimmed">
                      {d.eventId}
                      {d.replayOf ? ` · ${t('webhooks.log.replay')}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[d.status]} variant="light">
                      {t(`webhooks.statuses.${d.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Attempts d={d} />
                  </Table.Td>
                  <Table.Td>
                    {d.nextAttemptAt ? formatDateTime(d.nextAttemptAt, undefined, { seconds: true }) : t('common.none')}
                  </Table.Td>
                  <Table.Td>{formatDateTime(d.createdAt, undefined, { seconds: true })}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => replay.mutate(d.id)}
                      loading={replay.isPending && replay.variables === d.id}
                      aria-label={t('webhooks.log.replayOne', { event: d.eventType, id: d.eventId })}
                    >
                      {t('webhooks.log.replay')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {pages > 1 && <Pagination total={pages} value={page + 1} onChange={(p) => setPage(p - 1)} />}
        </>
      )}
      <Confirm
        opened={confirm === 'rotate'}
        title={t('webhooks.detail.rotate')}
        text={t('webhooks.detail.rotateConfirm')}
        label={t('webhooks.detail.rotate')}
        onConfirm={() => rotate.mutate()}
        onClose={() => setConfirm(null)}
        loading={rotate.isPending}
      />
      <Confirm
        opened={confirm === 'delete'}
        title={t('webhooks.detail.delete')}
        text={t('webhooks.detail.deleteConfirm')}
        label={t('webhooks.detail.delete')}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirm(null)}
        loading={remove.isPending}
      />
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
