import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  USER_ACTIVITY_KINDS,
  ZTicketActivityRequest,
  type TTicketDetail,
  type TTicketStatus,
} from '@carewatch/contracts/tickets';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { TicketStatusBadge, formatDuration, ticketKeys, tickets } from './tickets-shared.tsx';
import { activityChange, callerLine, cancelReasonProblem, ticketMoves, transitionBody } from './tickets-rules.ts';

type ActivityKind = (typeof USER_ACTIVITY_KINDS)[number];
const isActivity = (v: string): v is ActivityKind => (USER_ACTIVITY_KINDS as readonly string[]).includes(v);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function Actions({ ticket }: { ticket: TTicketDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [canceling, setCanceling] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [kind, setKind] = useState<ActivityKind>('schedule_confirmed');
  const [detail, setDetail] = useState('');
  const [activityErrors, setActivityErrors] = useState<Record<string, string>>({});
  const done = (d: TTicketDetail) => queryClient.setQueryData(ticketKeys.detail(ticket.id), d);
  const move = useMutation({
    mutationFn: (to: TTicketStatus) => tickets.transition(ticket.id, transitionBody(to, note, reason)),
    onSuccess: async (d) => {
      done(d);
      setNote('');
      setCanceling(false);
      setReason('');
      notifySuccess(t('tickets.detail.moved', { status: t(`tickets.status.${d.status}`) }));
      await queryClient.invalidateQueries({ queryKey: ['tickets', 'list'] });
    },
    onError: (e) => setReasonError(serverFieldErrors(t, e).reason ?? ''),
    meta: { inlineError: true },
  });
  const addActivity = useMutation({
    mutationFn: () => {
      const parsed = ZTicketActivityRequest.safeParse({ kind, note: detail });
      if (!parsed.success) {
        setActivityErrors(zodFieldErrors(t, parsed.error));
        return Promise.reject(new Error('invalid'));
      }
      return tickets.addActivity(ticket.id, parsed.data);
    },
    onSuccess: (d) => {
      done(d);
      setDetail('');
      setActivityErrors({});
      notifySuccess(t('tickets.detail.activityAdded'));
    },
    meta: { inlineError: true },
  });
  const moves = ticketMoves(ticket.status);
  if (moves.final) return <Text c="dimmed">{t('tickets.detail.final')}</Text>;
  return (
    <Stack>
      <Card withBorder component="section" aria-label={t('tickets.detail.actions')}>
        <Stack gap="sm">
          <Title order={3}>{t('tickets.detail.actions')}</Title>
          <TextInput
            label={t('tickets.detail.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={1000}
          />
          <Group>
            {moves.forward.map((s) => (
              <Button key={s} onClick={() => move.mutate(s)} loading={move.isPending && move.variables === s}>
                {t('tickets.detail.moveTo', { status: t(`tickets.status.${s}`) })}
              </Button>
            ))}
            {moves.cancel && (
              <Button color="red" variant="light" onClick={() => setCanceling(true)}>
                {t('tickets.detail.cancelTicket')}
              </Button>
            )}
          </Group>
          {move.error && !canceling && (
            <Alert color="red" role="alert">
              {errorText(t, move.error)}
            </Alert>
          )}
        </Stack>
      </Card>
      <Card withBorder component="section" aria-label={t('tickets.detail.addActivity')}>
        <Stack gap="sm">
          <Title order={3}>{t('tickets.detail.addActivity')}</Title>
          <NativeSelect
            label={t('tickets.detail.activityKind')}
            value={kind}
            onChange={(e) => {
              const v = e.currentTarget.value;
              if (isActivity(v)) setKind(v);
            }}
            data={USER_ACTIVITY_KINDS.map((k) => ({ value: k, label: t(`tickets.activity.${k}`) }))}
          />
          <Textarea
            label={t('tickets.detail.activityNote')}
            value={detail}
            onChange={(e) => setDetail(e.currentTarget.value)}
            error={activityErrors.note}
            autosize
            minRows={2}
            maxLength={1000}
          />
          {addActivity.error && addActivity.error.message !== 'invalid' && (
            <Alert color="red" role="alert">
              {errorText(t, addActivity.error)}
            </Alert>
          )}
          <Group>
            <Button variant="light" onClick={() => addActivity.mutate()} loading={addActivity.isPending}>
              {t('tickets.detail.addActivity')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Modal opened={canceling} onClose={() => setCanceling(false)} title={t('tickets.detail.cancelTitle')}>
        <Stack>
          <Textarea
            label={t('tickets.detail.reason')}
            value={reason}
            required
            error={reasonError || undefined}
            maxLength={500}
            autosize
            minRows={2}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError('');
            }}
          />
          {move.error && !reasonError && (
            <Alert color="red" role="alert">
              {errorText(t, move.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCanceling(false)}>
              {t('tickets.detail.keep')}
            </Button>
            <Button
              color="red"
              loading={move.isPending}
              onClick={() => {
                const problem = cancelReasonProblem(reason);
                if (problem) setReasonError(t(problem));
                else move.mutate('canceled');
              }}
            >
              {t('tickets.detail.confirmCancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** A ticket: fields, KPI, transitions, activities (schedule confirmed, consultation, completion, results) and history. */
export function TicketDetailPage() {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: ticketKeys.detail(id), queryFn: () => tickets.get(id), meta: { inlineError: true } });
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const x = q.data;
  const none = t('alerts.common.none');
  return (
    <Stack>
      <Anchor component={Link} to="/tickets" size="sm">
        {t('tickets.detail.back')}
      </Anchor>
      <Group gap="sm">
        <Title order={1}>{t('tickets.detail.title', { code: x.code })}</Title>
        <TicketStatusBadge t={t} status={x.status} />
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label={t('tickets.fields.type')}>{t(`tickets.type.${x.type}`)}</Field>
          <Field label={t('tickets.fields.patient')}>
            {x.patientId ? (
              <Anchor component={Link} to={`/patients/${x.patientId}`}>
                {x.patientName}
              </Anchor>
            ) : (
              none
            )}
            {x.patientCode ? ` (${x.patientCode})` : ''}
          </Field>
          <Field label={t('tickets.fields.caller')}>{callerLine(x.callerName, x.callerPhone) ?? none}</Field>
          <Field label={t('tickets.fields.createdAt')}>{formatDateTime(x.createdAt, tz)}</Field>
          <Field label={t('tickets.fields.confirmed')}>{formatDuration(t, x.kpi.secondsToConfirm)}</Field>
          <Field label={t('tickets.fields.completed')}>{formatDuration(t, x.kpi.secondsToComplete)}</Field>
          <Field label={t('tickets.fields.closedAt')}>{x.closedAt ? formatDateTime(x.closedAt, tz) : none}</Field>
          <Field label={t('tickets.fields.cancelReason')}>{x.cancelReason ?? none}</Field>
          <Field label={t('tickets.detail.sosCase')}>
            {x.sosCaseId ? (
              <Anchor component={Link} to={`/sos-cases/${x.sosCaseId}`}>
                {t('tickets.detail.openSosCase')}
              </Anchor>
            ) : (
              none
            )}
          </Field>
        </SimpleGrid>
        {x.description && (
          <Text mt="sm" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {x.description}
          </Text>
        )}
      </Card>
      <Actions ticket={x} />
      <Card withBorder component="section" aria-label={t('tickets.detail.activities')}>
        <Title order={3} mb="sm">
          {t('tickets.detail.activities')}
        </Title>
        <Table withTableBorder striped aria-label={t('tickets.detail.activities')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={170}>{t('tickets.detail.at')}</Table.Th>
              <Table.Th>{t('tickets.detail.what')}</Table.Th>
              <Table.Th>{t('tickets.detail.by')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {x.activities.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{formatDateTime(a.at, tz)}</Table.Td>
                <Table.Td>
                  {t(`tickets.activity.${a.kind}`)}
                  {(() => {
                    const c = activityChange(a);
                    return (
                      c && `: ${c.from ? `${t(`tickets.status.${c.from}`)} → ` : ''}${t(`tickets.status.${c.to}`)}`
                    );
                  })()}
                  {a.note && (
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                      {a.note}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{a.actorName ?? t('tickets.detail.system')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
