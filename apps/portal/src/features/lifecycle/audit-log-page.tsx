import { DayInput } from '@carewatch/web/day-input';
import {
  Button,
  Code,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { addToDay, zonedDay, zonedMidnight } from '@carewatch/i18n/datetime';
import { useTranslation } from 'react-i18next';
import { AUDIT_SORTS, type TAuditQuery } from '@carewatch/contracts/audit';
import { lifecycleApi } from '@carewatch/api-client/lifecycle';
import { api } from '../../app/api.ts';
import { ErrorState } from '@carewatch/web/states';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { pageCount, typedDay, type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { SortableTh } from '../../app/sortable-header.tsx';
import { downloadFile } from '../patients/patients-shared.tsx';

type Sort = (typeof AUDIT_SORTS)[number];
const LIST: ListSpec<'actor' | 'action' | 'resource' | 'outcome' | 'from' | 'to' | 'patient', Sort> = {
  filters: ['actor', 'action', 'resource', 'outcome', 'from', 'to', 'patient'],
  sorts: AUDIT_SORTS,
  defaultSort: '-createdAt',
  pageSize: 20,
};
const life = lifecycleApi(api.request);
type Outcome = NonNullable<TAuditQuery['outcome']>;
const isOutcome = (v: string): v is Outcome => v === 'ok' || v === 'denied' || v === 'failed';
/** A day (yyyy-MM-dd) as the start or the end of that day in the profile's time zone (not the browser's). */
const dayBound = (d: string, end: boolean) =>
  d ? new Date(zonedMidnight(end ? addToDay(d, { days: 1 }) : d).getTime() - (end ? 1 : 0)).toISOString() : undefined;

/** The tenant's audit trail with filters: actor, action, resource, outcome, date range. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const state = useListState(LIST);
  const actor = useFilterText(state, 'actor');
  const action = useFilterText(state, 'action');
  const resource = useFilterText(state, 'resource');
  const patientText = useFilterText(state, 'patient');
  const { page, size, sort, filters } = state;
  const { from, to, patient } = filters;
  const outcome = isOutcome(filters.outcome) ? filters.outcome : '';
  const onSort = (v: string) => state.setSort(AUDIT_SORTS.find((s) => s === v) ?? '-createdAt');
  const th = (label: string, field: string, first: 'asc' | 'desc' = 'asc') => (
    <SortableTh label={t(label)} field={field} first={first} sort={sort} onSort={onSort} />
  );

  const query: Partial<TAuditQuery> = {
    page,
    size,
    ...(sort ? { sort } : {}),
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.resource ? { resource: filters.resource } : {}),
    ...(outcome ? { outcome } : {}),
    ...(/^[0-9a-f-]{36}$/i.test(patient.trim()) ? { patientId: patient.trim() } : {}),
    ...(from ? { from: dayBound(from, false) } : {}),
    ...(to ? { to: dayBound(to, true) } : {}),
  };
  const log = useQuery({
    queryKey: ['audit-log', query],
    queryFn: () => life.auditLog(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const exportCsv = useMutation({
    mutationFn: () => {
      const last = to || zonedDay(new Date());
      const first = from || addToDay(last, { days: -30 });
      return downloadFile(
        life.auditExportUrl(dayBound(first, false)!, dayBound(last, true)!),
        `audit-${first}-${last}.csv`,
      );
    },
    meta: { inlineError: true },
  });
  const totalPages = log.data ? pageCount(log.data.total, size) : 1;

  return (
    <Stack>
      <div>
        <Title order={1}>{t('lifecycle.audit.title')}</Title>
        <Text c="dimmed">{t('lifecycle.audit.subtitle')}</Text>
      </div>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('lifecycle.audit.actor')}
          type="search"
          value={actor.value}
          onChange={(e) => actor.set(e.currentTarget.value)}
        />
        <TextInput
          label={t('lifecycle.audit.action')}
          type="search"
          value={action.value}
          onChange={(e) => action.set(e.currentTarget.value)}
          placeholder="auth.login"
        />
        <TextInput
          label={t('lifecycle.audit.resource')}
          type="search"
          value={resource.value}
          onChange={(e) => resource.set(e.currentTarget.value)}
          placeholder="user"
        />
        <NativeSelect
          label={t('lifecycle.audit.outcome')}
          value={outcome}
          onChange={(e) => state.setFilter('outcome', e.currentTarget.value)}
          data={[
            { value: '', label: t('lifecycle.audit.outcomeAll') },
            ...(['ok', 'denied', 'failed'] as const).map((o) => ({
              value: o,
              label: t(`lifecycle.audit.outcomes.${o}`),
            })),
          ]}
        />
        <DayInput
          label={t('lifecycle.audit.from')}
          value={from}
          onValue={(v) => state.setFilter('from', typedDay(v, from))}
        />
        <DayInput label={t('lifecycle.audit.to')} value={to} onValue={(v) => state.setFilter('to', typedDay(v, to))} />
        <TextInput
          label={t('lifecycle.audit.patient')}
          type="search"
          value={patientText.value}
          onChange={(e) => patientText.set(e.currentTarget.value)}
        />
        <Button
          variant="light"
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate()}
          title={t('lifecycle.audit.exportHint')}
        >
          {t('lifecycle.audit.export')}
        </Button>
        <SavedViews list="audit" />
        {log.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('lifecycle.audit.total', { count: log.data.total })}
          </Text>
        )}
      </Group>
      {exportCsv.isError && <ErrorState error={exportCsv.error} />}
      {log.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('lifecycle.audit.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={900} type="native">
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  {th('lifecycle.audit.time', 'createdAt', 'desc')}
                  {th('lifecycle.audit.cols.actor', 'actor')}
                  {th('lifecycle.audit.cols.action', 'action')}
                  {th('lifecycle.audit.cols.resource', 'resource')}
                  <Table.Th>{t('lifecycle.audit.route')}</Table.Th>
                  {th('lifecycle.audit.cols.outcome', 'outcome')}
                  <Table.Th>{t('lifecycle.audit.ip')}</Table.Th>
                  <Table.Th>{t('lifecycle.audit.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.items.map((e) => (
                  // Ids are time-ordered (UUIDv7): their heads repeat within a day, so the tail is shown (whole id on hover).
                  <Table.Tr key={e.id}>
                    <Table.Td>{formatDateTime(e.createdAt, tz)}</Table.Td>
                    <Table.Td>
                      {e.actorName ?? (e.actorId ? `…${e.actorId.slice(-8)}` : t('lifecycle.audit.system'))}
                      {e.actorEmail && (
                        <Text size="xs" c="dimmed">
                          {e.actorEmail}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Code>{e.action}</Code>
                    </Table.Td>
                    <Table.Td>
                      {e.resource ?? ''}
                      {e.resourceId && (
                        <Text size="xs" c="dimmed" title={e.resourceId}>
                          …{e.resourceId.slice(-8)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {e.route && <Code>{e.route}</Code>}
                      {e.role && (
                        <Text size="xs" c="dimmed">
                          {t('lifecycle.audit.role')}: {e.role}
                        </Text>
                      )}
                      {e.patientIds && e.patientIds.length > 0 && (
                        <Text size="xs" c="dimmed">
                          {t('lifecycle.audit.patients')}:{' '}
                          {e.patientIds.length === 1 ? e.patientIds[0] : e.patientIds.length}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text
                        size="sm"
                        fw={600}
                        style={{ whiteSpace: 'nowrap' }}
                        c={e.outcome === 'ok' ? 'teal' : e.outcome === 'denied' ? 'orange' : 'red'}
                      >
                        {isOutcome(e.outcome) ? t(`lifecycle.audit.outcomes.${e.outcome}`) : e.outcome}
                      </Text>
                    </Table.Td>
                    <Table.Td>{e.ip ?? ''}</Table.Td>
                    <Table.Td>
                      {e.details ? (
                        <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                          {JSON.stringify(e.details)}
                        </Code>
                      ) : (
                        ''
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <nav aria-label={t('lifecycle.audit.pagination')}>
            <Pagination total={totalPages} value={page + 1} onChange={(p) => state.setPage(p - 1)} />
          </nav>
        </>
      )}
    </Stack>
  );
}
