import { useState } from 'react';
import { Alert, Button, Checkbox, Group, List, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ZScheduleRejectRequest,
  type TDoctorSchedule,
  type TScheduleDecisionResult,
  type TScheduleRequestQuery,
} from '@carewatch/contracts/schedules';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, zodFieldErrors } from '@carewatch/web/errors';
import { PlainTabs } from '../../app/plain-tabs.tsx';
import { type ListSpec } from '../../app/list-state.ts';
import { useListState, useUrlParam } from '../../app/use-list-state.ts';
import { Pager } from '../alerts/alerts-shared.tsx';
import { ScheduleStatusBadge, formatWhen, formatWindow, scheduleKeys, schedules } from './schedules-shared.tsx';

const PAGE_SIZE = 20;
const LISTS: Record<'pending' | 'history', ListSpec> = {
  pending: { pageSize: PAGE_SIZE },
  history: { pageSize: PAGE_SIZE, prefix: 'h.' },
};
type Outcome = { results: TScheduleDecisionResult['results']; items: Map<string, TDoctorSchedule> };

function Results({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const ok = outcome.results.filter((r) => r.ok).length;
  const failed = outcome.results.length - ok;
  return (
    <Alert
      color={failed ? 'orange' : 'green'}
      title={t('schedules.approvals.results')}
      role="status"
      aria-label={t('schedules.approvals.results')}
    >
      <Text size="sm" mb={4}>
        {t('schedules.approvals.summary', { ok, failed })}
      </Text>
      <List size="sm">
        {outcome.results.map((r) => {
          const s = outcome.items.get(r.id);
          const who = { doctor: s?.doctorName ?? r.id, time: s ? formatWindow(s) : '' };
          return (
            <List.Item key={r.id}>
              {r.ok
                ? r.status
                  ? t('schedules.approvals.resultOk', { ...who, status: t(`schedules.status.${r.status}`) })
                  : t('schedules.approvals.resultRemoved', who)
                : t('schedules.approvals.resultFailed', {
                    ...who,
                    error: r.code ? t(`errors.${r.code}`, { defaultValue: '' }) || r.code : t('toast.generic'),
                  })}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}

function RequestList({ view }: { view: 'pending' | 'history' }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { page, setPage } = useListState(LISTS[view]);
  const [selected, setSelected] = useState<string[]>([]);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const pending = view === 'pending';
  const query: Partial<TScheduleRequestQuery> = { view, page, size: PAGE_SIZE };
  const list = useQuery({
    queryKey: scheduleKeys.requests(query),
    queryFn: () => schedules.requests(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const items = list.data?.items ?? [];
  const visibleIds = items.map((s) => s.id);
  const chosen = selected.filter((id) => visibleIds.includes(id));

  const finish = async (r: TScheduleDecisionResult) => {
    setOutcome({ results: r.results, items: new Map(items.map((s) => [s.id, s])) });
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  };
  const approve = useMutation({
    mutationFn: (ids: string[]) => schedules.approve(ids),
    onSuccess: finish,
    meta: { inlineError: true },
  });
  const reject = useMutation({
    mutationFn: (b: { ids: string[]; reason: string }) => schedules.reject(b.ids, b.reason),
    onSuccess: async (r) => {
      setRejecting(false);
      setReason('');
      await finish(r);
    },
    meta: { inlineError: true },
  });
  const submitReject = () => {
    const parsed = ZScheduleRejectRequest.safeParse({ ids: chosen, reason });
    if (!parsed.success) {
      const errs = zodFieldErrors(t, parsed.error);
      return setReasonError(
        errs.reason ? (reason.trim() ? errs.reason : t('schedules.approvals.reasonRequired')) : undefined,
      );
    }
    setReasonError(undefined);
    reject.mutate(parsed.data);
  };
  const allChecked = visibleIds.length > 0 && chosen.length === visibleIds.length;
  const error = approve.error ?? reject.error;

  return (
    <Stack>
      {pending && (
        <Group>
          <Button
            onClick={() => approve.mutate(chosen)}
            disabled={chosen.length === 0}
            loading={approve.isPending}
            color="green"
          >
            {t('schedules.approvals.approve')}
          </Button>
          <Button
            onClick={() => {
              setReasonError(undefined);
              setRejecting(true);
            }}
            disabled={chosen.length === 0}
            color="red"
            variant="light"
          >
            {t('schedules.approvals.reject')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('schedules.approvals.selected', { count: chosen.length })}
          </Text>
          {list.data && (
            <Text size="sm" c="dimmed" ml="auto">
              {t('schedules.approvals.total', { count: list.data.total })}
            </Text>
          )}
        </Group>
      )}
      {error && !rejecting && (
        <Alert color="red" role="alert">
          {errorText(t, error)}
        </Alert>
      )}
      {outcome && <Results outcome={outcome} />}
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('schedules.approvals.empty')}
        </Text>
      ) : (
        <>
          <Table striped withTableBorder aria-label={t('schedules.approvals.table')}>
            <Table.Thead>
              <Table.Tr>
                {pending && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('schedules.approvals.selectAll')}
                      checked={allChecked}
                      indeterminate={chosen.length > 0 && !allChecked}
                      onChange={() => setSelected(allChecked ? [] : visibleIds)}
                    />
                  </Table.Th>
                )}
                <Table.Th>{t('schedules.fields.doctor')}</Table.Th>
                <Table.Th>{t('schedules.fields.time')}</Table.Th>
                <Table.Th>{t('schedules.fields.slots')}</Table.Th>
                <Table.Th>{t('schedules.fields.status')}</Table.Th>
                <Table.Th>{t('schedules.fields.submittedAt')}</Table.Th>
                <Table.Th>{t('schedules.fields.approver')}</Table.Th>
                <Table.Th>{t('schedules.fields.actionAt')}</Table.Th>
                <Table.Th>{t('schedules.fields.rejectReason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((s) => {
                const time = formatWindow(s);
                return (
                  <Table.Tr key={s.id} data-schedule-id={s.id}>
                    {pending && (
                      <Table.Td>
                        <Checkbox
                          aria-label={t('schedules.approvals.select', { doctor: s.doctorName, time })}
                          checked={chosen.includes(s.id)}
                          onChange={(e) => {
                            const on = e.currentTarget.checked;
                            setSelected((cur) => (on ? [...cur, s.id] : cur.filter((x) => x !== s.id)));
                          }}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      {s.doctorName}
                      {s.centerName && (
                        <Text size="xs" c="dimmed">
                          {s.centerName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{time}</Table.Td>
                    <Table.Td>{`${s.bookedCount}/${s.slotCount} · ${s.slotMinutes}′`}</Table.Td>
                    <Table.Td>
                      <ScheduleStatusBadge t={t} status={s.status} />
                    </Table.Td>
                    <Table.Td>{formatWhen(t, s.submittedAt)}</Table.Td>
                    <Table.Td>{s.approverName ?? t('schedules.fields.none')}</Table.Td>
                    <Table.Td>{formatWhen(t, s.actionAt)}</Table.Td>
                    <Table.Td>{s.rejectReason ?? t('schedules.fields.none')}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Pager
            t={t}
            total={list.data.total}
            size={PAGE_SIZE}
            page={page}
            onChange={setPage}
            prefix="schedules.approvals"
          />
        </>
      )}
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={t('schedules.approvals.rejectTitle')}>
        <Stack>
          <Text size="sm">{t('schedules.approvals.selected', { count: chosen.length })}</Text>
          <Textarea
            label={t('schedules.approvals.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={reasonError}
            required
            autosize
            minRows={3}
            maxLength={500}
          />
          {reject.error && (
            <Alert color="red" role="alert">
              {errorText(t, reject.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(false)}>
              {t('schedules.approvals.cancel')}
            </Button>
            <Button color="red" onClick={submitReject} loading={reject.isPending}>
              {t('schedules.approvals.confirmReject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The approval list of schedule requests: pending (new, leave) with multi-select approve / reject, and the history. */
export function ScheduleApprovalsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useUrlParam('tab');
  return (
    <Stack>
      <div>
        <Title order={1}>{t('schedules.approvals.title')}</Title>
        <Text c="dimmed">{t('schedules.approvals.subtitle')}</Text>
      </div>
      <PlainTabs
        id="schedule-approvals-tabs"
        label={t('schedules.approvals.tabs')}
        value={tab || 'pending'}
        onChange={(v) => setTab(v === 'pending' ? '' : v)}
        tabs={[
          { value: 'pending', label: t('schedules.approvals.pending'), content: () => <RequestList view="pending" /> },
          {
            value: 'history',
            label: t('schedules.approvals.history'),
            content: () => <RequestList key="history" view="history" />,
          },
        ]}
      />
    </Stack>
  );
}
