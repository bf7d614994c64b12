import { Anchor, Badge, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FEEDBACK_CATEGORIES, FEEDBACK_KINDS } from '@carewatch/contracts/app-profile';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { Pager } from '../alerts/alerts-shared.tsx';
import { feedback, feedbackKeys } from './feedback-shared.ts';

const PAGE_SIZE = 15;
const isKind = (v: string | null): v is (typeof FEEDBACK_KINDS)[number] =>
  (FEEDBACK_KINDS as readonly (string | null)[]).includes(v);
const isCategory = (v: string | null): v is (typeof FEEDBACK_CATEGORIES)[number] =>
  (FEEDBACK_CATEGORIES as readonly (string | null)[]).includes(v);

/** The app's feedback (FeedbackManage): filters by type, category and handled; page and filters in the URL. */
export function FeedbackListPage() {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind');
  const category = params.get('category');
  const handled = params.get('handled');
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const setFilter = (key: string, value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
      return next;
    });
  const query = {
    page,
    size: PAGE_SIZE,
    ...(isKind(kind) ? { kind } : {}),
    ...(isCategory(category) ? { category } : {}),
    ...(handled === 'true' ? { handled: 'true' as const } : handled === 'false' ? { handled: 'false' as const } : {}),
  } as const;
  const list = useQuery({
    queryKey: feedbackKeys.list(query),
    queryFn: () => feedback.list(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  return (
    <Stack>
      <div>
        <Title order={1}>{t('feedback.title')}</Title>
        <Text c="dimmed">{t('feedback.subtitle')}</Text>
      </div>
      <Group align="flex-end">
        <NativeSelect
          label={t('feedback.kind')}
          value={kind ?? ''}
          onChange={(e) => setFilter('kind', e.currentTarget.value)}
          data={[
            { value: '', label: t('feedback.all') },
            ...FEEDBACK_KINDS.map((k) => ({ value: k, label: t(`feedback.kinds.${k}`) })),
          ]}
        />
        <NativeSelect
          label={t('feedback.category')}
          value={category ?? ''}
          onChange={(e) => setFilter('category', e.currentTarget.value)}
          data={[
            { value: '', label: t('feedback.all') },
            ...FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: t(`feedback.categories.${c}`) })),
          ]}
        />
        <NativeSelect
          label={t('feedback.handled')}
          value={handled ?? ''}
          onChange={(e) => setFilter('handled', e.currentTarget.value)}
          data={[
            { value: '', label: t('feedback.all') },
            { value: 'false', label: t('feedback.handledNo') },
            { value: 'true', label: t('feedback.handledYes') },
          ]}
        />
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('feedback.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('feedback.empty')}
        </Text>
      ) : (
        <>
          <Table striped withTableBorder highlightOnHover aria-label={t('feedback.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('feedback.createdAt')}</Table.Th>
                <Table.Th>{t('feedback.sender')}</Table.Th>
                <Table.Th>{t('feedback.kind')}</Table.Th>
                <Table.Th>{t('feedback.category')}</Table.Th>
                <Table.Th>{t('feedback.description')}</Table.Th>
                <Table.Th>{t('feedback.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((f) => {
                const name = f.senderName ?? t('feedback.anonymous');
                return (
                  <Table.Tr key={f.id}>
                    <Table.Td>{formatDateTime(f.createdAt, tz)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/feedback/${f.id}`} aria-label={t('feedback.open', { name })}>
                        {name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={f.kind === 'ERROR' ? 'red' : 'blue'} variant="light" tt="none">
                        {t(`feedback.kinds.${f.kind}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{t(`feedback.categories.${f.category}`)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {f.description}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={f.handled ? 'teal' : 'yellow'} variant="light" tt="none">
                        {f.handled ? t('feedback.handledYes') : t('feedback.handledNo')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Pager
            t={t}
            total={list.data.total}
            size={PAGE_SIZE}
            page={page}
            prefix="feedback"
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
