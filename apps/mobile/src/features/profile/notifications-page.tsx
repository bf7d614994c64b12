import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { myNotificationsApi, PROFILE_KEYS, profileErrorText } from './profile-api.ts';
import { currentPushState } from './push.ts';
import { disablePush, enablePush } from './push-enable.ts';
import { BackLink } from './back-link.tsx';
import { dateTimeText } from '../../app/format.ts';

/** Spec §9 "Notifications page size default 15". */
const PAGE_SIZE = 15;
const PUSH_KEY = ['me', 'push-state'] as const;

/** `/settings/notifications`: web push on this phone, the way to the alert settings, and the notification list. */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <BackLink />
      <Title order={1} size="h3">
        {t('profile.notifications.title')}
      </Title>
      <PushCard />
      <Anchor component={Link} to="/alerts">
        {t('profile.notifications.alertSettings')}
      </Anchor>
      <Inbox />
    </Stack>
  );
}

function PushCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: PUSH_KEY, queryFn: currentPushState, staleTime: 0 });
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? enablePush() : disablePush()),
    onSuccess: (next) => {
      queryClient.setQueryData(PUSH_KEY, next);
      if (next === 'on')
        notifications.show({ color: 'teal', message: t('profile.notifications.turnedOn'), autoClose: 2500 });
      if (next === 'off')
        notifications.show({ color: 'teal', message: t('profile.notifications.turnedOff'), autoClose: 2500 });
    },
  });
  const s = state.data;
  return (
    <Card withBorder component="section" aria-labelledby="push-title">
      <Title order={2} size="h5" id="push-title" mb={4}>
        {t('profile.notifications.pushTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('profile.notifications.pushIntro')}
      </Text>
      {state.isPending && <Text size="sm">{t('app.loading')}</Text>}
      {s === 'unsupported' && (
        <Alert color="yellow" role="status">
          {t('profile.notifications.unsupported')}
        </Alert>
      )}
      {s === 'blocked' && (
        <Alert color="yellow" role="status">
          {t('profile.notifications.blocked')}
        </Alert>
      )}
      {(s === 'on' || s === 'off') && (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600} role="status">
            {t(s === 'on' ? 'profile.notifications.enabled' : 'profile.notifications.disabled')}
          </Text>
          <Button
            size="sm"
            variant={s === 'on' ? 'light' : 'filled'}
            loading={change.isPending}
            onClick={() => change.mutate(s === 'off')}
          >
            {t(s === 'on' ? 'profile.notifications.disable' : 'profile.notifications.enable')}
          </Button>
        </Group>
      )}
      {change.isError && (
        <Alert color="red" role="alert" mt="sm">
          {profileErrorText(t, change.error)}
        </Alert>
      )}
    </Card>
  );
}

function Inbox() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inbox = useInfiniteQuery({
    queryKey: PROFILE_KEYS.inbox,
    queryFn: ({ pageParam }) => myNotificationsApi.inbox({ page: pageParam, size: PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last) => ((last.page + 1) * last.size < last.total ? last.page + 1 : undefined),
  });
  const readAll = useMutation({
    mutationFn: () => myNotificationsApi.readAll(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.inbox }),
  });
  const items = inbox.data?.pages.flatMap((p) => p.items) ?? [];
  const when = (iso: string) => dateTimeText(iso);
  return (
    <Stack gap="sm" component="section" aria-labelledby="inbox-title">
      <Group justify="space-between">
        <Title order={2} size="h5" id="inbox-title">
          {t('profile.notifications.inbox')}
        </Title>
        {items.some((n) => !n.read) && (
          <Button size="compact-sm" variant="subtle" loading={readAll.isPending} onClick={() => readAll.mutate()}>
            {t('profile.notifications.markAllRead')}
          </Button>
        )}
      </Group>
      {inbox.isPending && <CardsSkeleton rows={2} />}
      {inbox.isError && <ErrorState error={inbox.error} onRetry={() => void inbox.refetch()} />}
      {inbox.isSuccess && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('profile.notifications.inboxEmpty')}
        </Text>
      )}
      {items.map((n) => (
        <Card key={n.id} withBorder padding="sm" component="article">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600} size="sm">
              {n.title}
            </Text>
            {!n.read && (
              <Badge size="xs" color="blue">
                {t('profile.notifications.unread')}
              </Badge>
            )}
          </Group>
          <Text size="sm">{n.body}</Text>
          <Text size="xs" c="dimmed">
            {when(n.createdAt)}
          </Text>
        </Card>
      ))}
      {inbox.hasNextPage && (
        <Button variant="light" loading={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
          {t('profile.notifications.more')}
        </Button>
      )}
    </Stack>
  );
}
