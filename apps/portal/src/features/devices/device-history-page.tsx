import { DayInput } from '@carewatch/web/day-input';
import { type ReactNode } from 'react';
import { Badge, Group, NativeSelect, Pagination, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  APP_STATUSES,
  CONNECTION_STATUSES,
  DEVICE_MODELS,
  type TConnectionHistoryQuery,
  type TPhoneHistoryQuery,
} from '@carewatch/contracts/devices';
import { ErrorState } from '@carewatch/web/states';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { PlainTabs } from '../../app/plain-tabs.tsx';
import { typedDay, type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState, useUrlParam } from '../../app/use-list-state.ts';
import { SortableTh } from '../../app/sortable-header.tsx';
import {
  AppStatusBadge,
  ConnectionBadge,
  connectionLabel,
  deviceKeys,
  devices,
  useDeviceRolePath,
} from './devices-shared.tsx';

const PAGE_SIZE = 20;
type Sort = 'eventAt' | '-eventAt';
const SORTS: readonly Sort[] = ['-eventAt', 'eventAt'];
/** The username feeds both tabs: typing one resets both pages. The phone tab's keys are prefixed `p.`. */
const USERNAME: ListSpec<'username'> = { filters: ['username'], pageSize: PAGE_SIZE, alsoReset: ['p.page'] };
const CONNECTIONS: ListSpec<'status' | 'model' | 'start' | 'end', Sort> = {
  filters: ['status', 'model', 'start', 'end'],
  sorts: SORTS,
  defaultSort: '-eventAt',
  pageSize: PAGE_SIZE,
};
const PHONES: ListSpec<'status' | 'phoneName' | 'appVersion' | 'start' | 'end', Sort> = {
  filters: ['status', 'phoneName', 'appVersion', 'start', 'end'],
  sorts: SORTS,
  defaultSort: '-eventAt',
  pageSize: PAGE_SIZE,
  prefix: 'p.',
};
const asSort = (v: string): Sort => (v === 'eventAt' ? 'eventAt' : '-eventAt');

/** yyyy-mm-dd (a date input) → the start or the end of that local day as an ISO instant. */
function dayBound(value: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, end ? d + 1 : d, 0, 0, end ? -1 : 0).toISOString();
}

/** Connection history and phone history (spec §2 Devices, §7 searchByUsername), filtered by username. */
export function DeviceHistoryPage() {
  const { t } = useTranslation();
  const state = useListState(USERNAME);
  const username = useFilterText(state, 'username');
  const debounced = state.filters.username;
  const [tab, setTab] = useUrlParam('tab');
  return (
    <Stack>
      <Title order={1}>{t('devices.history.title')}</Title>
      <TextInput
        label={t('devices.history.username')}
        type="search"
        value={username.value}
        onChange={(e) => username.set(e.currentTarget.value)}
        w={320}
        description={t('devices.history.usernameHelp')}
      />
      <PlainTabs
        id="device-history"
        label={t('devices.history.tabs')}
        value={tab || 'connection'}
        onChange={(v) => setTab(v === 'connection' ? '' : v)}
        tabs={[
          {
            value: 'connection',
            label: t('devices.history.connection'),
            content: () => <ConnectionHistory username={debounced} />,
          },
          { value: 'phone', label: t('devices.history.phone'), content: () => <PhoneHistory username={debounced} /> },
        ]}
      />
    </Stack>
  );
}

function Filters({ children }: { children: ReactNode }) {
  return (
    <Group align="flex-end" wrap="wrap" mb="sm">
      {children}
    </Group>
  );
}

/** The filters both tabs end with: the period (a day typed halfway stays as typed), the order, how many events match. */
function PeriodSortTotal({
  state,
  sort,
  onSort,
  total,
}: {
  state: { filters: { start: string; end: string }; setFilter: (name: 'start' | 'end', value: string) => void };
  sort: Sort;
  onSort: (s: Sort) => void;
  total: number | undefined;
}) {
  const { t } = useTranslation();
  const { start, end } = state.filters;
  return (
    <>
      <DayInput
        label={t('devices.history.from')}
        value={start}
        onValue={(v) => state.setFilter('start', typedDay(v, start))}
        w={170}
      />
      <DayInput
        label={t('devices.history.to')}
        value={end}
        onValue={(v) => state.setFilter('end', typedDay(v, end))}
        w={170}
      />
      <SortSelect sort={sort} onChange={onSort} />
      {total !== undefined && (
        <Text size="sm" c="dimmed" role="status">
          {t('devices.history.total', { count: total })}
        </Text>
      )}
    </>
  );
}

function SortSelect({ sort, onChange }: { sort: Sort; onChange: (s: Sort) => void }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('devices.history.sort')}
      value={sort}
      onChange={(e) => onChange(e.currentTarget.value === 'eventAt' ? 'eventAt' : '-eventAt')}
      data={[
        { value: '-eventAt', label: t('devices.history.newest') },
        { value: 'eventAt', label: t('devices.history.oldest') },
      ]}
    />
  );
}

function Pager({ total, page, setPage }: { total: number; page: number; setPage: (p: number) => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('devices.list.pagination')}>
      <Pagination
        total={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        value={page + 1}
        onChange={(p) => setPage(p - 1)}
        getControlProps={(control) => ({ 'aria-label': t(`devices.list.${control}Page`) })}
        getItemProps={(p) => ({ 'aria-label': t('devices.list.page', { n: p }) })}
      />
    </nav>
  );
}

/**
 * A tab's events: loading, error (with retry), empty, else the table sorted by time (its first two columns, time and
 * account, are common; `head` and `cells` give the tab's own) and its pages.
 */
function HistoryTable<T extends { id: string; username: string | null; eventAt: string }>({
  list,
  label,
  sort,
  onSort,
  page,
  setPage,
  head,
  cells,
}: {
  list: UseQueryResult<{ items: T[]; total: number }>;
  label: string;
  sort: Sort;
  onSort: (s: string) => void;
  page: number;
  setPage: (p: number) => void;
  head: ReactNode;
  cells: (e: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  return list.isPending ? (
    <Skeleton height={160} role="status" aria-busy="true" aria-label={t('app.loading')} />
  ) : list.isError ? (
    <ErrorState error={list.error} onRetry={() => void list.refetch()} />
  ) : list.data.items.length === 0 ? (
    <Text c="dimmed" role="status">
      {t('devices.history.empty')}
    </Text>
  ) : (
    <>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <SortableTh label={t('devices.history.time')} field="eventAt" first="desc" sort={sort} onSort={onSort} />
            <Table.Th>{t('devices.fields.account')}</Table.Th>
            {head}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.items.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{formatDateTime(e.eventAt, tz)}</Table.Td>
              <Table.Td>{e.username ?? t('common.none')}</Table.Td>
              {cells(e)}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Pager total={list.data.total} page={page} setPage={setPage} />
    </>
  );
}

function ConnectionHistory({ username }: { username: string }) {
  const { t } = useTranslation();
  const state = useListState(CONNECTIONS);
  const { page, setPage } = state;
  const sort = asSort(state.sort);
  const { status, model, start, end } = state.filters;
  const setSort = (s: string) => state.setSort(asSort(s));
  const disconnected = useQuery({
    queryKey: deviceKeys.disconnected,
    queryFn: () => devices.disconnectCount(),
    meta: { inlineError: true },
  });
  const query: Partial<TConnectionHistoryQuery> = {
    page,
    size: PAGE_SIZE,
    sort,
    ...(username ? { username } : {}),
    ...(status ? { status: CONNECTION_STATUSES.find((s) => String(s) === status) } : {}),
    ...(model ? { model: DEVICE_MODELS.find((m) => m === model) } : {}),
    ...(dayBound(start, false) ? { start: dayBound(start, false) } : {}),
    ...(dayBound(end, true) ? { end: dayBound(end, true) } : {}),
  };
  const list = useQuery({
    queryKey: deviceKeys.connections(query),
    queryFn: () => devices.connectionHistory(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  return (
    <Stack gap="sm">
      {disconnected.data && (
        <Group gap="xs">
          <Text size="sm">{t('devices.history.disconnectCount')}</Text>
          <Badge color="orange" variant="light">
            {disconnected.data.count}
          </Badge>
        </Group>
      )}
      <Filters>
        <NativeSelect
          label={t('devices.list.connection')}
          value={status}
          onChange={(e) => state.setFilter('status', e.currentTarget.value)}
          data={[
            { value: '', label: t('devices.list.all') },
            ...CONNECTION_STATUSES.map((s) => ({ value: String(s), label: connectionLabel(t, s) })),
          ]}
        />
        <NativeSelect
          label={t('devices.list.model')}
          value={model}
          onChange={(e) => state.setFilter('model', e.currentTarget.value)}
          data={[{ value: '', label: t('devices.list.all') }, ...DEVICE_MODELS.map((m) => ({ value: m, label: m }))]}
        />
        <PeriodSortTotal state={state} sort={sort} onSort={setSort} total={list.data?.total} />
      </Filters>
      <HistoryTable
        list={list}
        label={t('devices.history.connection')}
        sort={sort}
        onSort={setSort}
        page={page}
        setPage={setPage}
        head={
          <>
            <Table.Th>{t('devices.fields.model')}</Table.Th>
            <Table.Th>{t('devices.fields.name')}</Table.Th>
            <Table.Th>{t('devices.fields.connection')}</Table.Th>
          </>
        }
        cells={(e) => (
          <>
            <Table.Td>{e.model ?? t('common.none')}</Table.Td>
            <Table.Td>{e.deviceName ?? t('common.none')}</Table.Td>
            <Table.Td>
              <ConnectionBadge t={t} status={e.status} />
            </Table.Td>
          </>
        )}
      />
    </Stack>
  );
}

function PhoneHistory({ username }: { username: string }) {
  const { t } = useTranslation();
  const role = useDeviceRolePath();
  const state = useListState(PHONES);
  const { page, setPage } = state;
  const sort = asSort(state.sort);
  const { status, phoneName, appVersion, start, end } = state.filters;
  const setSort = (s: string) => state.setSort(asSort(s));
  const names = useQuery({
    queryKey: deviceKeys.phoneNames,
    queryFn: () => devices.phoneNames(),
    staleTime: 60_000,
    meta: { inlineError: true },
  });
  const versions = useQuery({
    queryKey: deviceKeys.appVersions,
    queryFn: () => devices.appVersions(),
    staleTime: 60_000,
    meta: { inlineError: true },
  });
  const query: Partial<TPhoneHistoryQuery> = {
    page,
    size: PAGE_SIZE,
    sort,
    ...(username ? { username } : {}),
    ...(status ? { status: APP_STATUSES.find((s) => s === status) } : {}),
    ...(phoneName ? { phoneName } : {}),
    ...(appVersion ? { appVersion } : {}),
    ...(dayBound(start, false) ? { start: dayBound(start, false) } : {}),
    ...(dayBound(end, true) ? { end: dayBound(end, true) } : {}),
  };
  const list = useQuery({
    queryKey: deviceKeys.phones({ role, ...query }),
    queryFn: () => devices.phoneHistory(role, query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  return (
    <Stack gap="sm">
      <Filters>
        <NativeSelect
          label={t('devices.fields.appStatus')}
          value={status}
          onChange={(e) => state.setFilter('status', e.currentTarget.value)}
          data={[
            { value: '', label: t('devices.list.all') },
            ...APP_STATUSES.map((s) => ({ value: s, label: t(`devices.app.${s}`) })),
          ]}
        />
        <NativeSelect
          label={t('devices.history.phoneName')}
          value={phoneName}
          onChange={(e) => state.setFilter('phoneName', e.currentTarget.value)}
          data={[
            { value: '', label: t('devices.list.all') },
            ...(names.data?.items ?? []).map((n) => ({ value: n, label: n })),
          ]}
        />
        <NativeSelect
          label={t('devices.history.appVersion')}
          value={appVersion}
          onChange={(e) => state.setFilter('appVersion', e.currentTarget.value)}
          data={[
            { value: '', label: t('devices.list.all') },
            ...(versions.data?.items ?? []).map((n) => ({ value: n, label: n })),
          ]}
        />
        <PeriodSortTotal state={state} sort={sort} onSort={setSort} total={list.data?.total} />
      </Filters>
      <HistoryTable
        list={list}
        label={t('devices.history.phone')}
        sort={sort}
        onSort={setSort}
        page={page}
        setPage={setPage}
        head={
          <>
            <Table.Th>{t('devices.history.phoneName')}</Table.Th>
            <Table.Th>{t('devices.history.os')}</Table.Th>
            <Table.Th>{t('devices.history.appVersion')}</Table.Th>
            <Table.Th>{t('devices.fields.appStatus')}</Table.Th>
          </>
        }
        cells={(e) => (
          <>
            <Table.Td>{e.phoneName ?? t('common.none')}</Table.Td>
            <Table.Td>{e.os ?? t('common.none')}</Table.Td>
            <Table.Td>{e.appVersion ?? t('common.none')}</Table.Td>
            <Table.Td>
              <AppStatusBadge t={t} status={e.status} />
            </Table.Td>
          </>
        )}
      />
    </Stack>
  );
}
