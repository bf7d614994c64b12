import { useState } from 'react';
import { Alert, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  ZComposeAnnouncementRequest,
  type TDeliveryCounts,
} from '@carewatch/contracts/announcements';
import { Permission } from '@carewatch/contracts/permissions';
import { api } from '../../app/api.ts';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { Pager } from '../alerts/alerts-shared.tsx';
import { announcementKeys, announcements } from './announcements-shared.ts';

const PAGE_SIZE = 15;
const STATUS_COLOR = { pending: 'gray', sending: 'yellow', sent: 'teal' } as const;

/** The compose form: validated inline with the contract's schema, the server's field errors shown beside their field. */
function ComposeForm({ tenantId, onDone }: { tenantId: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: async () => {
      const parsed = ZComposeAnnouncementRequest.safeParse({ title, message, ...(tenantId ? { tenantId } : {}) });
      if (!parsed.success) throw parsed.error;
      return announcements.compose(parsed.data);
    },
    onSuccess: async () => {
      notifySuccess(t('announcements.sentOk'));
      setTitle('');
      setMessage('');
      await queryClient.invalidateQueries({ queryKey: announcementKeys.all });
      onDone();
    },
    onError: (e) =>
      setErrors(
        e && typeof e === 'object' && 'issues' in e ? zodFieldErrors(t, e as { issues: [] }) : serverFieldErrors(t, e),
      ),
    meta: { inlineError: true },
  });
  const other = send.isError && Object.keys(errors).length === 0;
  const clear = (field: string) =>
    setErrors((e) => {
      const n = { ...e };
      delete n[field];
      return n;
    });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        send.mutate();
      }}
      aria-label={t('announcements.composeTitle')}
    >
      <Stack maw={640}>
        <Title order={2} size="h4">
          {t('announcements.composeTitle')}
        </Title>
        <TextInput
          label={t('announcements.titleField')}
          required
          value={title}
          maxLength={ANNOUNCEMENT_TITLE_MAX}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            clear('title');
          }}
          error={errors.title}
        />
        <Textarea
          label={t('announcements.message')}
          required
          value={message}
          autosize
          minRows={4}
          maxLength={ANNOUNCEMENT_MESSAGE_MAX}
          onChange={(e) => {
            setMessage(e.currentTarget.value);
            clear('message');
          }}
          error={errors.message}
        />
        {errors.tenantId && (
          <Alert color="red" role="alert">
            {errors.tenantId}
          </Alert>
        )}
        {other && (
          <Alert color="red" role="alert">
            {errorText(t, send.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('announcements.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('announcements.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Counts({ c }: { c: TDeliveryCounts }) {
  const { t } = useTranslation();
  return <Text size="sm">{t('announcements.counts', { sent: c.sent, pending: c.pending, failed: c.failed })}</Text>;
}

/** Announcements (NotificationAnnouncement): compose to the tenant (super admin: pick it) and the sent ones with delivery counts. */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const has = useHasPermission();
  const [params, setParams] = useSearchParams();
  const [composing, setComposing] = useState(false);
  const pickTenant = has(Permission.TenantManage);
  const tenantId = pickTenant ? params.get('tenantId') : null;
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const tenants = useQuery({
    queryKey: announcementKeys.tenants,
    queryFn: () => api.tenants(),
    enabled: pickTenant,
    meta: { inlineError: true },
  });
  const query = { page, size: PAGE_SIZE, ...(tenantId ? { tenantId } : {}) };
  const list = useQuery({
    queryKey: announcementKeys.sent(query),
    queryFn: () => announcements.sent(query),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
    meta: { inlineError: true },
  });
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('announcements.title')}</Title>
          <Text c="dimmed">{t('announcements.subtitle')}</Text>
        </div>
        {!composing && <Button onClick={() => setComposing(true)}>{t('announcements.compose')}</Button>}
      </Group>
      {pickTenant && (
        <Select
          label={t('announcements.tenant')}
          maw={320}
          value={tenantId}
          clearable
          onChange={(v) =>
            setParams((p) => {
              const n = new URLSearchParams(p);
              if (v) n.set('tenantId', v);
              else n.delete('tenantId');
              n.delete('page');
              return n;
            })
          }
          data={(tenants.data?.items ?? []).map((x) => ({ value: x.id, label: `${x.name} (${x.code})` }))}
        />
      )}
      {composing && <ComposeForm tenantId={tenantId} onDone={() => setComposing(false)} />}
      {list.data && (
        <Text size="sm" c="dimmed" role="status">
          {t('announcements.total', { count: list.data.total })}
        </Text>
      )}
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('announcements.empty')}
        </Text>
      ) : (
        <>
          <Table striped withTableBorder aria-label={t('announcements.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('announcements.createdAt')}</Table.Th>
                <Table.Th>{t('announcements.titleField')}</Table.Th>
                <Table.Th>{t('announcements.createdBy')}</Table.Th>
                <Table.Th>{t('announcements.status')}</Table.Th>
                <Table.Th>{t('announcements.recipients')}</Table.Th>
                <Table.Th>{t('announcements.inApp')}</Table.Th>
                <Table.Th>{t('announcements.push')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{formatDateTime(a.createdAt, tz)}</Table.Td>
                  <Table.Td>
                    <Text fw={500}>{a.title}</Text>
                    <Text size="sm" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
                      {a.message}
                    </Text>
                  </Table.Td>
                  <Table.Td>{a.createdByName ?? ''}</Table.Td>
                  <Table.Td style={{ minWidth: 96 }}>
                    <Badge color={STATUS_COLOR[a.status]} variant="light" tt="none">
                      {t(`announcements.statuses.${a.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{a.recipients}</Table.Td>
                  <Table.Td>
                    <Counts c={a.inApp} />
                  </Table.Td>
                  <Table.Td>
                    <Counts c={a.push} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pager
            t={t}
            total={list.data.total}
            size={PAGE_SIZE}
            page={page}
            prefix="announcements"
            onChange={(p) =>
              setParams((prev) => {
                const n = new URLSearchParams(prev);
                n.set('page', String(p));
                return n;
              })
            }
          />
        </>
      )}
    </Stack>
  );
}
