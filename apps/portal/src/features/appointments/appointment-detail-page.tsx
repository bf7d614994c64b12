import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import { isFinalAppointmentStatus, type TAppointmentDetail } from '@carewatch/contracts/appointments';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, serverFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { DayInput } from '@carewatch/web/day-input';
import {
  AppointmentStatusBadge,
  OverdueBadge,
  SlotPicker,
  appointmentKeys,
  appointments,
  schedules,
} from './appointments-shared.tsx';
import {
  appointmentActions,
  completeBody,
  hasFreeSlot,
  historyChange,
  isDay,
  rescheduleBody,
} from './appointments-rules.ts';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

/** The diagnosis (required) and advice that complete a visit. */
function CompleteModal({ a, onClose }: { a: TAppointmentDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [diagnosis, setDiagnosis] = useState(a.diagnosis ?? '');
  const [advice, setAdvice] = useState(a.advice ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const complete = useMutation({
    mutationFn: () => appointments.complete(a.id, completeBody(diagnosis, advice)),
    onSuccess: async (d) => {
      queryClient.setQueryData(appointmentKeys.detail(a.id), d);
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      notifySuccess(t('appointments.detail.completed'));
      onClose();
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  return (
    <Modal opened onClose={onClose} title={t('appointments.detail.completeTitle')}>
      <Stack>
        <Textarea
          label={t('appointments.fields.diagnosis')}
          value={diagnosis}
          onChange={(e) => setDiagnosis(e.currentTarget.value)}
          required
          autosize
          minRows={3}
          error={errors.diagnosis}
        />
        <Textarea
          label={t('appointments.fields.advice')}
          value={advice}
          onChange={(e) => setAdvice(e.currentTarget.value)}
          autosize
          minRows={3}
          error={errors.advice}
        />
        {complete.error && !Object.keys(errors).length && (
          <Alert color="red" role="alert">
            {errorText(t, complete.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('appointments.detail.close')}
          </Button>
          <Button onClick={() => complete.mutate()} loading={complete.isPending}>
            {t('appointments.detail.completeSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CancelModal({ a, onClose }: { a: TAppointmentDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const cancel = useMutation({
    mutationFn: () => appointments.cancel(a.id, reason),
    onSuccess: async (d) => {
      queryClient.setQueryData(appointmentKeys.detail(a.id), d);
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      notifySuccess(t('appointments.detail.canceled'));
      onClose();
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  return (
    <Modal opened onClose={onClose} title={t('appointments.detail.cancelTitle')}>
      <Stack>
        <Textarea
          label={t('appointments.fields.cancelReason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          required
          autosize
          minRows={2}
          error={errors.reason}
        />
        {cancel.error && !Object.keys(errors).length && (
          <Alert color="red" role="alert">
            {errorText(t, cancel.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('appointments.detail.close')}
          </Button>
          <Button color="red" onClick={() => cancel.mutate()} loading={cancel.isPending}>
            {t('appointments.detail.cancelSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Another free slot of the same doctor (day, then slot); the reminders follow on the server. */
function RescheduleModal({ a, onClose }: { a: TAppointmentDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const queryClient = useQueryClient();
  const [day, setDay] = useState('');
  const [slotId, setSlotId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const valid = isDay(day);
  const slots = useQuery({
    queryKey: appointmentKeys.slots(a.doctorId, day),
    queryFn: () => schedules.slots(a.doctorId, day),
    enabled: valid,
    meta: { inlineError: true },
  });
  const move = useMutation({
    mutationFn: () => appointments.reschedule(a.id, rescheduleBody(slotId!, note)),
    onSuccess: async (d) => {
      queryClient.setQueryData(appointmentKeys.detail(a.id), d);
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      notifySuccess(t('appointments.detail.rescheduled'));
      onClose();
    },
    onError: async () => {
      await queryClient.invalidateQueries({ queryKey: ['appointments', 'slots'] });
    },
    meta: { inlineError: true },
  });
  return (
    <Modal opened onClose={onClose} title={t('appointments.detail.rescheduleTitle')}>
      <Stack>
        <DayInput
          label={t('appointments.create.day')}
          value={day}
          onValue={(v) => {
            setDay(v);
            setSlotId(null);
          }}
          required
        />
        {valid &&
          slots.data &&
          (hasFreeSlot(slots.data.items) ? (
            <SlotPicker t={t} slots={slots.data.items} value={slotId} onChange={setSlotId} tz={tz} />
          ) : (
            <Text size="sm" c="dimmed" role="status">
              {t('appointments.create.noSlots')}
            </Text>
          ))}
        <Textarea
          label={t('appointments.fields.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        {move.error && (
          <Alert color="red" role="alert">
            {errorText(t, move.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('appointments.detail.close')}
          </Button>
          <Button onClick={() => move.mutate()} disabled={!slotId} loading={move.isPending}>
            {t('appointments.detail.rescheduleSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** An appointment: its fields, the moves the reader may make, history (from → to, who, when), print and video. */
export function AppointmentDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const has = useHasPermission();
  const profile = useProfile().data;
  const tz = profile?.timezone;
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'complete' | 'cancel' | 'reschedule' | null>(null);
  const q = useQuery({
    queryKey: appointmentKeys.detail(id),
    queryFn: () => appointments.get(id),
    meta: { inlineError: true },
  });
  const move = useMutation({
    mutationFn: (status: 'WAITING_FOR_DOCTOR' | 'PROCESSING' | 'PENDING') => appointments.move(id, { status }),
    onSuccess: async (d) => {
      queryClient.setQueryData(appointmentKeys.detail(id), d);
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      notifySuccess(t('appointments.detail.moved', { status: t(`appointments.status.${d.status}`) }));
    },
    meta: { inlineError: true },
  });
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const a = q.data;
  const actions = appointmentActions(a, {
    profileId: profile?.id,
    role: profile?.role,
    canUpdate: has(Permission.AppointmentUpdate),
    canCancel: has(Permission.AppointmentCancel),
  });
  const open = !isFinalAppointmentStatus(a.status);
  return (
    <Stack>
      <Anchor component={Link} to="/appointments">
        {t('appointments.detail.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Group>
          <Title order={1}>{t('appointments.detail.title', { code: a.code })}</Title>
          <AppointmentStatusBadge t={t} status={a.status} />
          {a.overdue && <OverdueBadge t={t} />}
        </Group>
        <Group>
          <Button variant="default" component={Link} to={`/appointments/${a.id}/print`}>
            {t('appointments.detail.print')}
          </Button>
          <Button variant="default" component={Link} to={`/appointments/${a.id}/print?qr=1`}>
            {t('appointments.detail.printQr')}
          </Button>
        </Group>
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label={t('appointments.fields.start')}>
            {formatDateTime(a.start, tz)} – {formatDateTime(a.end, tz).slice(-8)}
          </Field>
          <Field label={t('appointments.fields.patient')}>
            <Anchor component={Link} to={`/patients/${a.patientId}`}>
              {a.patientName}
            </Anchor>
            {a.patientCode ? ` (${a.patientCode})` : ''}
          </Field>
          <Field label={t('appointments.fields.doctor')}>{a.doctorName}</Field>
          <Field label={t('appointments.fields.location')}>
            {t(`appointments.location.${a.location}`)}
            {a.address ? ` — ${a.address}` : ''}
          </Field>
          <Field label={t('appointments.fields.reason')}>{a.reason}</Field>
          <Field label={t('appointments.fields.note')}>{a.note ?? '—'}</Field>
          <Field label={t('appointments.fields.payment')}>
            {a.paid ? t('appointments.fields.paid') : t('appointments.fields.free')}
          </Field>
          <Field label={t('appointments.fields.createdBy')}>
            {a.createdByName ?? '—'} · {formatDateTime(a.createdAt, tz)}
          </Field>
          {a.diagnosis && <Field label={t('appointments.fields.diagnosis')}>{a.diagnosis}</Field>}
          {a.advice && <Field label={t('appointments.fields.advice')}>{a.advice}</Field>}
          {a.cancelReason && <Field label={t('appointments.fields.cancelReason')}>{a.cancelReason}</Field>}
        </SimpleGrid>
      </Card>
      {open && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('appointments.detail.actions')}
          </Title>
          <Group>
            {actions.join && (
              <Button component={Link} to={`/visits/${a.id}`} color="teal">
                {t('appointments.detail.join')}
              </Button>
            )}
            {actions.waiting && (
              <Button variant="light" onClick={() => move.mutate('WAITING_FOR_DOCTOR')} loading={move.isPending}>
                {t('appointments.detail.waiting')}
              </Button>
            )}
            {actions.start && (
              <Button onClick={() => move.mutate('PROCESSING')} loading={move.isPending}>
                {t('appointments.detail.start')}
              </Button>
            )}
            {actions.pending && (
              <Button variant="light" onClick={() => move.mutate('PENDING')} loading={move.isPending}>
                {t('appointments.detail.pending')}
              </Button>
            )}
            {actions.complete && (
              <Button color="green" onClick={() => setDialog('complete')}>
                {t('appointments.detail.complete')}
              </Button>
            )}
            {actions.reschedule && (
              <Button variant="light" onClick={() => setDialog('reschedule')}>
                {t('appointments.detail.reschedule')}
              </Button>
            )}
            {actions.cancel && (
              <Button color="red" variant="light" onClick={() => setDialog('cancel')}>
                {t('appointments.detail.cancel')}
              </Button>
            )}
          </Group>
          {move.error && (
            <Alert color="red" role="alert" mt="sm">
              {errorText(t, move.error)}
            </Alert>
          )}
        </Card>
      )}
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('appointments.detail.history')}
        </Title>
        <Table withTableBorder aria-label={t('appointments.detail.historyTable')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('appointments.detail.when')}</Table.Th>
              <Table.Th>{t('appointments.detail.change')}</Table.Th>
              <Table.Th>{t('appointments.detail.who')}</Table.Th>
              <Table.Th>{t('appointments.fields.note')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {a.history.map((h, i) => (
              <Table.Tr key={i}>
                <Table.Td>{formatDateTime(h.at, tz)}</Table.Td>
                <Table.Td>
                  {(() => {
                    const c = historyChange(h);
                    if (c.kind === 'rescheduled')
                      return t('appointments.detail.rescheduledTo', { when: formatDateTime(c.when, tz) });
                    return `${c.kind === 'moved' ? t(`appointments.status.${c.from}`) : t('appointments.detail.created')} → ${t(`appointments.status.${c.to}`)}`;
                  })()}
                </Table.Td>
                <Table.Td>{h.actorName ?? t('appointments.detail.system')}</Table.Td>
                <Table.Td>{h.note ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      {dialog === 'complete' && <CompleteModal a={a} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && <CancelModal a={a} onClose={() => setDialog(null)} />}
      {dialog === 'reschedule' && <RescheduleModal a={a} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
