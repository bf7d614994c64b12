import { useId, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notificationsApi } from '@carewatch/api-client/notifications';
import { NOTIFICATION_PAGE_SIZE, type TNotification } from '@carewatch/contracts/notifications';
import { Permission } from '@carewatch/contracts/permissions';
import { api } from '../../app/api.ts';
import { usePermissions } from '../../app/queries.ts';
import { formatDateTime } from '../../app/format.ts';
import { useRealtimeEvent, useRealtimeState } from '../../app/realtime.ts';

const notifications = notificationsApi(api.request);
export const bellKeys = {
  all: ['bell'] as const,
  unread: ['bell', 'unread'] as const,
  inbox: ['bell', 'inbox'] as const,
};

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

function Item({ n, onRead }: { n: TNotification; onRead: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={() => {
        if (!n.read) onRead(n.id);
      }}
      aria-label={n.read ? n.title : `${t('realtime.bell.markRead')}: ${n.title}`}
      data-unread={n.read ? undefined : 'true'}
      p="xs"
      style={{ borderRadius: 6, background: n.read ? undefined : 'var(--mantine-color-blue-light)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="sm" fw={n.read ? 400 : 700} lineClamp={1}>
          {n.title}
        </Text>
        {!n.read ? (
          <Text size="xs" c="blue.9" fw={600} style={{ flexShrink: 0 }}>
            {t('realtime.bell.unread')}
          </Text>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {n.body}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(n.createdAt)}
      </Text>
    </UnstyledButton>
  );
}

/**
 * Header bell: unread count (live: a `notification.created` frame refetches it), a dropdown with the inbox (15 per
 * page, spec §7), mark one read by clicking it, mark all read.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const perms = usePermissions();
  const allowed = perms?.permissions.includes(Permission.NotificationView) ?? false;
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const state = useRealtimeState();

  const unread = useQuery({
    queryKey: bellKeys.unread,
    queryFn: () => notifications.unreadCount(),
    enabled: allowed,
    refetchInterval: 60_000,
    meta: { inlineError: true },
  });
  const inbox = useInfiniteQuery({
    queryKey: bellKeys.inbox,
    queryFn: ({ pageParam }) => notifications.inbox({ page: pageParam, size: NOTIFICATION_PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * NOTIFICATION_PAGE_SIZE < last.total ? pages.length : undefined),
    enabled: allowed && opened,
    meta: { inlineError: true },
  });

  useRealtimeEvent((e) => {
    if (!allowed) return;
    if (e.type === 'notification.created') void queryClient.invalidateQueries({ queryKey: bellKeys.all });
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: bellKeys.all });
  const readOne = useMutation({ mutationFn: (id: string) => notifications.read(id), onSettled: refresh });
  const readAll = useMutation({ mutationFn: () => notifications.readAll(), onSettled: refresh });

  if (!allowed) return null;
  const count = unread.data?.count ?? 0;
  const items = inbox.data?.pages.flatMap((p) => p.items) ?? [];
  const label = count > 0 ? t('realtime.bell.labelUnread', { count }) : t('realtime.bell.label');

  return (
    // The popover's target is the button itself (it gets aria-haspopup / aria-expanded / aria-controls); the unread
    // count is drawn around it, on a plain element without ARIA.
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      trapFocus
      returnFocus
    >
      <Indicator
        label={count > 99 ? '99+' : String(count)}
        disabled={count === 0}
        size={18}
        color="red.8"
        offset={4}
        data-testid="bell-count"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={label}
            data-realtime-state={state}
            onClick={() => setOpened((o) => !o)}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown aria-labelledby={titleId} p="xs">
        <Group justify="space-between" mb="xs" px="xs">
          <Text fw={700} id={titleId}>
            {t('realtime.bell.title')}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={count === 0}
            loading={readAll.isPending}
            onClick={() => readAll.mutate()}
          >
            {t('realtime.bell.markAllRead')}
          </Button>
        </Group>
        {inbox.isError ? (
          <Alert color="red" variant="light">
            {t('realtime.bell.loadError')}
          </Alert>
        ) : null}
        {inbox.isPending && !inbox.isError ? (
          <Stack gap="xs">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={48} />
            ))}
          </Stack>
        ) : null}
        {inbox.isSuccess && items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('realtime.bell.empty')}
          </Text>
        ) : null}
        {items.length > 0 ? (
          <ScrollArea.Autosize mah={420}>
            <Stack gap={4} role="list" aria-label={t('realtime.bell.title')}>
              {items.map((n) => (
                <Box key={n.id} role="listitem">
                  <Item n={n} onRead={(id) => readOne.mutate(id)} />
                </Box>
              ))}
            </Stack>
            {inbox.hasNextPage ? (
              <Button
                fullWidth
                variant="subtle"
                size="xs"
                mt="xs"
                loading={inbox.isFetchingNextPage}
                onClick={() => void inbox.fetchNextPage()}
              >
                {t('realtime.bell.more')}
              </Button>
            ) : null}
          </ScrollArea.Autosize>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
