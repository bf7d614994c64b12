import { Anchor, Badge, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SOS_CASE_STATUSES, type TSosCaseListQuery, type TSosCaseStatus } from '@carewatch/contracts/alerts';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { type ListSpec } from '../../app/list-state.ts';
import { useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { LIVE_MS, LevelBadge, Pager, alertKeys, alerts, sosMessageText } from './alerts-shared.tsx';

const PAGE_SIZE = 15;
const LIST: ListSpec<'status' | 'patientId'> = {
  filters: ['status', 'patientId'],
  filterDefaults: { status: 'open' },
  pageSize: PAGE_SIZE,
};
const isStatus = (v: string): v is TSosCaseStatus => (SOS_CASE_STATUSES as readonly string[]).includes(v);

/** SOS cases (newest first), filtered by status and optionally by patient (`?patientId=`); refreshes itself. */
export function SosCasesPage() {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const state = useListState(LIST);
  const { page } = state;
  const patientId = state.filters.patientId || undefined;
  const status = isStatus(state.filters.status) ? state.filters.status : '';
  const query: Partial<TSosCaseListQuery> = {
    page,
    size: PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(patientId ? { patientId } : {}),
  };
  const list = useQuery({
    queryKey: alertKeys.sosCases(query),
    queryFn: () => alerts.sosCases(query),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
    meta: { inlineError: true },
  });
  return (
    <Stack>
      <div>
        <Title order={1}>{t('alerts.sosCases.title')}</Title>
        <Text c="dimmed">{t('alerts.sosCases.subtitle')}</Text>
      </div>
      <Group align="flex-end">
        <NativeSelect
          label={t('alerts.common.status')}
          value={status}
          onChange={(e) => state.setFilter('status', e.currentTarget.value)}
          data={[
            { value: '', label: t('alerts.common.all') },
            ...SOS_CASE_STATUSES.map((s) => ({ value: s, label: t(`alerts.status.${s}`) })),
          ]}
        />
        <Text size="sm" c="dimmed">
          {t('alerts.common.live')}
        </Text>
        <SavedViews list="sos-cases" />
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
          {t('alerts.sosCases.empty')}
        </Text>
      ) : (
        <>
          <Table striped withTableBorder aria-label={t('alerts.sosCases.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('alerts.common.openedAt')}</Table.Th>
                <Table.Th>{t('alerts.common.patient')}</Table.Th>
                <Table.Th>{t('alerts.common.level')}</Table.Th>
                <Table.Th>{t('alerts.sosCases.reason')}</Table.Th>
                <Table.Th>{t('alerts.sosCases.message')}</Table.Th>
                <Table.Th>{t('alerts.common.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{formatDateTime(c.openedAt, tz)}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/sos-cases/${c.id}`}
                      aria-label={t('alerts.sosCases.openDetail', { name: c.patientName })}
                    >
                      {c.patientName}
                    </Anchor>
                    {c.patientCode && (
                      <Text size="xs" c="dimmed">
                        {c.patientCode}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <LevelBadge t={t} level={c.level} />
                  </Table.Td>
                  <Table.Td>{t(`alerts.reason.${c.reason}`)}</Table.Td>
                  <Table.Td>{sosMessageText(t, c.message)}</Table.Td>
                  <Table.Td>
                    <Badge color={c.status === 'open' ? 'red' : 'gray'} variant="light" tt="none">
                      {t(`alerts.status.${c.status}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pager t={t} total={list.data.total} size={PAGE_SIZE} page={page} onChange={state.setPage} />
        </>
      )}
    </Stack>
  );
}
