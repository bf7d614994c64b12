import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import {
  SOS_CASE_OUTCOMES,
  type TCloseSosCaseRequest,
  type TSosCaseDetail,
  type TSosCaseOutcome,
} from '@carewatch/contracts/alerts';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { PlainTabs } from '../../app/plain-tabs.tsx';
import { useRealtimeEvent } from '../../app/realtime.ts';
import { PatientHealthProfile } from '../vitals/health-profile.tsx';
import { patientKeys, patients } from '../patients/patients-shared.tsx';
import { AlertTrail } from './alert-trail.tsx';
import { SosTimeline } from './sos-timeline.tsx';
import { SosRecordingPlayer } from './sos-recording-player.tsx';
import {
  AlertStatusBadge,
  LIVE_MS,
  LevelBadge,
  alertKeys,
  alerts,
  ruleText,
  sosMessageText,
} from './alerts-shared.tsx';

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

const mapUrl = (l: { lat: number; lng: number }) => {
  const lat = l.lat.toFixed(5);
  const lng = l.lng.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
};

function SosInfo({ c }: { c: TSosCaseDetail }) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const has = useHasPermission();
  const queryClient = useQueryClient();
  const [closing, setClosing] = useState(false);
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<TSosCaseOutcome | null>(null);
  const [tried, setTried] = useState(false);
  const [details, setDetails] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: alertKeys.all });
  const ack = useMutation({
    mutationFn: () => alerts.ack(c.alertId),
    onSuccess: async () => {
      await refresh();
      notifySuccess(t('alerts.sosCase.acknowledged'));
    },
    meta: { inlineError: true },
  });
  const close = useMutation({
    mutationFn: (body: TCloseSosCaseRequest) => alerts.closeSosCase(c.id, body),
    onSuccess: async () => {
      setClosing(false);
      await refresh();
      notifySuccess(t('alerts.sosCase.closed'));
    },
    meta: { inlineError: true },
  });
  const none = t('alerts.common.none');
  const error = ack.error ?? close.error;
  return (
    <Stack>
      <Card withBorder component="section" aria-label={t('alerts.sosCase.info')}>
        <Stack gap="sm">
          <Group justify="space-between">
            <Group gap="xs">
              <LevelBadge t={t} level={c.level} />
              <Badge color={c.status === 'open' ? 'red' : 'gray'} variant="light" tt="none">
                {t(`alerts.status.${c.status}`)}
              </Badge>
            </Group>
            <Group gap="xs">
              {c.alert.status === 'open' && (
                <Button onClick={() => ack.mutate()} loading={ack.isPending}>
                  {t('alerts.sosCase.acknowledge')}
                </Button>
              )}
              {c.status === 'open' && has(Permission.HealthSosHandle) && (
                <Button color="red" variant="light" onClick={() => setClosing(true)}>
                  {t('alerts.sosCase.close')}
                </Button>
              )}
            </Group>
          </Group>
          {error && (
            <Alert color="red" role="alert">
              {errorText(t, error)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Field label={t('alerts.common.patient')}>
              <Anchor component={Link} to={`/patients/${c.patientId}`}>
                {c.patientName}
              </Anchor>
              {c.patientCode ? ` (${c.patientCode})` : ''}
            </Field>
            <Field label={t('alerts.sosCase.phone')}>{c.patientPhone ?? none}</Field>
            <Field label={t('alerts.sosCases.reason')}>{t(`alerts.reason.${c.reason}`)}</Field>
            <Field label={t('alerts.sosCases.message')}>
              {sosMessageText(t, c.message)}
              {c.message?.kind === 'recording' && (
                <div>
                  <SosRecordingPlayer patientId={c.patientId} recordingId={c.message.recordingId} />
                </div>
              )}
            </Field>
            <Field label={t('alerts.sosCase.location')}>
              {c.lastLocation ? (
                <Stack gap={0}>
                  <Text size="sm">{`${c.lastLocation.lat.toFixed(5)}, ${c.lastLocation.lng.toFixed(5)}`}</Text>
                  <Text size="xs" c="dimmed">
                    {t('alerts.sosCase.locationAt', { time: formatDateTime(c.lastLocation.at, tz) })}
                  </Text>
                  <Anchor href={mapUrl(c.lastLocation)} target="_blank" rel="noreferrer" size="sm">
                    {t('alerts.sosCase.openMap')}
                  </Anchor>
                </Stack>
              ) : (
                none
              )}
            </Field>
            <Field label={t('alerts.common.openedAt')}>{formatDateTime(c.openedAt, tz)}</Field>
            <Field label={t('alerts.common.closedAt')}>{c.closedAt ? formatDateTime(c.closedAt, tz) : none}</Field>
            <Field label={t('alerts.sosCase.outcome')}>
              {c.outcome ? t(`alerts.sosCase.outcomes.${c.outcome}`) : none}
            </Field>
            <Field label={t('alerts.sosCase.closeNote')}>{c.closeNote ?? none}</Field>
            <Field label={t('alerts.sosCase.ticket')}>
              {c.ticketId ? (
                <Anchor component={Link} to={`/tickets/${c.ticketId}`}>
                  {t('alerts.sosCase.openTicket')}
                </Anchor>
              ) : (
                none
              )}
            </Field>
          </SimpleGrid>
        </Stack>
      </Card>
      <Card withBorder component="section" aria-label={t('alerts.sosCase.alert')}>
        <Stack gap="sm">
          <Group gap="xs">
            <Title order={3}>{t('alerts.sosCase.alert')}</Title>
            <AlertStatusBadge t={t} status={c.alert.status} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Field label={t('alerts.alerts.source')}>{t(`alerts.source.${c.alert.source}`)}</Field>
            <Field label={t('alerts.sosCase.value')}>
              {c.alert.index ? `${t(`alerts.index.${c.alert.index}`)}: ${c.alert.value ?? none}` : none}
            </Field>
            <Field label={t('alerts.sosCase.rule')}>{c.alert.rule ? ruleText(t, c.alert.rule) : none}</Field>
          </SimpleGrid>
          <Title order={4}>{t('sosTimeline.title')}</Title>
          <SosTimeline items={c.timeline} />
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={() => setDetails((v) => !v)} aria-expanded={details}>
              {details ? t('sosTimeline.hideDetails') : t('sosTimeline.details')}
            </Button>
          </Group>
          {details && <AlertTrail trail={c.alert.trail} />}
        </Stack>
      </Card>
      <Modal opened={closing} onClose={() => setClosing(false)} title={t('alerts.sosCase.closeTitle')}>
        <Stack>
          <Select
            label={t('alerts.sosCase.outcome')}
            placeholder={t('alerts.sosCase.outcomePlaceholder')}
            required
            withAsterisk
            data={SOS_CASE_OUTCOMES.map((o) => ({ value: o, label: t(`alerts.sosCase.outcomes.${o}`) }))}
            value={outcome}
            onChange={(v) => setOutcome(v as TSosCaseOutcome | null)}
            error={tried && !outcome ? t('alerts.common.required') : undefined}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Textarea
            label={t('alerts.sosCase.note')}
            description={t('alerts.sosCase.noteHint')}
            required
            withAsterisk
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            error={tried && !note.trim() ? t('alerts.common.required') : undefined}
          />
          {close.error && (
            <Alert color="red" role="alert">
              {errorText(t, close.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setClosing(false)}>
              {t('alerts.sosCase.cancel')}
            </Button>
            <Button
              color="red"
              loading={close.isPending}
              onClick={() => {
                setTried(true);
                if (outcome && note.trim()) close.mutate({ outcome, note: note.trim() });
              }}
            >
              {t('alerts.sosCase.closeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function HealthChart({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const patient = useQuery({
    queryKey: patientKeys.detail(patientId),
    queryFn: () => patients.get(patientId),
    meta: { inlineError: true },
  });
  if (patient.isPending) return <ListSkeleton />;
  if (patient.isError) return <Text c="dimmed">{t('alerts.sosCase.noPatient')}</Text>;
  return <PatientHealthProfile patient={patient.data} />;
}

/** One SOS case: "SOS info" (case, alert, trail, Acknowledge / Close) and "Health chart" (the patient's vitals). */
export function SosCaseDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const sosCase = useQuery({
    queryKey: alertKeys.sosCase(id),
    queryFn: () => alerts.sosCase(id),
    refetchInterval: LIVE_MS,
    meta: { inlineError: true },
  });
  // The patient's live location (and the case's alert) pushed by the socket: shown at once.
  useRealtimeEvent((e) => {
    const c = sosCase.data;
    if (!c) return;
    if (
      (e.type === 'sos.location' && e.sosCaseId === c.id) ||
      (e.type.startsWith('alert.') && 'alert' in e && e.alert.id === c.alertId)
    ) {
      void queryClient.invalidateQueries({ queryKey: alertKeys.sosCase(id) });
    }
  });
  if (sosCase.isPending) return <ListSkeleton />;
  if (sosCase.isError) return <ErrorState error={sosCase.error} onRetry={() => void sosCase.refetch()} />;
  const c = sosCase.data;
  return (
    <Stack>
      <Anchor component={Link} to="/sos-cases" size="sm">
        {t('alerts.sosCase.back')}
      </Anchor>
      <Title order={1}>{t('alerts.sosCase.title', { name: c.patientName })}</Title>
      <PlainTabs
        id="sos-case-tabs"
        label={t('alerts.sosCase.tabs')}
        tabs={[
          { value: 'info', label: t('alerts.sosCase.info'), content: () => <SosInfo c={c} /> },
          { value: 'chart', label: t('alerts.sosCase.chart'), content: () => <HealthChart patientId={c.patientId} /> },
        ]}
      />
    </Stack>
  );
}
