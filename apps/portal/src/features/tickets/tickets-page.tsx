import { DayInput } from '@carewatch/web/day-input';
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import {
  TICKET_STATUSES,
  TICKET_TYPES,
  ZCreateTicketRequest,
  isFinalTicketStatus,
  type TTicketListQuery,
  type TTicketStatsQuery,
  type TTicketStatus,
  type TTicketType,
} from '@carewatch/contracts/tickets';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { PlainTabs } from '../../app/plain-tabs.tsx';
import { typedDay, type ListSpec } from '../../app/list-state.ts';
import { useListState, useUrlParam } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { patients } from '../patients/patients-shared.tsx';
import { Pager } from '../alerts/alerts-shared.tsx';
import { TicketStatusBadge, formatDuration, ticketKeys, tickets } from './tickets-shared.tsx';

const PAGE_SIZE = 15;
type Filter = 'type' | 'status' | 'from' | 'to';
const FILTERS: Filter[] = ['type', 'status', 'from', 'to'];
/** The open list and the history keep their own filters and page in the URL (`h.` for the history tab). */
const OPEN_LIST: ListSpec<Filter> = { filters: FILTERS, pageSize: PAGE_SIZE };
const HISTORY_LIST: ListSpec<Filter> = { filters: FILTERS, pageSize: PAGE_SIZE, prefix: 'h.' };
const isType = (v: string): v is TTicketType => (TICKET_TYPES as readonly string[]).includes(v);
const isStatus = (v: string): v is TTicketStatus => (TICKET_STATUSES as readonly string[]).includes(v);

function TicketList({ history }: { history: boolean }) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const state = useListState(history ? HISTORY_LIST : OPEN_LIST);
  const { page, setPage } = state;
  const { from, to } = state.filters;
  const type = isType(state.filters.type) ? state.filters.type : '';
  const status = isStatus(state.filters.status) ? state.filters.status : '';
  const query: Partial<TTicketListQuery> = {
    page,
    size: PAGE_SIZE,
    open: history ? 'false' : 'true',
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const list = useQuery({
    queryKey: ticketKeys.list(query),
    queryFn: () => tickets.list(query),
    placeholderData: keepPreviousData,
    refetchInterval: history ? false : 5000,
    meta: { inlineError: true },
  });
  const statuses = TICKET_STATUSES.filter((s) => isFinalTicketStatus(s) === history);
  const none = t('alerts.common.none');
  return (
    <Stack>
      <Group align="flex-end">
        <NativeSelect
          label={t('tickets.fields.type')}
          value={type}
          onChange={(e) => state.setFilter('type', e.currentTarget.value)}
          data={[
            { value: '', label: t('tickets.fields.all') },
            ...TICKET_TYPES.map((v) => ({ value: v, label: t(`tickets.type.${v}`) })),
          ]}
        />
        <NativeSelect
          label={t('tickets.fields.status')}
          value={status}
          onChange={(e) => state.setFilter('status', e.currentTarget.value)}
          data={[
            { value: '', label: t('tickets.fields.all') },
            ...statuses.map((v) => ({ value: v, label: t(`tickets.status.${v}`) })),
          ]}
        />
        <DayInput
          label={t('tickets.fields.from')}
          value={from}
          onValue={(v) => state.setFilter('from', typedDay(v, from))}
        />
        <DayInput label={t('tickets.fields.to')} value={to} onValue={(v) => state.setFilter('to', typedDay(v, to))} />
        <SavedViews list="tickets" />
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('tickets.list.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('tickets.list.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={760} type="native">
            <Table striped withTableBorder aria-label={t('tickets.list.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tickets.fields.code')}</Table.Th>
                  <Table.Th>{t('tickets.fields.type')}</Table.Th>
                  <Table.Th>{t('tickets.fields.patient')}</Table.Th>
                  <Table.Th>{t('tickets.fields.status')}</Table.Th>
                  <Table.Th>{t('tickets.fields.createdAt')}</Table.Th>
                  <Table.Th>{t('tickets.fields.confirmed')}</Table.Th>
                  <Table.Th>{t('tickets.fields.completed')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((x) => (
                  <Table.Tr key={x.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/tickets/${x.id}`}
                        aria-label={t('tickets.list.open', { code: x.code })}
                      >
                        {x.code}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{t(`tickets.type.${x.type}`)}</Table.Td>
                    <Table.Td>
                      {x.patientName ?? x.callerName ?? none}
                      {x.patientCode && (
                        <Text size="xs" c="dimmed">
                          {x.patientCode}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <TicketStatusBadge t={t} status={x.status} />
                    </Table.Td>
                    <Table.Td>{formatDateTime(x.createdAt, tz)}</Table.Td>
                    <Table.Td>{formatDuration(t, x.kpi.secondsToConfirm)}</Table.Td>
                    <Table.Td>{formatDuration(t, x.kpi.secondsToComplete)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager t={t} total={list.data.total} size={PAGE_SIZE} page={page} onChange={setPage} prefix="tickets.list" />
        </>
      )}
    </Stack>
  );
}

function Statistics() {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [applied, setApplied] = useState<Partial<TTicketStatsQuery>>({});
  const stats = useQuery({
    queryKey: ticketKeys.stats(applied),
    queryFn: () => tickets.statistics(applied),
    meta: { inlineError: true },
  });
  return (
    <Stack>
      <Group align="flex-end">
        <DayInput label={t('tickets.fields.from')} value={from} onValue={setFrom} />
        <DayInput label={t('tickets.fields.to')} value={to} onValue={setTo} />
        <Button variant="light" onClick={() => setApplied({ ...(from ? { from } : {}), ...(to ? { to } : {}) })}>
          {t('tickets.stats.apply')}
        </Button>
      </Group>
      {stats.isPending ? (
        <ListSkeleton />
      ) : stats.isError ? (
        <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Card withBorder>
              <Text size="xs" c="dimmed">
                {t('tickets.stats.total')}
              </Text>
              <Text fw={700} size="xl">
                {stats.data.total}
              </Text>
            </Card>
            <Card withBorder>
              <Text size="xs" c="dimmed">
                {t('tickets.stats.avgConfirm')}
              </Text>
              <Text fw={700} size="xl">
                {formatDuration(t, stats.data.avgSecondsToConfirm)}
              </Text>
            </Card>
            <Card withBorder>
              <Text size="xs" c="dimmed">
                {t('tickets.stats.avgComplete')}
              </Text>
              <Text fw={700} size="xl">
                {formatDuration(t, stats.data.avgSecondsToComplete)}
              </Text>
            </Card>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Table withTableBorder aria-label={t('tickets.stats.byType')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tickets.stats.byType')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {TICKET_TYPES.map((k) => (
                  <Table.Tr key={k}>
                    <Table.Td>{t(`tickets.type.${k}`)}</Table.Td>
                    <Table.Td>{stats.data.byType[k]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Table withTableBorder aria-label={t('tickets.stats.byStatus')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tickets.stats.byStatus')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {TICKET_STATUSES.map((k) => (
                  <Table.Tr key={k}>
                    <Table.Td>{t(`tickets.status.${k}`)}</Table.Td>
                    <Table.Td>{stats.data.byStatus[k]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function CreateTicketModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [patientId, setPatientId] = useState<string | null>(null);
  const [callerName, setCallerName] = useState('');
  const [callerPhone, setCallerPhone] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const found = useQuery({
    queryKey: ['tickets', 'patientSearch', debounced],
    queryFn: () => patients.list({ search: debounced, size: 20, page: 0 }),
    enabled: opened && debounced.length > 0,
    meta: { inlineError: true },
  });
  const create = useMutation({
    mutationFn: (body: Parameters<typeof tickets.create>[0]) => tickets.create(body),
    onSuccess: async (d) => {
      notifySuccess(t('tickets.create.created', { code: d.code }));
      await queryClient.invalidateQueries({ queryKey: ticketKeys.all });
      onClose();
      void navigate(`/tickets/${d.id}`);
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  const submit = () => {
    const parsed = ZCreateTicketRequest.safeParse({
      callerName,
      description,
      ...(callerPhone.trim() ? { callerPhone } : {}),
      ...(patientId ? { patientId } : {}),
    });
    if (!parsed.success) return setErrors(zodFieldErrors(t, parsed.error));
    create.mutate(parsed.data);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('tickets.create.title')}>
      <Stack>
        <Select
          label={t('tickets.create.patient')}
          placeholder={t('tickets.create.patientSearch')}
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          value={patientId}
          onChange={setPatientId}
          data={(found.data?.items ?? []).map((p) => ({
            value: p.id,
            label: p.patientCode ? `${p.fullName} (${p.patientCode})` : p.fullName,
          }))}
          error={errors.patientId}
        />
        <TextInput
          label={t('tickets.fields.callerName')}
          value={callerName}
          onChange={(e) => setCallerName(e.currentTarget.value)}
          error={errors.callerName}
          required
        />
        <TextInput
          label={t('tickets.fields.callerPhone')}
          value={callerPhone}
          onChange={(e) => setCallerPhone(e.currentTarget.value)}
          error={errors.callerPhone}
        />
        <Textarea
          label={t('tickets.fields.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
          required
          autosize
          minRows={3}
        />
        {create.error && !Object.keys(errors).length && (
          <Alert color="red" role="alert">
            {errorText(t, create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('tickets.create.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            {t('tickets.create.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Tickets: open list, history (success / canceled) and statistics; customer care opens hotline tickets. */
export function TicketsPage() {
  const { t } = useTranslation();
  const has = useHasPermission();
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useUrlParam('tab');
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('tickets.title')}</Title>
          <Text c="dimmed">{t('tickets.subtitle')}</Text>
        </div>
        {has(Permission.HealthSosHandle) && <Button onClick={() => setCreating(true)}>{t('tickets.list.new')}</Button>}
      </Group>
      <PlainTabs
        id="tickets-tabs"
        label={t('tickets.tabs')}
        value={tab || 'list'}
        onChange={(v) => setTab(v === 'list' ? '' : v)}
        tabs={[
          { value: 'list', label: t('tickets.tab.list'), content: () => <TicketList history={false} /> },
          { value: 'history', label: t('tickets.tab.history'), content: () => <TicketList key="history" history /> },
          { value: 'statistics', label: t('tickets.tab.statistics'), content: () => <Statistics /> },
        ]}
      />
      <CreateTicketModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
