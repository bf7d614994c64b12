import { useState, type MouseEvent } from 'react';
import { Alert, Button, Group, NativeSelect, Pagination, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CHANNELS, PAYMENT_PROVIDERS, type TTxStatus } from '@carewatch/contracts/billing';
import { Permission } from '@carewatch/contracts/permissions';
import { ZTransactionListQuery, type TTransactionListQuery, type TTransactionSort } from '@carewatch/contracts/transactions';
import { DayInput } from '../../app/day-input.tsx';
import { ErrorState, ListSkeleton } from '../../app/states.tsx';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { ExportModal } from './export-modal.tsx';
import { formatMoney } from '@carewatch/i18n/money';
import { STATUS_KEY, TxStatusBadge, transactions, txKeys } from './transactions-shared.tsx';

const PAGE_SIZE = 15;
const FILTER_KEYS = ['status', 'provider', 'channel', 'from', 'to', 'search'] as const;
type SortColumn = 'code' | 'createdAt' | 'customer' | 'total' | 'status';
const SORTABLE: Record<SortColumn, string> = { code: 'code', createdAt: 'time', customer: 'customer', total: 'total', status: 'status' };

/** The list's state lives in the URL (filters, sort, page): a changed filter resets the page in the same update. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const raw = Object.fromEntries([...FILTER_KEYS, 'sort', 'page'].map((k) => [k, params.get(k) ?? undefined]).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZTransactionListQuery.safeParse({ ...raw, size: PAGE_SIZE });
  const query: TTransactionListQuery = parsed.success ? parsed.data : ZTransactionListQuery.parse({ size: PAGE_SIZE });
  const update = (changes: Record<string, string>, keepPage = false) => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      if (!keepPage) next.delete('page');
      return next;
    }, { replace: true });
  };
  return { params, query, valid: parsed.success, update };
}

/** Transactions of the tenant: filters above a server-paginated, sortable table; a row opens its detail. */
export function TransactionListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const has = useHasPermission();
  const tz = useProfile().data?.timezone;
  const { params, query, valid, update } = useListParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const pushSearch = useDebouncedCallback((v: string) => update({ search: v.trim() }), 300);
  const [exportOpen, setExportOpen] = useState(false);
  const list = useQuery({ queryKey: txKeys.list(query), queryFn: () => transactions.list(query), placeholderData: keepPreviousData, meta: { inlineError: true } });
  const filtered = FILTER_KEYS.some((k) => params.get(k));
  const [pFrom, pTo] = [params.get('from') ?? '', params.get('to') ?? ''];
  const rangeError = pFrom && pTo && pFrom > pTo ? t('transactions.list.toBeforeFrom') : undefined;
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  const sortHeader = (col: SortColumn) => {
    const label = t(`transactions.columns.${SORTABLE[col]}`);
    const asc = col as TTransactionSort;
    const desc = `-${col}` as TTransactionSort;
    const state = query.sort === asc ? 'ascending' : query.sort === desc ? 'descending' : 'none';
    const next = state === 'descending' ? asc : desc;
    return (
      <Table.Th aria-sort={state}>
        <UnstyledButton onClick={() => update({ sort: next === '-createdAt' ? '' : next })} aria-label={t('transactions.list.sortBy', { column: label })} fw={700} fz="sm">
          {label} {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : ''}
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1}>{t('transactions.list.title')}</Title>
          <Text c="dimmed">{t('transactions.list.subtitle')}</Text>
        </div>
        {has(Permission.TransactionExport) && <Button variant="default" onClick={() => setExportOpen(true)}>{t('transactions.list.export')}</Button>}
      </Group>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect label={t('transactions.list.status')} value={String(query.status)} onChange={(e) => update({ status: e.currentTarget.value === '-1' ? '' : e.currentTarget.value })}
          data={[{ value: '-1', label: t('transactions.list.all') }, ...STATUS_KEY.map((k, i) => ({ value: String(i), label: t(`transactions.status.${k}`) }))]} />
        <NativeSelect label={t('transactions.list.method')} value={query.provider ?? ''} onChange={(e) => update({ provider: e.currentTarget.value })}
          data={[{ value: '', label: t('transactions.list.all') }, ...PAYMENT_PROVIDERS.map((p) => ({ value: p, label: t(`transactions.providers.${p}`) }))]} />
        <NativeSelect label={t('transactions.list.channel')} value={query.channel ?? ''} onChange={(e) => update({ channel: e.currentTarget.value })}
          data={[{ value: '', label: t('transactions.list.all') }, ...CHANNELS.map((c) => ({ value: c, label: t(`transactions.channels.${c}`) }))]} />
        <DayInput label={t('transactions.list.from')} value={params.get('from') ?? ''} onValue={(v) => update({ from: /^\d{4}-\d{2}-\d{2}$/.test(v) || v === '' ? v : params.get('from') ?? '' })} w={140} />
        <DayInput label={t('transactions.list.to')} value={params.get('to') ?? ''} onValue={(v) => update({ to: /^\d{4}-\d{2}-\d{2}$/.test(v) || v === '' ? v : params.get('to') ?? '' })} w={140} error={rangeError} />
        <TextInput label={t('transactions.list.search')} placeholder={t('transactions.list.searchPlaceholder')} type="search" value={search} w={280}
          onChange={(e) => { setSearch(e.currentTarget.value); pushSearch(e.currentTarget.value); }} />
        {filtered && <Button variant="subtle" onClick={() => { setSearch(''); update(Object.fromEntries(FILTER_KEYS.map((k) => [k, '']))); }}>{t('transactions.list.clear')}</Button>}
        {list.data && <Text size="sm" c="dimmed" role="status">{t('transactions.list.total', { count: list.data.total })}</Text>}
      </Group>
      {!valid && !rangeError && <Alert color="yellow">{t('validation.invalid')}</Alert>}
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">{t(filtered ? 'transactions.list.emptyFiltered' : 'transactions.list.empty')}</Text>
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
                        <Text component="a" href={`/transactions/${r.id}`} size="sm" fw={500} c="inherit" aria-label={t('transactions.list.open', { code: r.code })}
                          onClick={(e: MouseEvent) => { e.preventDefault(); e.stopPropagation(); open(); }}>{r.code}</Text>
                      </Table.Td>
                      <Table.Td>{formatDateTime(r.createdAt, tz)}</Table.Td>
                      <Table.Td>{r.customerName}</Table.Td>
                      <Table.Td>{r.phone ?? t('common.none')}</Table.Td>
                      <Table.Td>{r.packageName}</Table.Td>
                      <Table.Td>{r.provider ? t(`transactions.providers.${r.provider}`) : t('common.none')}</Table.Td>
                      <Table.Td>{t(`transactions.channels.${r.channel}`)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatMoney(r.totalMinor, r.currency, i18n.language)}</Table.Td>
                      <Table.Td><TxStatusBadge t={t} status={r.status as TTxStatus} /></Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {totalPages > 1 && (
            <nav aria-label={t('transactions.list.pagination')}>
              <Pagination total={totalPages} value={query.page + 1} onChange={(p) => update({ page: p > 1 ? String(p - 1) : '' }, true)}
                getControlProps={(control) => ({ 'aria-label': t(`transactions.list.${control}Page`) })}
                getItemProps={(p) => ({ 'aria-label': t('transactions.list.page', { n: p }) })} />
            </nav>
          )}
        </>
      )}
      {exportOpen && <ExportModal onClose={() => setExportOpen(false)} initial={{ from: query.from, to: query.to, channel: query.channel }} />}
    </Stack>
  );
}
