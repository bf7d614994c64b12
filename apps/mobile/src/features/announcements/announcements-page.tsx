import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { announcementsApi } from '@carewatch/api-client/announcements';
import { api } from '../../app/api.ts';
import { dateTimeText } from '../../app/format.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { BackLink } from '../profile/back-link.tsx';

const announcements = announcementsApi(api.request);
const PAGE_SIZE = 15;

/** `/announcements`: the clinic's announcements, newest first, a page at a time. */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const q = useInfiniteQuery({
    queryKey: ['announcements'],
    queryFn: ({ pageParam }) => announcements.list({ page: pageParam, size: PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last) => ((last.page + 1) * last.size < last.total ? last.page + 1 : undefined),
  });
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="md">
      <BackLink />
      <Title order={1} size="h3">
        {t('announcements.title')}
      </Title>
      {q.isPending ? (
        <CardsSkeleton rows={3} />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('announcements.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('announcements.list')}>
          {items.map((a) => (
            <Card key={a.id} component="li" withBorder padding="sm" aria-label={a.title}>
              <Text size="xs" c="dimmed">
                {dateTimeText(a.createdAt)}
              </Text>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {a.title}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {a.message}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
      {q.hasNextPage && (
        <Button variant="light" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
          {t('announcements.more')}
        </Button>
      )}
    </Stack>
  );
}
