import { DayInput } from '@carewatch/web/day-input';
import { Badge, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TSmsLogQuery } from '@carewatch/contracts/notifications';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { typedDay, type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { LIVE_MS, Pager, alertKeys, notifs } from './alerts-shared.tsx';

const PAGE_SIZE = 15;
const LIST: ListSpec<'to' | 'status' | 'start' | 'end'> = {
  filters: ['to', 'status', 'start', 'end'],
  pageSize: PAGE_SIZE,
};

/** Shared filters of the SMS and call logs: recipient, status 200/500, UTC day range; kept in the URL with the page. */
export function useLogFilters() {
  const state = useListState(LIST);
  const toText = useFilterText(state, 'to');
  const { page, setPage } = state;
  const { to: debouncedTo, start, end } = state.filters;
  const status = state.filters.status === '200' || state.filters.status === '500' ? state.filters.status : '';
  const setTo = toText.set;
  const setStatus = (v: string) => state.setFilter('status', v);
  const setStart = (v: string) => state.setFilter('start', typedDay(v, start));
  const setEnd = (v: string) => state.setFilter('end', typedDay(v, end));
  const to = toText.value;
  const query: Partial<TSmsLogQuery> = {
    page,
    size: PAGE_SIZE,
    ...(debouncedTo ? { to: debouncedTo } : {}),
    ...(status ? { status: status === '200' ? (200 as const) : (500 as const) } : {}),
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
  };
  return { to, setTo, status, setStatus, start, setStart, end, setEnd, page, setPage, query, size: PAGE_SIZE };
}
export type LogFilters = ReturnType<typeof useLogFilters>;

export function LogFilterBar({ f }: { f: LogFilters }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('alerts.sms.to')}
        type="search"
        value={f.to}
        onChange={(e) => f.setTo(e.currentTarget.value)}
        w={220}
      />
      <NativeSelect
        label={t('alerts.sms.status')}
        value={f.status}
        onChange={(e) => f.setStatus(e.currentTarget.value)}
        data={[
          { value: '', label: t('alerts.common.all') },
          { value: '200', label: t('alerts.sms.success') },
          { value: '500', label: t('alerts.sms.failed') },
        ]}
      />
      <DayInput label={t('alerts.sms.startDate')} value={f.start} onValue={f.setStart} />
      <DayInput label={t('alerts.sms.endDate')} value={f.end} onValue={f.setEnd} />
    </>
  );
}

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const ok = status >= 200 && status < 300;
  return (
    <Badge color={ok ? 'teal' : 'red'} variant="light" tt="none">
      {ok ? t('alerts.sms.success') : t('alerts.sms.failed')}
    </Badge>
  );
}

/** SMS management: from, to, provider, send date, status 200/500 (spec staff-portal §2, §3). */
export function SmsPage() {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const f = useLogFilters();
  const list = useQuery({
    queryKey: alertKeys.sms(f.query),
    queryFn: () => notifs.sms(f.query),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
    meta: { inlineError: true },
  });
  const none = t('alerts.common.none');
  return (
    <Stack>
      <div>
        <Title order={1}>{t('alerts.sms.title')}</Title>
        <Text c="dimmed">{t('alerts.sms.subtitle')}</Text>
      </div>
      <Group align="flex-end">
        <LogFilterBar f={f} />
        <SavedViews list="sms" />
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
          {t('alerts.sms.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={860} type="native">
            <Table striped withTableBorder aria-label={t('alerts.sms.table')} style={{ tableLayout: 'fixed' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={170}>{t('alerts.sms.sendDate')}</Table.Th>
                  <Table.Th w={140}>{t('alerts.sms.from')}</Table.Th>
                  <Table.Th w={150}>{t('alerts.sms.to')}</Table.Th>
                  <Table.Th w={110}>{t('alerts.sms.provider')}</Table.Th>
                  <Table.Th w={130}>{t('alerts.sms.status')}</Table.Th>
                  <Table.Th>{t('alerts.sms.body')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{formatDateTime(m.sendDate, tz)}</Table.Td>
                    <Table.Td>{m.from ?? none}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{m.to}</Table.Td>
                    <Table.Td>{m.provider}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={m.status} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {m.body}
                      {m.error ? ` (${m.error})` : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager t={t} total={list.data.total} size={f.size} page={f.page} onChange={f.setPage} />
        </>
      )}
    </Stack>
  );
}
