import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, NativeSelect, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  WORKLIST_TIERS,
  type TWorklistItem,
  type TWorklistQuery,
  type TWorklistTier,
} from '@carewatch/contracts/worklist';
import { Permission } from '@carewatch/contracts/permissions';
import { worklistApi } from '@carewatch/api-client/worklist';
import { api } from '../../app/api.ts';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, usePermissions, useProfile } from '../../app/queries.ts';
import { useRealtimeEvent } from '../../app/realtime.ts';
import type { ListSpec } from '../../app/list-state.ts';
import { useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { LevelBadge, Pager, alertKeys, alerts } from '../alerts/alerts-shared.tsx';
import { patientKeys, patients } from '../patients/patients-shared.tsx';
import {
  TREND_ARROW,
  WAITING_TICK_MS,
  WORKLIST_POLL_MS,
  canAssignToMe,
  changesWorklist,
  waitingDuration,
  worklistKeys,
} from './worklist-rules.ts';
import { AssignDoctor } from './assign-doctor.tsx';

const worklist = worklistApi(api.request);
const PAGE_SIZE = 50;
const LIST: ListSpec<'tier'> = { filters: ['tier'], pageSize: PAGE_SIZE };
const isTier = (v: string | null): v is TWorklistTier => (WORKLIST_TIERS as readonly (string | null)[]).includes(v);

function waitingText(t: TFunction, since: string, now: number): string {
  const d = waitingDuration(since, now);
  const duration =
    d.kind === 'minutes'
      ? t('worklist.duration.minutes', { m: d.m })
      : d.kind === 'hours'
        ? t('worklist.duration.hours', { h: d.h, m: d.m })
        : t('worklist.duration.days', { d: d.d, h: d.h });
  return t('worklist.waitingFor', { duration });
}

function Trend({ t, item }: { t: TFunction; item: TWorklistItem }) {
  const key = item.trend ?? 'none';
  return (
    <Text span fz="lg" fw={700} role="img" aria-label={t(`worklist.trend.${key}`)} title={t(`worklist.trend.${key}`)}>
      {TREND_ARROW[key]}
    </Text>
  );
}

/**
 * Triage worklist (issue 20): the patients with an open alert or SOS case, most urgent first; acknowledge, open the
 * case or the patient. Refreshed by the realtime socket on every alert / SOS frame (and every 30 s as a fallback).
 */
export function WorklistPage() {
  const { t } = useTranslation();
  const profile = useProfile().data;
  const tz = profile?.timezone;
  const has = useHasPermission();
  const me = {
    id: profile?.id,
    roleCode: usePermissions()?.level?.roleCode,
    mayUpdatePatients: has(Permission.PatientUpdate),
  };
  // Adding another doctor needs the doctors list (staff view) besides updating patients: customer care and admins.
  const canAssignOthers = has(Permission.PatientUpdate) && has(Permission.StaffView);
  const queryClient = useQueryClient();
  const state = useListState(LIST);
  const tier = isTier(state.filters.tier) ? state.filters.tier : undefined;
  const page = state.page;
  const query: Partial<TWorklistQuery> = { page, size: PAGE_SIZE, ...(tier ? { tier } : {}) };
  const list = useQuery({
    queryKey: worklistKeys.list(query),
    queryFn: () => worklist.list(query),
    placeholderData: keepPreviousData,
    refetchInterval: WORKLIST_POLL_MS,
    meta: { inlineError: true },
  });
  useRealtimeEvent((e) => {
    if (changesWorklist(e)) void queryClient.invalidateQueries({ queryKey: worklistKeys.all });
  });
  // Live changes may empty a later page (its alerts closed): go to the last page that has rows.
  const lastPage = list.data ? Math.max(0, Math.ceil(list.data.total / PAGE_SIZE) - 1) : 0;
  const stranded = Boolean(list.data && !list.isPlaceholderData && list.data.items.length === 0 && page > 0);
  useEffect(() => {
    if (stranded) state.change({ page: lastPage }, { replace: true });
  }, [stranded, lastPage]); // eslint-disable-line react-hooks/exhaustive-deps
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), WAITING_TICK_MS);
    return () => clearInterval(id);
  }, []);
  // The list's own data time keeps the waiting times in step with what was fetched.
  const nowMs = Math.max(now, list.dataUpdatedAt);
  const ack = useMutation({
    mutationFn: (id: string) => alerts.ack(id),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: worklistKeys.all }),
        queryClient.invalidateQueries({ queryKey: alertKeys.all }),
      ]);
      notifySuccess(t('worklist.acknowledged'));
    },
    meta: { inlineError: true },
  });
  const assign = useMutation({
    mutationFn: (i: TWorklistItem) => patients.followAsDoctor(i.patientId),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: worklistKeys.all }),
        queryClient.invalidateQueries({ queryKey: patientKeys.all }),
      ]);
      notifySuccess(t('worklist.assigned'));
    },
    meta: { inlineError: true },
  });

  return (
    <Stack>
      <div>
        <Title order={1}>{t('worklist.title')}</Title>
        <Text c="dimmed">{t('worklist.subtitle')}</Text>
      </div>
      <Group align="flex-end">
        <NativeSelect
          label={t('worklist.tierFilter')}
          value={tier ?? ''}
          onChange={(e) => state.setFilter('tier', isTier(e.currentTarget.value) ? e.currentTarget.value : '')}
          data={[
            { value: '', label: t('worklist.allTiers') },
            ...WORKLIST_TIERS.map((l) => ({ value: l, label: t(`alerts.level.${l}`) })),
          ]}
        />
        <Text size="sm" c="dimmed">
          {t('worklist.live')}
        </Text>
        <SavedViews list="worklist" />
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('worklist.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {ack.error && (
        <Alert color="red" role="alert">
          {errorText(t, ack.error)}
        </Alert>
      )}
      {assign.error && (
        <Alert color="red" role="alert">
          {errorText(t, assign.error)}
        </Alert>
      )}
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 && page === 0 ? (
        <Text c="dimmed" role="status">
          {t('worklist.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={900}>
            <Table striped withTableBorder aria-label={t('worklist.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('worklist.col.tier')}</Table.Th>
                  <Table.Th>{t('worklist.col.patient')}</Table.Th>
                  <Table.Th>{t('worklist.col.reading')}</Table.Th>
                  <Table.Th>{t('worklist.col.trend')}</Table.Th>
                  <Table.Th>{t('worklist.col.assignee')}</Table.Th>
                  <Table.Th>{t('worklist.col.acknowledged')}</Table.Th>
                  <Table.Th>{t('worklist.col.waiting')}</Table.Th>
                  <Table.Th>{t('worklist.col.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((i) => (
                  <Table.Tr key={i.patientId} data-level={i.level} data-patient-code={i.patientCode ?? undefined}>
                    <Table.Td>
                      <LevelBadge t={t} level={i.level} />
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/patients/${i.patientId}`}
                        aria-label={t('worklist.openPatientLabel', { name: i.patientName })}
                      >
                        {i.patientName}
                      </Anchor>
                      {i.patientCode && (
                        <Text size="xs" c="dimmed">
                          {i.patientCode}
                        </Text>
                      )}
                      {i.silent && i.silentSince && (
                        <Tooltip label={t('worklist.silentSince', { at: formatDateTime(i.silentSince, tz) })}>
                          <Badge color="gray" variant="outline" size="sm" tabIndex={0}>
                            {t('worklist.silent')}
                          </Badge>
                        </Tooltip>
                      )}
                      {i.notWorn && i.notWornSince && (
                        <Tooltip label={t('worklist.notWornSince', { at: formatDateTime(i.notWornSince, tz) })}>
                          <Badge color="gray" variant="outline" size="sm" tabIndex={0}>
                            {t('worklist.notWorn')}
                          </Badge>
                        </Tooltip>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {i.index ? (
                        <Text size="sm">
                          {t(`alerts.index.${i.index}`)}: <b>{i.value ?? t('alerts.common.none')}</b>
                        </Text>
                      ) : (
                        <Text size="sm">{t('worklist.noReading')}</Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {t('worklist.openAlerts', { count: i.openAlerts })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Trend t={t} item={i} />
                    </Table.Td>
                    <Table.Td>
                      {i.assignees.length ? (
                        <Text size="sm">{i.assignees.map((a) => a.name).join(', ')}</Text>
                      ) : (
                        <Text c="dimmed" size="sm">
                          {t('worklist.unassigned')}
                        </Text>
                      )}
                      {canAssignToMe(me, i.assignees) && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          mt={4}
                          onClick={() => assign.mutate(i)}
                          loading={assign.isPending && assign.variables?.patientId === i.patientId}
                          aria-label={t('worklist.assignToMeLabel', { name: i.patientName })}
                        >
                          {t('worklist.assignToMe')}
                        </Button>
                      )}
                      {canAssignOthers && <AssignDoctor item={i} />}
                    </Table.Td>
                    <Table.Td data-acknowledged={i.acknowledgedAt ? 'yes' : 'no'}>
                      {i.acknowledgedAt ? (
                        <Text size="sm">
                          {t('worklist.acknowledgedBy', {
                            name: i.acknowledgedBy?.name ?? t('alerts.common.none'),
                            at: formatDateTime(i.acknowledgedAt, tz),
                          })}
                        </Text>
                      ) : (
                        <Group gap="xs">
                          <Text span size="sm" c="dimmed">
                            {t('worklist.notAcknowledged')}
                          </Text>
                          <Button
                            size="compact-xs"
                            variant="light"
                            onClick={() => ack.mutate(i.alertId)}
                            loading={ack.isPending && ack.variables === i.alertId}
                            aria-label={t('worklist.acknowledgeLabel', { name: i.patientName })}
                          >
                            {t('worklist.acknowledge')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{waitingText(t, i.waitingSince, nowMs)}</Text>
                      <Text size="xs" c="dimmed">
                        {t('worklist.since', { at: formatDateTime(i.waitingSince, tz) })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" style={{ whiteSpace: 'nowrap' }}>
                        {i.sosCaseId && (
                          <Anchor
                            component={Link}
                            to={`/sos-cases/${i.sosCaseId}`}
                            size="sm"
                            aria-label={t('worklist.openCaseLabel', { name: i.patientName })}
                          >
                            {t('worklist.openCase')}
                          </Anchor>
                        )}
                        <Anchor
                          component={Link}
                          to={`/alerts?patientId=${i.patientId}`}
                          size="sm"
                          aria-label={t('worklist.openAlertLabel', { name: i.patientName })}
                        >
                          {t('worklist.openAlert')}
                        </Anchor>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager t={t} total={list.data.total} size={PAGE_SIZE} page={page} onChange={state.setPage} />
        </>
      )}
    </Stack>
  );
}
