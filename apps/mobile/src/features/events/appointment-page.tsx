import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  isFinalAppointmentStatus,
  ZAppointmentCancelRequest,
  type TAppointmentDetail,
} from '@carewatch/contracts/appointments';
import { dateText, timeText } from '../../app/format.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { useSubject } from '../../app/subject.ts';
import { BackLink } from '../profile/back-link.tsx';
import { STATUS_COLORS } from './event-rules.ts';
import { EVENT_KEYS, eventErrorText, myEventsApi } from './events-api.ts';
import { RateDoctorForm } from '../ratings/rate-doctor.tsx';

const REASON_MAX = 500;

/** `/events/appointments/:id`: Event details of a medical event, cancel with a required reason, join a video visit. */
export function AppointmentPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useQuery({ queryKey: EVENT_KEYS.appointment(id), queryFn: () => myEventsApi.appointment(id) });
  let body: ReactNode;
  if (detail.data === undefined && detail.isError)
    body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (detail.data === undefined && detail.fetchStatus === 'paused')
    body = <Text c="dimmed">{t('events.offlineNone')}</Text>;
  else if (detail.data === undefined) body = <CardsSkeleton rows={3} />;
  else body = <AppointmentDetails a={detail.data} />;
  return (
    <Stack gap="md">
      <BackLink to="/events?tab=medical" />
      <Title order={1} size="h3">
        {t('events.appointment.title')}
      </Title>
      {detail.isError && detail.data !== undefined && (
        <Alert color="red" role="alert">
          {eventErrorText(t, detail.error)}
        </Alert>
      )}
      {body}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </div>
  );
}

function AppointmentDetails({ a }: { a: TAppointmentDetail }) {
  const { t } = useTranslation();
  const subject = useSubject();
  const [cancelling, setCancelling] = useState(false);
  // A follower sees the appointment read only; the patient (or who manages a sub-user) may cancel.
  const mayCancel = a.status === 'UPCOMING' && (!subject || subject.relation === 'sub_user');
  const canJoin = a.location === 'ONLINE' && !isFinalAppointmentStatus(a.status);
  return (
    <Stack gap="md">
      <Card withBorder component="section" aria-labelledby="appointment-summary">
        <Group justify="space-between" wrap="nowrap" align="flex-start" mb="sm">
          <div>
            <Text size="xs" c="dimmed">
              {t('events.appointment.reason')}
            </Text>
            <Title order={2} size="h5" id="appointment-summary" style={{ overflowWrap: 'anywhere' }}>
              {a.reason}
            </Title>
          </div>
          <Badge color={STATUS_COLORS[a.status]} variant="light" style={{ flexShrink: 0 }}>
            {t(`events.statuses.${a.status}`)}
          </Badge>
        </Group>
        {/* Date and time side by side: a list of their own (a <dl> holds its groups directly). */}
        <Group component="dl" grow align="flex-start" m={0} mb="xs">
          <Field label={t('events.appointment.date')}>{dateText(a.start)}</Field>
          <Field label={t('events.appointment.time')}>{`${timeText(a.start)} – ${timeText(a.end)}`}</Field>
        </Group>
        <Stack component="dl" gap="xs" m={0}>
          <Field label={t('events.appointment.organizer')}>{a.doctorName}</Field>
          <Field label={t('events.appointment.location')}>{t(`events.locations.${a.location}`)}</Field>
          {a.location !== 'ONLINE' && a.address && <Field label={t('events.appointment.address')}>{a.address}</Field>}
          <Field label={t('events.appointment.status')}>{t(`events.statuses.${a.status}`)}</Field>
          {a.note && <Field label={t('events.appointment.note')}>{a.note}</Field>}
          {a.status === 'COMPLETED' && a.diagnosis && (
            <Field label={t('events.appointment.diagnosis')}>{a.diagnosis}</Field>
          )}
          {a.status === 'COMPLETED' && a.advice && <Field label={t('events.appointment.advice')}>{a.advice}</Field>}
          {a.status === 'CANCELED' && a.cancelReason && (
            <Field label={t('events.appointment.cancelReason')}>{a.cancelReason}</Field>
          )}
          <Field label={t('events.appointment.code')}>{a.code}</Field>
        </Stack>
        {a.overdue && (
          <Text size="sm" c="orange.9" mt="sm">
            {t('events.appointment.overdue')}
          </Text>
        )}
      </Card>
      {a.status === 'COMPLETED' && !subject && (
        <RateDoctorForm doctorId={a.doctorId} doctorName={a.doctorName} appointmentId={a.id} />
      )}
      {canJoin && (
        <Button component={Link} to={`/visits/${a.id}`} size="md" color="teal">
          {t('events.appointment.join')}
        </Button>
      )}
      {mayCancel && (
        <Button variant="light" color="red" size="md" onClick={() => setCancelling(true)}>
          {t('events.appointment.cancel')}
        </Button>
      )}
      {a.status === 'UPCOMING' && !mayCancel && (
        <Text size="sm" c="dimmed">
          {t('events.appointment.readOnly')}
        </Text>
      )}
      <Modal
        opened={cancelling}
        onClose={() => setCancelling(false)}
        title={t('events.appointment.cancelTitle')}
        centered
      >
        {cancelling && <CancelForm id={a.id} onDone={() => setCancelling(false)} />}
      </Modal>
    </Stack>
  );
}

function CancelForm({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: (r: string) => myEventsApi.cancelAppointment(id, r),
    onSuccess: async (detail) => {
      queryClient.setQueryData(EVENT_KEYS.appointment(id), detail);
      notifications.show({ color: 'teal', message: t('events.appointment.canceled'), autoClose: 2500 });
      onDone();
      await queryClient.invalidateQueries({ queryKey: EVENT_KEYS.all, predicate: (q) => q.queryKey[2] === 'list' });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    cancel.reset();
    const parsed = ZAppointmentCancelRequest.safeParse({ reason });
    if (!parsed.success) {
      setError(
        reason.trim() ? t('events.appointment.reasonMax', { n: REASON_MAX }) : t('events.appointment.reasonRequired'),
      );
      return;
    }
    cancel.mutate(parsed.data.reason);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('events.appointment.cancelText')}</Text>
        <Textarea
          label={t('events.appointment.reasonLabel')}
          required
          autosize
          minRows={3}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        {cancel.isError && (
          <Alert color="red" role="alert">
            {eventErrorText(t, cancel.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('events.appointment.keep')}
          </Button>
          <Button type="submit" color="red" loading={cancel.isPending}>
            {t('events.appointment.confirmCancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
