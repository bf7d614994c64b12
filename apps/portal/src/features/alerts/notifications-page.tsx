import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TYPES,
  ZSendNotificationRequest,
  type TAdminNotificationQuery,
} from '@carewatch/contracts/notifications';
import { Permission } from '@carewatch/contracts/permissions';
import { ROLE_CODES, type TRoleCode } from '@carewatch/contracts/roles';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { Pager, alertKeys, notifs } from './alerts-shared.tsx';

type Sort = TAdminNotificationQuery['sort'];
const SORTS: readonly Sort[] = ['createdAt,desc', 'createdAt,asc'];
const LIST: ListSpec<'username' | 'type', Sort> = {
  filters: ['username', 'type'],
  sorts: SORTS,
  defaultSort: 'createdAt,desc',
  pageSize: NOTIFICATION_PAGE_SIZE,
};

function SendModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<'user' | 'role'>('user');
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<TRoleCode>('patient');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [push, setPush] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (req: Parameters<typeof notifs.send>[0]) => notifs.send(req),
    onSuccess: async (res) => {
      notifySuccess(t('alerts.notifications.sent', { count: res.recipients }));
      setTitle('');
      setBody('');
      setUsername('');
      setErrors({});
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['alerts', 'notifications'] });
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  const submit = () => {
    const req = { title, body, push, ...(target === 'user' ? { username: username.trim() || undefined } : { role }) };
    const parsed = ZSendNotificationRequest.safeParse(req);
    if (!parsed.success) {
      const errs = zodFieldErrors(t, parsed.error);
      if (errs.userId) errs.username = errs.userId;
      return setErrors(errs);
    }
    send.mutate(parsed.data);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('alerts.notifications.sendTitle')}>
      <Stack>
        <SegmentedControl
          aria-label={t('alerts.notifications.target')}
          value={target}
          onChange={(v) => setTarget(v === 'role' ? 'role' : 'user')}
          data={[
            { value: 'user', label: t('alerts.notifications.targetUser') },
            { value: 'role', label: t('alerts.notifications.targetRole') },
          ]}
        />
        {target === 'user' ? (
          <TextInput
            label={t('alerts.notifications.username')}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={errors.username ?? errors.userId}
          />
        ) : (
          <NativeSelect
            label={t('alerts.notifications.role')}
            value={role}
            onChange={(e) => {
              const v = e.currentTarget.value;
              if ((ROLE_CODES as readonly string[]).includes(v)) setRole(v as TRoleCode);
            }}
            data={ROLE_CODES.map((r) => ({ value: r, label: t(`staff.roles.${r}`) }))}
            error={errors.role}
          />
        )}
        <TextInput
          label={t('alerts.notifications.messageTitle')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
          maxLength={200}
        />
        <Textarea
          label={t('alerts.notifications.message')}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={errors.body}
          autosize
          minRows={3}
          maxLength={2000}
        />
        <Checkbox
          label={t('alerts.notifications.push')}
          checked={push}
          onChange={(e) => setPush(e.currentTarget.checked)}
        />
        {send.error && !Object.keys(errors).length && (
          <Alert color="red" role="alert">
            {errorText(t, send.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('alerts.sosCase.cancel')}
          </Button>
          <Button onClick={submit} loading={send.isPending}>
            {t('alerts.notifications.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Notifications of the tenant (admin list, page size 15) and a form to send one (spec §7 admin/notification, send). */
export function NotificationsPage() {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const has = useHasPermission();
  const state = useListState(LIST);
  const username = useFilterText(state, 'username');
  const { page, setPage } = state;
  const sort = state.sort || 'createdAt,desc';
  const { username: debounced, type } = state.filters;
  const [sending, setSending] = useState(false);
  const query: Partial<TAdminNotificationQuery> = {
    page,
    size: NOTIFICATION_PAGE_SIZE,
    sort,
    ...(debounced ? { username: debounced } : {}),
    ...(type ? { type } : {}),
  };
  const list = useQuery({
    queryKey: alertKeys.notifications(query),
    queryFn: () => notifs.adminList(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('alerts.notifications.title')}</Title>
          <Text c="dimmed">{t('alerts.notifications.subtitle')}</Text>
        </div>
        {has(Permission.NotificationSend) && (
          <Button onClick={() => setSending(true)}>{t('alerts.notifications.send')}</Button>
        )}
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('alerts.notifications.username')}
          type="search"
          value={username.value}
          onChange={(e) => username.set(e.currentTarget.value)}
          w={260}
        />
        <NativeSelect
          label={t('alerts.notifications.type')}
          value={type}
          onChange={(e) => state.setFilter('type', e.currentTarget.value)}
          data={[
            { value: '', label: t('alerts.common.all') },
            ...NOTIFICATION_TYPES.map((v) => ({ value: v, label: t(`alerts.notifications.types.${v}`) })),
          ]}
        />
        <NativeSelect
          label={t('alerts.notifications.sort')}
          value={sort}
          onChange={(e) =>
            state.setSort(e.currentTarget.value === 'createdAt,asc' ? 'createdAt,asc' : 'createdAt,desc')
          }
          data={[
            { value: 'createdAt,desc', label: t('alerts.notifications.newest') },
            { value: 'createdAt,asc', label: t('alerts.notifications.oldest') },
          ]}
        />
        <SavedViews list="notifications" />
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('alerts.common.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('alerts.notifications.empty')}
        </Text>
      ) : (
        <>
          <Table striped withTableBorder aria-label={t('alerts.notifications.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('alerts.notifications.sentAt')}</Table.Th>
                <Table.Th>{t('alerts.notifications.recipient')}</Table.Th>
                <Table.Th>{t('alerts.notifications.type')}</Table.Th>
                <Table.Th>{t('alerts.notifications.titleCol')}</Table.Th>
                <Table.Th>{t('alerts.notifications.body')}</Table.Th>
                <Table.Th>{t('alerts.common.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((n) => (
                <Table.Tr key={n.id}>
                  <Table.Td>{formatDateTime(n.createdAt, tz)}</Table.Td>
                  <Table.Td>
                    {n.recipientName}
                    <Text size="xs" c="dimmed">
                      {n.username}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {(NOTIFICATION_TYPES as readonly string[]).includes(n.type)
                      ? t(`alerts.notifications.types.${n.type}`)
                      : n.type}
                  </Table.Td>
                  <Table.Td>{n.title}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{n.body}</Table.Td>
                  <Table.Td>
                    <Badge color={n.read ? 'gray' : 'blue'} variant="light" tt="none">
                      {n.read ? t('alerts.notifications.read') : t('alerts.notifications.unread')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pager t={t} total={list.data.total} size={NOTIFICATION_PAGE_SIZE} page={page} onChange={setPage} />
        </>
      )}
      <SendModal opened={sending} onClose={() => setSending(false)} />
    </Stack>
  );
}
