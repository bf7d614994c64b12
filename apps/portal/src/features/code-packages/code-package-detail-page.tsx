import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  CODE_STATUSES,
  type TCodePackage,
  type TCodeStatus,
  type TCodeStatusRequest,
} from '@carewatch/contracts/code-packages';
import { formatCalendarDay } from '@carewatch/i18n/datetime';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { downloadFile } from '../patients/patients-shared.tsx';
import { codePackageKeys, codePackages } from './code-packages-shared.ts';

const SIZE = 50;
const CODES: ListSpec<'status' | 'search'> = { filters: ['status', 'search'], pageSize: SIZE };
const STATUS_COLOR: Record<TCodeStatus, string> = { not_paid: 'gray', paid: 'teal', used: 'blue', locked: 'red' };
type Action = 'paid' | 'not_paid' | 'locked';

/** One code package: its fields, statistics, the codes (filter, select or a series range → paid / not paid / locked), export. */
export function CodePackageDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useQuery({
    queryKey: codePackageKeys.detail(id),
    queryFn: () => codePackages.get(id),
    meta: { inlineError: true },
  });
  const exporter = useMutation({
    mutationFn: () => downloadFile(codePackages.exportUrl(id), `code-package-${detail.data?.seriesPrefix ?? ''}.xlsx`),
    meta: { inlineError: true },
  });
  if (detail.isPending) return <ListSkeleton />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  const p = detail.data;
  return (
    <Stack>
      <Anchor component={Link} to="/code-packages" size="sm">
        {t('codePackages.detail.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{p.name}</Title>
          <Group gap="xs">
            <Badge variant="light">{t(`codePackages.types.${p.type}`)}</Badge>
            <Text size="sm" c="dimmed">
              {p.seriesPrefix}
            </Text>
          </Group>
        </Stack>
        <Button variant="light" onClick={() => exporter.mutate()} loading={exporter.isPending}>
          {t('codePackages.detail.export')}
        </Button>
      </Group>
      {exporter.isError && (
        <Alert color="red" role="alert">
          {t('codePackages.detail.exportFailed')}: {errorText(t, exporter.error)}
        </Alert>
      )}
      <PackageInfo p={p} />
      <Statistics id={id} />
      <CodesSection p={p} />
    </Stack>
  );
}

function PackageInfo({ p }: { p: TCodePackage }) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    [t('codePackages.fields.recipientOrganization'), p.recipientOrganization],
    [
      t('codePackages.fields.upgradePackageId'),
      t('codePackages.detail.grants', { plan: p.upgradePackage.name, months: p.upgradeMonths }),
    ],
    [t('codePackages.fields.availableFrom'), formatCalendarDay(p.availableFrom)],
    [t('codePackages.fields.expiresOn'), formatCalendarDay(p.expiresOn)],
    [t('codePackages.fields.totalCodes'), String(p.totalCodes)],
    [t('codePackages.fields.totalVouchers'), String(p.totalVouchers)],
    [t('codePackages.fields.benefits'), p.benefits],
    [t('codePackages.fields.createdBy'), p.createdBy.name],
    [t('codePackages.fields.createdAt'), formatDateTime(p.createdAt)],
  ];
  return (
    <Card withBorder component="section" aria-label={t('codePackages.detail.info')}>
      <Title order={2} size="h4" mb="sm">
        {t('codePackages.detail.info')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {rows.map(([label, value]) => (
          <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" c="dimmed" miw={180}>
              {label}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {value}
            </Text>
          </Group>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function Statistics({ id }: { id: string }) {
  const { t } = useTranslation();
  const stats = useQuery({
    queryKey: codePackageKeys.stats(id),
    queryFn: () => codePackages.statistics(id),
    meta: { inlineError: true },
  });
  return (
    <Card withBorder component="section" aria-label={t('codePackages.detail.statistics')}>
      <Title order={2} size="h4" mb="sm">
        {t('codePackages.detail.statistics')}
      </Title>
      {stats.isPending ? (
        <ListSkeleton rows={2} />
      ) : stats.isError ? (
        <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            {(['total', 'notPaid', 'paid', 'used', 'locked'] as const).map((k) => (
              <Stack key={k} gap={0}>
                <Text size="xs" c="dimmed">
                  {t(`codePackages.stats.${k}`)}
                </Text>
                <Text fw={700} size="xl" aria-label={`${t(`codePackages.stats.${k}`)}: ${stats.data.counts[k]}`}>
                  {stats.data.counts[k]}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Text fw={600} size="sm">
            {t('codePackages.stats.byMonth')}
          </Text>
          {stats.data.byActivationMonth.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('codePackages.stats.noRedemptions')}
            </Text>
          ) : (
            <Table aria-label={t('codePackages.stats.byMonth')} maw={360}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('codePackages.stats.month')}</Table.Th>
                  <Table.Th>{t('codePackages.stats.redemptions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stats.data.byActivationMonth.map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Td>{`${m.month.slice(5, 7)}/${m.month.slice(0, 4)}`}</Table.Td>
                    <Table.Td>{m.used}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Card>
  );
}

function CodesSection({ p }: { p: TCodePackage }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const state = useListState(CODES);
  const search = useFilterText(state, 'search');
  const { page, setPage } = state;
  const debounced = state.filters.search;
  const status = CODE_STATUSES.find((s) => s === state.filters.status) ?? '';
  const [chosen, setChosen] = useState<string[]>([]);
  const [range, setRange] = useState({ from: '', to: '' });
  const [confirm, setConfirm] = useState<TCodeStatusRequest | null>(null);
  const query = { page, size: SIZE, ...(status ? { status } : {}), ...(debounced ? { search: debounced } : {}) };
  const codes = useQuery({
    queryKey: codePackageKeys.codes(p.id, query),
    queryFn: () => codePackages.codes(p.id, query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const change = useMutation({
    mutationFn: (req: TCodeStatusRequest) => codePackages.setStatus(p.id, req),
    meta: { inlineError: true },
    onSuccess: (r) => {
      setChosen([]);
      setConfirm(null);
      notifySuccess(t('codePackages.codes.done', r));
      void qc.invalidateQueries({ queryKey: codePackageKeys.detail(p.id) });
      void qc.invalidateQueries({ queryKey: codePackageKeys.list({}).slice(0, 2) });
    },
  });
  const apply = (req: TCodeStatusRequest) => (req.status === 'locked' ? setConfirm(req) : change.mutate(req));
  const items = codes.data?.items ?? [];
  const selectable = items.filter((c) => c.status !== 'used');
  const allChecked = selectable.length > 0 && selectable.every((c) => chosen.includes(c.id));
  const pages = codes.data ? Math.max(1, Math.ceil(codes.data.total / SIZE)) : 1;
  const from = Number(range.from);
  const to = Number(range.to);
  const rangeOk = Number.isInteger(from) && Number.isInteger(to) && from >= 1 && to >= from && to <= p.totalCodes;
  const actions: Array<[Action, string]> = [
    ['paid', 'codePackages.codes.markPaid'],
    ['not_paid', 'codePackages.codes.markNotPaid'],
    ['locked', 'codePackages.codes.lock'],
  ];
  const count = confirm?.codeIds
    ? confirm.codeIds.length
    : confirm
      ? (confirm.seqTo ?? 0) - (confirm.seqFrom ?? 0) + 1
      : 0;
  return (
    <Card withBorder component="section" aria-label={t('codePackages.detail.codes')}>
      <Title order={2} size="h4" mb="sm">
        {t('codePackages.detail.codes')}
      </Title>
      <Stack>
        <Group align="flex-end">
          <NativeSelect
            label={t('codePackages.codes.status')}
            value={status}
            w={200}
            onChange={(e) => {
              state.setFilter('status', e.currentTarget.value);
              setChosen([]);
            }}
            data={[
              { value: '', label: t('codePackages.codes.all') },
              ...CODE_STATUSES.map((s) => ({ value: s, label: t(`codePackages.statuses.${s}`) })),
            ]}
          />
          <TextInput
            label={t('codePackages.codes.search')}
            value={search.value}
            w={240}
            onChange={(e) => {
              search.set(e.currentTarget.value);
              setChosen([]);
            }}
          />
        </Group>
        <Group align="flex-end" gap="xs">
          <Text size="sm" fw={500} w="100%">
            {t('codePackages.codes.range')}
          </Text>
          <TextInput
            label={t('codePackages.codes.from')}
            inputMode="numeric"
            w={120}
            value={range.from}
            onChange={(e) => {
              const from = e.currentTarget.value;
              setRange((r) => ({ ...r, from }));
            }}
          />
          <TextInput
            label={t('codePackages.codes.to')}
            inputMode="numeric"
            w={120}
            value={range.to}
            onChange={(e) => {
              const to = e.currentTarget.value;
              setRange((r) => ({ ...r, to }));
            }}
          />
          {actions.map(([a, key]) => (
            <Button
              key={a}
              variant="light"
              color={a === 'locked' ? 'red' : undefined}
              disabled={!rangeOk}
              loading={change.isPending && change.variables?.status === a && !change.variables.codeIds}
              onClick={() => apply({ status: a, seqFrom: from, seqTo: to })}
              aria-label={`${t(key)} (${t('codePackages.codes.applyRange')})`}
            >
              {t(key)}
            </Button>
          ))}
        </Group>
        {chosen.length > 0 && (
          <Group gap="xs" role="group" aria-label={t('codePackages.codes.action')}>
            <Text size="sm">{t('codePackages.codes.selected', { count: chosen.length })}</Text>
            {actions.map(([a, key]) => (
              <Button
                key={a}
                size="xs"
                color={a === 'locked' ? 'red' : undefined}
                onClick={() => apply({ status: a, codeIds: chosen })}
              >
                {t(key)}
              </Button>
            ))}
          </Group>
        )}
        {change.isError && (
          <Alert color="red" role="alert">
            {errorText(t, change.error)}
          </Alert>
        )}
        {codes.isPending ? (
          <ListSkeleton />
        ) : codes.isError ? (
          <ErrorState error={codes.error} onRetry={() => void codes.refetch()} />
        ) : items.length === 0 ? (
          <Text c="dimmed" role="status">
            {t('codePackages.codes.empty')}
          </Text>
        ) : (
          <>
            <Table striped aria-label={t('codePackages.codes.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox
                      aria-label={t('codePackages.codes.selectPage')}
                      checked={allChecked}
                      indeterminate={chosen.length > 0 && !allChecked}
                      onChange={() => setChosen(allChecked ? [] : selectable.map((c) => c.id))}
                    />
                  </Table.Th>
                  <Table.Th>{t('codePackages.codes.series')}</Table.Th>
                  <Table.Th>{t('codePackages.codes.code')}</Table.Th>
                  <Table.Th>{t('codePackages.codes.status')}</Table.Th>
                  <Table.Th>{t('codePackages.codes.purchasedAt')}</Table.Th>
                  <Table.Th>{t('codePackages.codes.activatedAt')}</Table.Th>
                  <Table.Th>{t('codePackages.codes.redeemedBy')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('codePackages.codes.select', { series: c.series })}
                        disabled={c.status === 'used'}
                        checked={chosen.includes(c.id)}
                        onChange={() =>
                          setChosen((cur) => (cur.includes(c.id) ? cur.filter((x) => x !== c.id) : [...cur, c.id]))
                        }
                      />
                    </Table.Td>
                    <Table.Td>{c.series}</Table.Td>
                    <Table.Td ff="monospace">{c.code}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[c.status]} variant="light">
                        {t(`codePackages.statuses.${c.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{c.purchasedAt ? formatDateTime(c.purchasedAt) : t('codePackages.codes.none')}</Table.Td>
                    <Table.Td>{c.activatedAt ? formatDateTime(c.activatedAt) : t('codePackages.codes.none')}</Table.Td>
                    <Table.Td>{c.redeemedBy?.name ?? t('codePackages.codes.none')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={page + 1}
                onChange={(n) => {
                  setPage(n - 1);
                  setChosen([]);
                }}
                aria-label={t('codePackages.list.page', { page: page + 1, pages })}
                getControlProps={(c) =>
                  c === 'previous'
                    ? { 'aria-label': t('codePackages.list.previous') }
                    : c === 'next'
                      ? { 'aria-label': t('codePackages.list.next') }
                      : {}
                }
              />
            )}
          </>
        )}
      </Stack>
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title={t('codePackages.codes.lock')}>
        <Stack>
          <Text>{t('codePackages.codes.confirmLock', { count })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('codePackages.form.cancel')}
            </Button>
            <Button color="red" loading={change.isPending} onClick={() => confirm && change.mutate(confirm)}>
              {t('codePackages.codes.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
