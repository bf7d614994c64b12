import { useState, type MouseEvent } from 'react';
import { Alert, Button, Group, NativeSelect, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CHANNELS, PAYMENT_PROVIDERS, type TTxStatus } from '@carewatch/contracts/billing';
import { Permission } from '@carewatch/contracts/permissions';
import {
  TRANSACTION_SORTS,
  ZTransactionListQuery,
  type TTransactionListQuery,
  type TTransactionSort,
} from '@carewatch/contracts/transactions';
import { DayInput } from '@carewatch/web/day-input';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { clearedFilters, hasFilters, pageCount, typedDay, type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { SortableTh } from '../../app/sortable-header.tsx';
import { ExportModal } from './export-modal.tsx';
import { formatMoney } from '@carewatch/i18n/money';
import { STATUS_KEY, TxStatusBadge, transactions, txKeys } from './transactions-shared.tsx';

const PAGE_SIZE = 15;
type Filter = 'status' | 'provider' | 'channel' | 'from' | 'to' | 'search';
const LIST: ListSpec<Filter, TTransactionSort> = {
  filters: ['status', 'provider', 'channel', 'from', 'to', 'search'],
  sorts: TRANSACTION_SORTS,
  defaultSort: '-createdAt',
  pageSize: PAGE_SIZE,
};
type SortColumn = 'code' | 'createdAt' | 'customer' | 'total' | 'status';
const SORTABLE: Record<SortColumn, string> = {
  code: 'code',
  createdAt: 'time',
  customer: 'customer',
  total: 'total',
  status: 'status',
};

/** The list's state lives in the URL (filters, sort, page; `list-state.ts`), checked with the contract's query schema. */
function useListParams() {
  const list = useListState(LIST);
  const raw = Object.fromEntries(Object.entries(list.filters).filter(([, v]) => v !== ''));
  const parsed = ZTransactionListQuery.safeParse({
    ...raw,
    sort: list.sort || undefined,
    page: list.page,
    size: PAGE_SIZE,
  });
  const query: TTransactionListQuery = parsed.success ? parsed.data : ZTransactionListQuery.parse({ size: PAGE_SIZE });
  const update = (changes: Partial<Record<Filter, string>>) => list.change({ filters: changes });
  return { list, query, valid: parsed.success, update };
}

/** Transactions of the tenant: filters above a server-paginated, sortable table; a row opens its detail. */
export function TransactionListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const has = useHasPermission();
  const tz = useProfile().data?.timezone;
  const { list: state, query, valid, update } = useListParams();
  const search = useFilterText(state, 'search');
  const [exportOpen, setExportOpen] = useState(false);
  const list = useQuery({
    queryKey: txKeys.list(query),
    queryFn: () => transactions.list(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const filtered = hasFilters(state);
  const [pFrom, pTo] = [state.filters.from, state.filters.to];
  const rangeError = pFrom && pTo && pFrom > pTo ? t('transactions.list.toBeforeFrom') : undefined;
  const totalPages = list.data ? pageCount(list.data.total, PAGE_SIZE) : 1;

  const sortHeader = (col: SortColumn) => (
    <SortableTh
      label={t(`transactions.columns.${SORTABLE[col]}`)}
      field={col}
      first="desc"
      sort={query.sort}
      onSort={(s) => state.setSort(TRANSACTION_SORTS.find((x) => x === s) ?? '-createdAt')}
    />
  );

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1}>{t('transactions.list.title')}</Title>
          <Text c="dimmed">{t('transactions.list.subtitle')}</Text>
        </div>
        {has(Permission.TransactionExport) && (
          <Button variant="default" onClick={() => setExportOpen(true)}>
            {t('transactions.list.export')}
          </Button>
        )}
      </Group>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('transactions.list.status')}
          value={String(query.status)}
          onChange={(e) => update({ status: e.currentTarget.value === '-1' ? '' : e.currentTarget.value })}
          data={[
            { value: '-1', label: t('transactions.list.all') },
            ...STATUS_KEY.map((k, i) => ({ value: String(i), label: t(`transactions.status.${k}`) })),
          ]}
        />
        <NativeSelect
          label={t('transactions.list.method')}
          value={query.provider ?? ''}
          onChange={(e) => update({ provider: e.currentTarget.value })}
          data={[
            { value: '', label: t('transactions.list.all') },
            ...PAYMENT_PROVIDERS.map((p) => ({ value: p, label: t(`transactions.providers.${p}`) })),
          ]}
        />
        <NativeSelect
          label={t('transactions.list.channel')}
          value={query.channel ?? ''}
          onChange={(e) => update({ channel: e.currentTarget.value })}
          data={[
            { value: '', label: t('transactions.list.all') },
            ...CHANNELS.map((c) => ({ value: c, label: t(`transactions.channels.${c}`) })),
          ]}
        />
        <DayInput
          label={t('transactions.list.from')}
          value={pFrom}
          onValue={(v) => update({ from: typedDay(v, pFrom) })}
          w={140}
        />
        <DayInput
          label={t('transactions.list.to')}
          value={pTo}
          onValue={(v) => update({ to: typedDay(v, pTo) })}
          w={140}
          error={rangeError}
        />
        <TextInput
          label={t('transactions.list.search')}
          placeholder={t('transactions.list.searchPlaceholder')}
          type="search"
          value={search.value}
          w={280}
          onChange={(e) => search.set(e.currentTarget.value)}
        />
        {filtered && (
          <Button variant="subtle" onClick={() => state.change(clearedFilters(state))}>
            {t('transactions.list.clear')}
          </Button>
        )}
        <SavedViews list="transactions" />
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('transactions.list.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {!valid && !rangeError && <Alert color="yellow">{t('errorFallback.invalid')}</Alert>}
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t(filtered ? 'transactions.list.emptyFiltered' : 'transactions.list.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={1000}>
            <Table striped highlightOnHover withTableBorder aria-label={t('transactions.list.table')}>
              <Table.Thead>
                <Table.Tr>
                  {sortHeader('code')}
                  {sortHeader('createdAt')}
                  {sortHeader('customer')}
                  <Table.Th>{t('transactions.columns.phone')}</Table.Th>
                  <Table.Th>{t('transactions.columns.package')}</Table.Th>
                  <Table.Th>{t('transactions.columns.method')}</Table.Th>
                  <Table.Th>{t('transactions.columns.channel')}</Table.Th>
                  {sortHeader('total')}
                  {sortHeader('status')}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((r) => {
                  const open = () => navigate(`/transactions/${r.id}`);
                  return (
                    <Table.Tr key={r.id} onClick={open} style={{ cursor: 'pointer' }}>
                      <Table.Td>
                        <Text
                          component="a"
                          href={`/transactions/${r.id}`}
                          size="sm"
                          fw={500}
                          c="inherit"
                          aria-label={t('transactions.list.open', { code: r.code })}
                          onClick={(e: MouseEvent) => {
                            e.preventDefault();
                            e.stopPropagation();
                            open();
                          }}
                        >
                          {r.code}
                        </Text>
                      </Table.Td>
                      <Table.Td>{formatDateTime(r.createdAt, tz)}</Table.Td>
                      <Table.Td>{r.customerName}</Table.Td>
                      <Table.Td>{r.phone ?? t('common.none')}</Table.Td>
                      <Table.Td>{r.packageName}</Table.Td>
                      <Table.Td>{r.provider ? t(`transactions.providers.${r.provider}`) : t('common.none')}</Table.Td>
                      <Table.Td>{t(`transactions.channels.${r.channel}`)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                        {formatMoney(r.totalMinor, r.currency, i18n.language)}
                      </Table.Td>
                      <Table.Td>
                        <TxStatusBadge t={t} status={r.status as TTxStatus} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {totalPages > 1 && (
            <nav aria-label={t('transactions.list.pagination')}>
              <Pagination
                total={totalPages}
                value={query.page + 1}
                onChange={(p) => state.setPage(p - 1)}
                getControlProps={(control) => ({ 'aria-label': t(`transactions.list.${control}Page`) })}
                getItemProps={(p) => ({ 'aria-label': t('transactions.list.page', { n: p }) })}
              />
            </nav>
          )}
        </>
      )}
      {exportOpen && (
        <ExportModal
          onClose={() => setExportOpen(false)}
          initial={{ from: query.from, to: query.to, channel: query.channel }}
        />
      )}
    </Stack>
  );
}
