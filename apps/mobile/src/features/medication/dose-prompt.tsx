import { Alert, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvent, useRealtimeOpen } from '@carewatch/api-client/realtime-hooks';
import { SNOOZE_MINUTES, type TAppMedication, type TIntake } from '@carewatch/contracts/prescriptions';
import { errorText } from '@carewatch/web/errors';
import { timeText } from '../../app/format.ts';
import { appRealtime } from '../../app/realtime.ts';
import { useSubjects } from '../followed/subjects-api.ts';
import { MEDICATION_KEYS, myMedicationApi } from './medication-api.ts';
import { useAnswerDose, useDoseText } from './medication-hooks.ts';
import { duePrompts } from './medication-rules.ts';

/** In-app notification types of the server's medication reminders (the dose, its pre-alarm; the caregivers' notice). */
const DOSE_TYPE = 'medication';
const MISSED_TYPE = 'medication_missed';

/**
 * The dose prompt: when the server's notification of a due dose arrives (in-app notification frame of type
 * `medication` on the socket), the doses now due are asked about on any signed-in screen — Taken, Skip, or Snooze
 * 5 / 10 / 15 min (the server notifies again then). It sits above the tab bar without covering the screen, so the SOS
 * button and the rest of the app stay usable; "Later" leaves the dose on the Medication tab. Only a notification opens
 * it: opening the app does not nag about doses the patient already saw there.
 */
export function DosePrompt() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const network = useNetwork();
  // The notification names the patient: mine, or a sub-user's this account manages.
  const subjects = useSubjects();
  const selfId = subjects.data?.items.find((s) => s.relation === 'self')?.patientId ?? null;
  // Whose dose the last notification was about: null = mine (the patient), or a sub-user managed by this account.
  const [target, setTarget] = useState<{ subjectId: string | null; intakeId: string | null } | null>(null);
  const [putOff, setPutOff] = useState<ReadonlySet<string>>(() => new Set());
  const [snoozing, setSnoozing] = useState(false);
  const [now, setNow] = useState(() => new Date());

  useRealtimeEvent(appRealtime, (e) => {
    if (e.type !== 'notification.created') return;
    const type = e.notification.type;
    if (type !== DOSE_TYPE && type !== MISSED_TYPE) return;
    void queryClient.invalidateQueries({ queryKey: MEDICATION_KEYS.all });
    if (type !== DOSE_TYPE) return;
    const pid = e.notification.patientId ?? null;
    setTarget({ subjectId: pid && pid !== selfId ? pid : null, intakeId: e.notification.intakeId ?? null });
    setNow(new Date());
  });
  useRealtimeOpen(appRealtime, () => void queryClient.invalidateQueries({ queryKey: MEDICATION_KEYS.all }));

  const subjectId = target?.subjectId ?? null;
  const medication = useQuery({
    queryKey: MEDICATION_KEYS.view(subjectId),
    queryFn: () => (subjectId ? myMedicationApi.ofSubject(subjectId) : myMedicationApi.mine()),
    enabled: target !== null,
  });
  const answer = useAnswerDose(subjectId);
  const snooze = useMutation({
    mutationFn: (v: { intake: TIntake; minutes: (typeof SNOOZE_MINUTES)[number] }) =>
      myMedicationApi.snooze(v.intake.id, { minutes: v.minutes }),
    onSuccess: (saved) => {
      setSnoozing(false);
      queryClient.setQueryData<TAppMedication>(MEDICATION_KEYS.view(subjectId), (old) =>
        old ? { ...old, today: old.today.map((d) => (d.id === saved.id ? saved : d)) } : old,
      );
      if (saved.snoozedUntil)
        notifications.show({
          color: 'teal',
          autoClose: 4000,
          message: t('medication.prompt.snoozed', { time: timeText(saved.snoozedUntil) }),
        });
    },
  });

  const open = target !== null;
  // While open, the clock moves on (a snoozed dose comes back, a later dose falls due).
  useEffect(() => {
    if (!open) return undefined;
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, [open]);

  const data = medication.data;
  const due = open && data?.canConfirm ? duePrompts(data.today, now, putOff, target.intakeId) : [];
  const dose = due[0];
  const doseText = useDoseText();
  if (!dose) return null;

  const busy = answer.isPending || snooze.isPending;
  const later = () => {
    setPutOff((s) => new Set([...s, dose.id]));
    setSnoozing(false);
    answer.reset();
    snooze.reset();
  };
  const failed = answer.error ?? snooze.error;
  const patientName = subjectId ? subjects.data?.items.find((s) => s.patientId === subjectId)?.name : null;
  return (
    <Paper
      role="dialog"
      aria-labelledby="dose-prompt-title"
      aria-describedby="dose-prompt-body"
      shadow="lg"
      withBorder
      radius="lg"
      p="md"
      style={{
        position: 'fixed',
        left: 8,
        right: 8,
        bottom: 72,
        zIndex: 190,
        maxWidth: 544,
        margin: '0 auto',
        background: 'var(--mantine-color-teal-0)',
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text id="dose-prompt-title" fw={700}>
            {t('medication.prompt.title')}
          </Text>
          <CloseButton aria-label={t('medication.prompt.later')} onClick={later} />
        </Group>
        <div id="dose-prompt-body">
          {patientName && <Text size="sm">{t('medication.prompt.forPatient', { name: patientName })}</Text>}
          <Text fw={600} size="lg">
            {dose.medicineName}
          </Text>
          <Text size="sm">
            {[doseText(dose), t(`medication.when.${dose.when}`), dose.timeLabel].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('medication.prompt.due', { time: timeText(dose.dueAt) })}
          </Text>
          {due.length > 1 && (
            <Text size="xs" c="dimmed">
              {t('medication.prompt.more', { count: due.length - 1 })}
            </Text>
          )}
        </div>
        {!network.online && (
          <Alert color="yellow" p="xs" role="status">
            {t('medication.offlineAnswer')}
          </Alert>
        )}
        {failed && (
          <Alert color="red" p="xs" role="alert">
            {errorText(t, failed)}
          </Alert>
        )}
        {snoozing ? (
          <div role="group" aria-labelledby="dose-prompt-snooze">
            <Text size="sm" id="dose-prompt-snooze" mb={4}>
              {t('medication.prompt.snoozeFor')}
            </Text>
            <Group grow gap="xs">
              {SNOOZE_MINUTES.map((m) => (
                <Button
                  key={m}
                  size="md"
                  px="xs"
                  variant="light"
                  disabled={busy || !network.online}
                  loading={snooze.isPending && snooze.variables.minutes === m}
                  onClick={() => snooze.mutate({ intake: dose, minutes: m })}
                >
                  {t('medication.prompt.snoozeChoice', { n: m })}
                </Button>
              ))}
            </Group>
          </div>
        ) : (
          <Group grow gap="xs">
            <Button
              size="md"
              px="xs"
              color="teal"
              disabled={busy || !network.online}
              loading={answer.isPending && answer.variables.body.action === 'taken'}
              onClick={() => answer.mutate({ intake: dose, body: { action: 'taken' } })}
            >
              {t('medication.prompt.taken')}
            </Button>
            <Button
              size="md"
              px="xs"
              variant="default"
              disabled={busy || !network.online}
              loading={answer.isPending && answer.variables.body.action === 'skipped'}
              onClick={() => answer.mutate({ intake: dose, body: { action: 'skipped' } })}
            >
              {t('medication.prompt.skip')}
            </Button>
            <Button
              size="md"
              px="xs"
              variant="light"
              disabled={busy || !network.online}
              onClick={() => setSnoozing(true)}
            >
              {t('medication.prompt.snooze')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
