import { DayInput } from '../../app/day-input.tsx';
import { useEffect, useState } from 'react';
import { Button, Code, Group, NativeSelect, Pagination, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { addToDay, zonedDay, zonedMidnight } from '@carewatch/i18n/datetime';
import { useTranslation } from 'react-i18next';
import type { TAuditQuery } from '@carewatch/contracts/audit';
import { lifecycleApi } from '@carewatch/api-client/lifecycle';
import { api } from '../../app/api.ts';
import { ErrorState } from '../../app/states.tsx';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { downloadFile } from '../patients/patients-shared.tsx';

const PAGE_SIZE = 20;
const life = lifecycleApi(api.request);
type Outcome = NonNullable<TAuditQuery['outcome']>;
const isOutcome = (v: string): v is Outcome => v === 'ok' || v === 'denied' || v === 'failed';
/** A day (yyyy-MM-dd) as the start or the end of that day in the profile's time zone (not the browser's). */
const dayBound = (d: string, end: boolean) => (d ? new Date(zonedMidnight(end ? addToDay(d, { days: 1 }) : d).getTime() - (end ? 1 : 0)).toISOString() : undefined);

/** The tenant's audit trail with filters: actor, action, resource, outcome, date range. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [resource, setResource] = useState('');
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [patient, setPatient] = useState('');
  const [page, setPage] = useState(0);
  const [filters] = useDebouncedValue({ actor: actor.trim(), action: action.trim(), resource: resource.trim() }, 300);
  useEffect(() => setPage(0), [filters.actor, filters.action, filters.resource, outcome, from, to, patient]);

  const query: Partial<TAuditQuery> = {
    page, size: PAGE_SIZE,
    ...(filters.actor ? { actor: filters.actor } : {}), ...(filters.action ? { action: filters.action } : {}),
    ...(filters.resource ? { resource: filters.resource } : {}), ...(outcome ? { outcome } : {}),
    ...(/^[0-9a-f-]{36}$/i.test(patient.trim()) ? { patientId: patient.trim() } : {}),
    ...(from ? { from: dayBound(from, false) } : {}), ...(to ? { to: dayBound(to, true) } : {}),
  };
  const log = useQuery({ queryKey: ['audit-log', query], queryFn: () => life.auditLog(query), placeholderData: keepPreviousData, meta: { inlineError: true } });
  const exportCsv = useMutation({
    mutationFn: () => {
      const last = to || zonedDay(new Date());
      const first = from || addToDay(last, { days: -30 });
      return downloadFile(life.auditExportUrl(dayBound(first, false)!, dayBound(last, true)!), `audit-${first}-${last}.csv`);
    },
    meta: { inlineError: true },
  });
  const totalPages = log.data ? Math.max(1, Math.ceil(log.data.total / PAGE_SIZE)) : 1;

  return (
    <Stack>
      <div>
        <Title order={1}>{t('lifecycle.audit.title')}</Title>
        <Text c="dimmed">{t('lifecycle.audit.subtitle')}</Text>
      </div>
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('lifecycle.audit.actor')} type="search" value={actor} onChange={(e) => setActor(e.currentTarget.value)} />
        <TextInput label={t('lifecycle.audit.action')} type="search" value={action} onChange={(e) => setAction(e.currentTarget.value)} placeholder="auth.login" />
        <TextInput label={t('lifecycle.audit.resource')} type="search" value={resource} onChange={(e) => setResource(e.currentTarget.value)} placeholder="user" />
        <NativeSelect
          label={t('lifecycle.audit.outcome')}
          value={outcome}
          onChange={(e) => setOutcome(isOutcome(e.currentTarget.value) ? e.currentTarget.value : '')}
          data={[{ value: '', label: t('lifecycle.audit.outcomeAll') }, ...(['ok', 'denied', 'failed'] as const).map((o) => ({ value: o, label: t(`lifecycle.audit.outcomes.${o}`) }))]}
        />
        <DayInput label={t('lifecycle.audit.from')} value={from} onValue={setFrom} />
        <DayInput label={t('lifecycle.audit.to')} value={to} onValue={setTo} />
        <TextInput label={t('lifecycle.audit.patient')} type="search" value={patient} onChange={(e) => setPatient(e.currentTarget.value)} />
        <Button variant="light" loading={exportCsv.isPending} onClick={() => exportCsv.mutate()} title={t('lifecycle.audit.exportHint')}>{t('lifecycle.audit.export')}</Button>
        {log.data && <Text size="sm" c="dimmed" role="status">{t('lifecycle.audit.total', { count: log.data.total })}</Text>}
      </Group>
      {exportCsv.isError && <ErrorState error={exportCsv.error} />}
      {log.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('app.loading')}>{[0, 1, 2, 3, 4].map((i) => <Skeleton key={i} height={32} />)}</Stack>
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.items.length === 0 ? (
        <Text c="dimmed" role="status">{t('lifecycle.audit.empty')}</Text>
      ) : (
        <>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lifecycle.audit.time')}</Table.Th>
                <Table.Th>{t('lifecycle.audit.cols.actor')}</Table.Th>
                <Table.Th>{t('lifecycle.audit.cols.action')}</Table.Th>
                <Table.Th>{t('lifecycle.audit.cols.resource')}</Table.Th>
                <Table.Th>{t('lifecycle.audit.route')}</Table.Th>
                <Table.Th>{t('lifecycle.audit.cols.outcome')}</Table.Th>
                <Table.Th>{t('lifecycle.audit.ip')}</Table.Th>
                <Table.Th>{t('lifecycle.audit.details')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.items.map((e) => (
                // Ids are time-ordered (UUIDv7): their heads repeat within a day, so the tail is shown (whole id on hover).
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDateTime(e.createdAt, tz)}</Table.Td>
                  <Table.Td>{e.actorName ?? (e.actorId ? `…${e.actorId.slice(-8)}` : t('lifecycle.audit.system'))}{e.actorEmail && <Text size="xs" c="dimmed">{e.actorEmail}</Text>}</Table.Td>
                  <Table.Td><Code>{e.action}</Code></Table.Td>
                  <Table.Td>{e.resource ?? ''}{e.resourceId && <Text size="xs" c="dimmed" title={e.resourceId}>…{e.resourceId.slice(-8)}</Text>}</Table.Td>
                  <Table.Td>
                    {e.route && <Code>{e.route}</Code>}
                    {e.role && <Text size="xs" c="dimmed">{t('lifecycle.audit.role')}: {e.role}</Text>}
                    {e.patientIds && e.patientIds.length > 0 && <Text size="xs" c="dimmed">{t('lifecycle.audit.patients')}: {e.patientIds.length === 1 ? e.patientIds[0] : e.patientIds.length}</Text>}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} c={e.outcome === 'ok' ? 'teal' : e.outcome === 'denied' ? 'orange' : 'red'}>
                      {isOutcome(e.outcome) ? t(`lifecycle.audit.outcomes.${e.outcome}`) : e.outcome}
                    </Text>
                  </Table.Td>
                  <Table.Td>{e.ip ?? ''}</Table.Td>
                  <Table.Td>{e.details ? <Code>{JSON.stringify(e.details)}</Code> : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <nav aria-label={t('lifecycle.audit.pagination')}>
            <Pagination total={totalPages} value={page + 1} onChange={(p) => setPage(p - 1)} />
          </nav>
        </>
      )}
    </Stack>
  );
}
