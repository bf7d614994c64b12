import { Alert, Anchor, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ALERT_LEVELS,
  ALERT_STATUSES,
  type TAlertLevel,
  type TAlertListQuery,
  type TAlertStatus,
} from '@carewatch/contracts/alerts';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { type ListSpec } from '../../app/list-state.ts';
import { useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { AlertStatusBadge, LIVE_MS, LevelBadge, Pager, alertKeys, alerts } from './alerts-shared.tsx';

const PAGE_SIZE = 15;
const LIST: ListSpec<'level' | 'status' | 'patientId'> = {
  filters: ['level', 'status', 'patientId'],
  filterDefaults: { status: 'open' },
  pageSize: PAGE_SIZE,
};
const isLevel = (v: string): v is TAlertLevel => (ALERT_LEVELS as readonly string[]).includes(v);
const isStatus = (v: string): v is TAlertStatus => (ALERT_STATUSES as readonly string[]).includes(v);

/** Alerts of visible patients with level / status filters; open ones can be acknowledged from the list. */
export function AlertsPage() {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const queryClient = useQueryClient();
  const state = useListState(LIST);
  const { page } = state;
  const patientId = state.filters.patientId || undefined;
  const level = isLevel(state.filters.level) ? state.filters.level : '';
  const status = isStatus(state.filters.status) ? state.filters.status : '';
  const query: Partial<TAlertListQuery> = {
    page,
    size: PAGE_SIZE,
    ...(level ? { level } : {}),
    ...(status ? { status } : {}),
    ...(patientId ? { patientId } : {}),
  };
  const list = useQuery({
    queryKey: alertKeys.list(query),
    queryFn: () => alerts.list(query),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
    meta: { inlineError: true },
  });
  const ack = useMutation({
    mutationFn: (id: string) => alerts.ack(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: alertKeys.all });
      notifySuccess(t('alerts.alerts.acknowledged'));
    },
    meta: { inlineError: true },
  });
  const none = t('alerts.common.none');
  return (
    <Stack>
      <div>
        <Title order={1}>{t('alerts.alerts.title')}</Title>
        <Text c="dimmed">{t('alerts.alerts.subtitle')}</Text>
      </div>
      <Group align="flex-end">
        <NativeSelect
          label={t('alerts.common.level')}
          value={level}
          onChange={(e) => state.setFilter('level', e.currentTarget.value)}
          data={[
            { value: '', label: t('alerts.common.all') },
            ...ALERT_LEVELS.filter((l) => l !== 'normal').map((l) => ({ value: l, label: t(`alerts.level.${l}`) })),
          ]}
        />
        <NativeSelect
          label={t('alerts.common.status')}
          value={status}
          onChange={(e) => state.setFilter('status', e.currentTarget.value)}
          data={[
            { value: '', label: t('alerts.common.all') },
            ...ALERT_STATUSES.map((s) => ({ value: s, label: t(`alerts.status.${s}`) })),
          ]}
        />
        <Text size="sm" c="dimmed">
          {t('alerts.common.live')}
        </Text>
        <SavedViews list="alerts" />
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('alerts.common.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {ack.error && (
        <Alert color="red" role="alert">
          {errorText(t, ack.error)}
        </Alert>
      )}
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('alerts.alerts.empty')}
        </Text>
      ) : (
        <>
          <Table striped withTableBorder aria-label={t('alerts.alerts.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('alerts.common.openedAt')}</Table.Th>
                <Table.Th>{t('alerts.common.patient')}</Table.Th>
                <Table.Th>{t('alerts.common.level')}</Table.Th>
                <Table.Th>{t('alerts.alerts.metric')}</Table.Th>
                <Table.Th>{t('alerts.alerts.value')}</Table.Th>
                <Table.Th>{t('alerts.alerts.source')}</Table.Th>
                <Table.Th>{t('alerts.common.status')}</Table.Th>
                <Table.Th>{t('alerts.sosCases.title')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{formatDateTime(a.openedAt, tz)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/patients/${a.patientId}`}>
                      {a.patientName}
                    </Anchor>
                    {a.patientCode && (
                      <Text size="xs" c="dimmed">
                        {a.patientCode}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <LevelBadge t={t} level={a.level} />
                  </Table.Td>
                  <Table.Td>{a.index ? t(`alerts.index.${a.index}`) : none}</Table.Td>
                  <Table.Td>{a.value ?? none}</Table.Td>
                  <Table.Td>{t(`alerts.source.${a.source}`)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <AlertStatusBadge t={t} status={a.status} />
                      {a.status === 'open' && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => ack.mutate(a.id)}
                          loading={ack.isPending && ack.variables === a.id}
                          aria-label={t('alerts.alerts.acknowledge', { name: a.patientName })}
                        >
                          {t('alerts.sosCase.acknowledge')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {a.sosCaseId ? (
                      <Anchor component={Link} to={`/sos-cases/${a.sosCaseId}`}>
                        {t('alerts.common.view')}
                      </Anchor>
                    ) : (
                      none
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pager t={t} total={list.data.total} size={PAGE_SIZE} page={page} onChange={state.setPage} />
        </>
      )}
    </Stack>
  );
}
