import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  RECONCILIATION_GROUPS,
  ZResolveRequest,
  type TReconciliation,
  type TReconciliationGroup,
  type TReconciliationItem,
} from '@carewatch/contracts/transactions';
import { isApiError } from '@carewatch/api-client/client';
import { formatCalendarDay } from '@carewatch/i18n/datetime';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { type ListSpec } from '../../app/list-state.ts';
import { useListState } from '../../app/use-list-state.ts';
import { errorText, serverFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { formatMoney } from '@carewatch/i18n/money';
import { TxStatusBadge, transactions, txKeys } from './transactions-shared.tsx';
import { MAIN_CONTENT_ID } from '../../app/landmarks.ts';

const PAGE_SIZE = 20;
const LIST: ListSpec<'unresolved'> = { filters: ['unresolved'], pageSize: PAGE_SIZE };
const isGroup = (v: string | null): v is TReconciliationGroup => RECONCILIATION_GROUPS.some((g) => g === v);

/** A reconciliation's result: one tab per group with its count; unmatched items are resolved with a note. */
export function ReconciliationDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const rec = useQuery({
    queryKey: txKeys.reconciliation(id),
    queryFn: () => transactions.reconciliation(id),
    retry: false,
    meta: { inlineError: true },
  });
  return (
    <Stack>
      <Anchor component={Link} to="/reconciliation" size="sm">
        ← {t('transactions.rec.back')}
      </Anchor>
      {rec.isPending ? (
        <ListSkeleton />
      ) : rec.isError ? (
        isApiError(rec.error) && rec.error.status === 404 ? (
          <Text role="status">{t('errors.RECONCILIATION_NOT_FOUND')}</Text>
        ) : (
          <ErrorState error={rec.error} onRetry={() => void rec.refetch()} />
        )
      ) : (
        <ReconciliationView rec={rec.data} />
      )}
    </Stack>
  );
}

function ReconciliationView({ rec }: { rec: TReconciliation }) {
  const { t } = useTranslation();
  const [group, setGroup] = useState<TReconciliationGroup>(
    RECONCILIATION_GROUPS.find((g) => g !== 'matched' && rec.counts[g].total > 0) ?? 'matched',
  );
  return (
    <>
      <div>
        <Title order={1}>{t('transactions.rec.detailTitle', { file: rec.fileName })}</Title>
        <Text c="dimmed">
          {t('transactions.rec.summary', {
            provider: t(`transactions.providers.${rec.provider}`),
            from: formatCalendarDay(rec.periodFrom),
            to: formatCalendarDay(rec.periodTo),
            lines: rec.lines,
          })}
        </Text>
      </div>
      <Tabs
        value={group}
        onChange={(v) => {
          if (isGroup(v)) setGroup(v);
        }}
      >
        <Tabs.List aria-label={t('transactions.rec.title')}>
          {RECONCILIATION_GROUPS.map((g) => (
            <Tabs.Tab
              aria-controls={MAIN_CONTENT_ID}
              key={g}
              value={g}
              rightSection={
                g !== 'matched' && rec.counts[g].unresolved > 0 ? (
                  <Badge size="xs" color="red" aria-hidden="true">
                    {rec.counts[g].unresolved}
                  </Badge>
                ) : null
              }
            >
              {t('transactions.rec.tab', { group: t(`transactions.rec.groups.${g}`), count: rec.counts[g].total })}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <GroupItems key={group} rec={rec} group={group} />
    </>
  );
}

function GroupItems({ rec, group }: { rec: TReconciliation; group: TReconciliationGroup }) {
  const { t, i18n } = useTranslation();
  const tz = useProfile().data?.timezone;
  const state = useListState(LIST);
  const { page, setPage } = state;
  const unresolvedOnly = state.filters.unresolved === 'true';
  const [resolving, setResolving] = useState<TReconciliationItem | null>(null);
  const q = { group, page, size: PAGE_SIZE, ...(unresolvedOnly ? { unresolved: 'true' as const } : {}) };
  const items = useQuery({
    queryKey: txKeys.items(rec.id, q),
    queryFn: () => transactions.reconciliationItems(rec.id, q),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const none = t('common.none');
  const money = (m: number | null) => (m === null ? none : formatMoney(m, rec.currency, i18n.language));
  const totalPages = items.data ? Math.max(1, Math.ceil(items.data.total / PAGE_SIZE)) : 1;
  return (
    <Stack role="tabpanel" aria-label={t(`transactions.rec.groups.${group}`)}>
      {group !== 'matched' && (
        <Checkbox
          label={t('transactions.rec.unresolvedOnly')}
          checked={unresolvedOnly}
          onChange={(e) => state.setFilter('unresolved', e.currentTarget.checked ? 'true' : '')}
        />
      )}
      {items.isPending ? (
        <ListSkeleton />
      ) : items.isError ? (
        <ErrorState error={items.error} onRetry={() => void items.refetch()} />
      ) : items.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('transactions.rec.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={900}>
            <Table striped withTableBorder aria-label={t('transactions.rec.items')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('transactions.rec.line')}</Table.Th>
                  <Table.Th>{t('transactions.rec.orderCode')}</Table.Th>
                  <Table.Th>{t('transactions.rec.date')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('transactions.rec.fileAmount')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('transactions.rec.ourAmount')}</Table.Th>
                  <Table.Th>{t('transactions.rec.ourStatus')}</Table.Th>
                  <Table.Th>{t('transactions.rec.reference')}</Table.Th>
                  {group !== 'matched' && <Table.Th>{t('transactions.rec.resolution')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.data.items.map((it) => (
                  <Table.Tr key={it.id}>
                    <Table.Td>{it.line ?? none}</Table.Td>
                    <Table.Td>
                      {it.transactionId ? (
                        <Anchor component={Link} to={`/transactions/${it.transactionId}`}>
                          {it.orderCode}
                        </Anchor>
                      ) : (
                        it.orderCode
                      )}
                    </Table.Td>
                    <Table.Td>{it.date ? formatCalendarDay(it.date) : none}</Table.Td>
                    <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                      {money(it.fileAmountMinor)}
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(it.ourAmountMinor)}</Table.Td>
                    <Table.Td>
                      {it.ourStatus === null ? (
                        t('transactions.rec.notHere')
                      ) : (
                        <TxStatusBadge t={t} status={it.ourStatus} />
                      )}
                    </Table.Td>
                    <Table.Td>{it.providerRef ?? none}</Table.Td>
                    {group !== 'matched' && (
                      <Table.Td>
                        {it.resolved ? (
                          <Stack gap={0}>
                            <Text size="sm" fw={500}>
                              {t('transactions.rec.resolved')}: {it.resolutionNote}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {t('transactions.rec.resolvedBy', {
                                name: it.resolvedBy ?? none,
                                time: it.resolvedAt ? formatDateTime(it.resolvedAt, tz) : none,
                              })}
                            </Text>
                          </Stack>
                        ) : (
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => setResolving(it)}
                            aria-label={t('transactions.rec.resolveItem', { code: it.orderCode })}
                          >
                            {t('transactions.rec.resolve')}
                          </Button>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {totalPages > 1 && (
            <nav aria-label={t('transactions.list.pagination')}>
              <Pagination
                total={totalPages}
                value={page + 1}
                onChange={(p) => setPage(p - 1)}
                getControlProps={(control) => ({ 'aria-label': t(`transactions.list.${control}Page`) })}
                getItemProps={(p) => ({ 'aria-label': t('transactions.list.page', { n: p }) })}
              />
            </nav>
          )}
        </>
      )}
      {resolving && <ResolveModal recId={rec.id} item={resolving} onClose={() => setResolving(null)} />}
    </Stack>
  );
}

function ResolveModal({ recId, item, onClose }: { recId: string; item: TReconciliationItem; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (n: string) => transactions.resolve(recId, item.id, { note: n }),
    onSuccess: () => {
      notifySuccess(t('transactions.rec.resolved'));
      void qc.invalidateQueries({ queryKey: txKeys.reconciliation(recId) });
      onClose();
    },
    onError: (e) => setError(serverFieldErrors(t, e).note ?? errorText(t, e)),
    meta: { inlineError: true },
  });
  const submit = () => {
    const parsed = ZResolveRequest.safeParse({ note });
    if (!parsed.success) {
      setError(t('transactions.export.required'));
      return;
    }
    save.mutate(parsed.data.note);
  };
  return (
    <Modal opened onClose={onClose} title={t('transactions.rec.resolveItem', { code: item.orderCode })}>
      <Stack>
        <Textarea
          label={t('transactions.rec.note')}
          required
          autosize
          minRows={3}
          maxLength={1000}
          value={note}
          error={error}
          onChange={(e) => {
            setNote(e.currentTarget.value);
            setError(undefined);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('transactions.rec.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('transactions.rec.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
