import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { TAppointmentListQuery, TAppointmentTab } from '@carewatch/contracts/appointments';
import { zonedMidnight, addToDay } from '@carewatch/i18n/datetime';
import { DayInput } from '@carewatch/web/day-input';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { PlainTabs } from '../../app/plain-tabs.tsx';
import { typedDay, type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState, useUrlParam } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { Pager } from '../alerts/alerts-shared.tsx';
import {
  AppointmentStatusBadge,
  OverdueBadge,
  appointmentKeys,
  appointments,
  schedules,
} from './appointments-shared.tsx';
import { CreateAppointmentModal } from './appointment-create-modal.tsx';

const PAGE_SIZE = 15;
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
type Filter = 'doctorId' | 'q' | 'from' | 'to' | 'overdue';
const FILTERS: Filter[] = ['doctorId', 'q', 'from', 'to', 'overdue'];
/** Each tab keeps its own filters and page in the URL (prefixed but for the first tab). */
const LISTS: Record<TAppointmentTab, ListSpec<Filter>> = {
  upcoming: { filters: FILTERS, pageSize: PAGE_SIZE },
  waiting: { filters: FILTERS, pageSize: PAGE_SIZE, prefix: 'w.' },
  history: { filters: FILTERS, pageSize: PAGE_SIZE, prefix: 'h.' },
};

function AppointmentList({ tab }: { tab: TAppointmentTab }) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const has = useHasPermission();
  const state = useListState(LISTS[tab]);
  const search = useFilterText(state, 'q');
  const { page, setPage } = state;
  const { doctorId, q, from, to } = state.filters;
  const overdue = state.filters.overdue === 'true';
  const doctors = useQuery({
    queryKey: appointmentKeys.doctors,
    queryFn: () => schedules.doctors(),
    enabled: has(Permission.AppointmentScheduleView),
    meta: { inlineError: true },
  });
  // Days are the reader's (profile zone): from its midnight to the midnight after `to`.
  const query: Partial<TAppointmentListQuery> = {
    page,
    size: PAGE_SIZE,
    tab,
    ...(doctorId ? { doctorId } : {}),
    ...(q ? { q } : {}),
    ...(overdue ? { overdue: 'true' as const } : {}),
    ...(isDay(from) ? { from: zonedMidnight(from, tz).toISOString() } : {}),
    ...(isDay(to) ? { to: zonedMidnight(addToDay(to, { days: 1 }), tz).toISOString() } : {}),
  };
  const list = useQuery({
    queryKey: appointmentKeys.list(query),
    queryFn: () => appointments.list(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  return (
    <Stack>
      <Group align="flex-end">
        <TextInput
          label={t('appointments.fields.search')}
          value={search.value}
          onChange={(e) => search.set(e.currentTarget.value)}
        />
        {doctors.data && (
          <NativeSelect
            label={t('appointments.fields.doctor')}
            value={doctorId}
            onChange={(e) => state.setFilter('doctorId', e.currentTarget.value)}
            data={[
              { value: '', label: t('appointments.fields.all') },
              ...doctors.data.items.map((d) => ({ value: d.id, label: d.fullName })),
            ]}
          />
        )}
        <DayInput
          label={t('appointments.fields.from')}
          value={from}
          onValue={(v) => state.setFilter('from', typedDay(v, from))}
        />
        <DayInput
          label={t('appointments.fields.to')}
          value={to}
          onValue={(v) => state.setFilter('to', typedDay(v, to))}
        />
        {tab !== 'history' && (
          <Checkbox
            label={t('appointments.fields.overdueOnly')}
            checked={overdue}
            onChange={(e) => state.setFilter('overdue', e.currentTarget.checked ? 'true' : '')}
          />
        )}
        <SavedViews list="appointments" />
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('appointments.list.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('appointments.list.empty')}
        </Text>
      ) : (
        <>
          <Table striped withTableBorder aria-label={t('appointments.list.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('appointments.fields.code')}</Table.Th>
                <Table.Th>{t('appointments.fields.start')}</Table.Th>
                <Table.Th>{t('appointments.fields.patient')}</Table.Th>
                <Table.Th>{t('appointments.fields.doctor')}</Table.Th>
                <Table.Th>{t('appointments.fields.location')}</Table.Th>
                <Table.Th>{t('appointments.fields.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/appointments/${a.id}`}
                      aria-label={t('appointments.list.open', { code: a.code })}
                    >
                      {a.code}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDateTime(a.start, tz)}</Table.Td>
                  <Table.Td>
                    {a.patientName}
                    {a.patientCode && (
                      <Text size="xs" c="dimmed">
                        {a.patientCode}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{a.doctorName}</Table.Td>
                  <Table.Td>{t(`appointments.location.${a.location}`)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <AppointmentStatusBadge t={t} status={a.status} />
                      {a.overdue && <OverdueBadge t={t} />}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pager
            t={t}
            total={list.data.total}
            size={PAGE_SIZE}
            page={page}
            onChange={setPage}
            prefix="appointments.list"
          />
        </>
      )}
    </Stack>
  );
}

/** Appointments: tabs upcoming / waiting / history with filters; operators (and doctors) book new ones. */
export function AppointmentsPage() {
  const { t } = useTranslation();
  const has = useHasPermission();
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useUrlParam('tab');
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('appointments.title')}</Title>
          <Text c="dimmed">{t('appointments.subtitle')}</Text>
        </div>
        {has(Permission.AppointmentCreate) && (
          <Button onClick={() => setCreating(true)}>{t('appointments.list.new')}</Button>
        )}
      </Group>
      <PlainTabs
        id="appointments-tabs"
        label={t('appointments.tabs')}
        value={tab || 'upcoming'}
        onChange={(v) => setTab(v === 'upcoming' ? '' : v)}
        tabs={[
          {
            value: 'upcoming',
            label: t('appointments.tab.upcoming'),
            content: () => <AppointmentList key="upcoming" tab="upcoming" />,
          },
          {
            value: 'waiting',
            label: t('appointments.tab.waiting'),
            content: () => <AppointmentList key="waiting" tab="waiting" />,
          },
          {
            value: 'history',
            label: t('appointments.tab.history'),
            content: () => <AppointmentList key="history" tab="history" />,
          },
        ]}
      />
      {creating && <CreateAppointmentModal onClose={() => setCreating(false)} />}
    </Stack>
  );
}
