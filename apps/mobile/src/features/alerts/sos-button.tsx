import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SOS_COUNTDOWN_SECONDS,
  SOS_MESSAGE_CHOICES,
  type TLocation,
  type TSosMessage,
} from '@carewatch/contracts/alerts';
import { ApiError } from '@carewatch/api-client/client';
import { useProfile } from '../../app/queries.ts';
import { ALERT_KEYS, alertErrorText, myAlertsApi } from './alerts-api.ts';
import { currentLocation } from './countdown.ts';
import { OfflineSosHelp } from './offline-sos-help.tsx';
import { setSosDialogShowsHelp, sosQueue, useSosQueue } from './pending-sos.ts';
import { useRecorder } from './recorder.ts';

type Choice = (typeof SOS_MESSAGE_CHOICES)[number];
type Pick = Choice | 'recording';
type Phase =
  | { step: 'idle' }
  | { step: 'countdown'; deadline: number }
  | { step: 'sending' }
  | { step: 'sent'; recordingFailed: boolean }
  | { step: 'queued'; message: TSosMessage; location?: TLocation | undefined }
  | { step: 'failed'; error: unknown; message: TSosMessage };

/** Longest wait for the position when sending: the SOS must never wait on GPS. */
const LOCATION_WAIT_MS = 1_500;
/** Longest wait for the voice message upload: past it the SOS goes with a written message instead. */
const RECORDING_WAIT_MS = 8_000;
const TICK_MS = 200;
const NEED_HELP: TSosMessage = { kind: 'choice', choice: 'need_help' };

const within = <T,>(p: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([p, new Promise<undefined>((r) => setTimeout(() => r(undefined), ms))]);
const timeout = (ms: number) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms));

/**
 * The SOS button (spec §4): a 5-second countdown that can be cancelled, then the followers are called — with no
 * further tap. The countdown screen itself offers the message (default "I need help") and a voice message; at 0 the
 * SOS goes with whatever is selected (a recording in progress is stopped and sent as it is; its upload never delays
 * the SOS past 8 s). Without a connection the SOS waits on the phone and goes the moment the server is reachable,
 * while the screen offers to call the SOS contacts and the emergency number directly.
 */
export function SosButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const queue = useSosQueue();
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [now, setNow] = useState(() => Date.now());
  const [cancelled, setCancelled] = useState(false);
  const [choice, setChoice] = useState<Pick>('need_help');
  const recorder = useRecorder();
  // Asked for when the countdown starts so it is usually ready when the SOS goes.
  const location = useRef<Promise<TLocation | undefined> | null>(null);
  const pressedAt = useRef('');
  const fired = useRef(false);
  const choiceRef = useRef<Pick>('need_help');
  choiceRef.current = choice;
  const owner = profile.data?.id ?? null;
  const finishRecording = recorder.finish;

  const fire = useCallback(async () => {
    if (fired.current) return;
    fired.current = true;
    setPhase({ step: 'sending' });
    const picked = choiceRef.current;
    const written: TSosMessage = picked === 'recording' ? NEED_HELP : { kind: 'choice', choice: picked };
    const loc = location.current ? await within(location.current, LOCATION_WAIT_MS) : undefined;
    if (!owner) {
      // Only when the app never had this user's profile: sent directly, and on failure the ways to call are shown.
      try {
        await myAlertsApi.sos({
          message: written,
          clientId: crypto.randomUUID(),
          pressedAt: pressedAt.current,
          ...(loc ? { location: loc } : {}),
        });
        setPhase({ step: 'sent', recordingFailed: picked === 'recording' });
      } catch (e) {
        setPhase({ step: 'failed', error: e, message: written });
      }
      return;
    }
    // On the phone first: from here on, closing the app or losing the network cannot lose this SOS.
    const base = { owner, pressedAt: pressedAt.current, location: loc };
    sosQueue.enqueue({ ...base, message: written }, { hold: picked === 'recording' });
    let message = written;
    let recordingFailed = false;
    if (picked === 'recording') {
      const audio = await finishRecording();
      recordingFailed = true;
      if (audio && navigator.onLine !== false) {
        // The SOS never fails because of the recording: without it, the followers get "I need help".
        try {
          const saved = await Promise.race([
            myAlertsApi.uploadRecording(audio.blob, audio.fileName),
            timeout(RECORDING_WAIT_MS),
          ]);
          message = { kind: 'recording', recordingId: saved.id };
          recordingFailed = false;
          sosQueue.enqueue({ ...base, message }, { hold: true });
        } catch {
          /* "I need help" goes instead */
        }
      }
    }
    const after = await sosQueue.flush();
    if (after.step === 'sent') {
      setPhase({ step: 'sent', recordingFailed });
      sosQueue.acknowledge();
      void queryClient.invalidateQueries({ queryKey: ALERT_KEYS.list });
    } else if (after.step === 'refused') {
      sosQueue.acknowledge();
      setPhase({ step: 'failed', error: new ApiError(400, after.code, after.code), message });
    } else setPhase({ step: 'queued', message, location: loc });
  }, [owner, queryClient, finishRecording]);

  const counting = phase.step === 'countdown';
  const deadline = phase.step === 'countdown' ? phase.deadline : 0;
  useEffect(() => {
    if (!counting) return undefined;
    // The deadline, not a count of ticks: a throttled or busy page still sends on time.
    const tick = setInterval(() => setNow(Date.now()), TICK_MS);
    const go = setTimeout(() => void fire(), Math.max(0, deadline - Date.now()));
    return () => {
      clearInterval(tick);
      clearTimeout(go);
    };
  }, [counting, deadline, fire]);

  const start = () => {
    setCancelled(false);
    fired.current = false;
    setChoice('need_help');
    recorder.reset();
    pressedAt.current = new Date().toISOString();
    location.current = currentLocation(10_000);
    setNow(Date.now());
    setPhase({ step: 'countdown', deadline: Date.now() + SOS_COUNTDOWN_SECONDS * 1000 });
  };
  const cancel = () => {
    if (phase.step !== 'countdown') return;
    fired.current = true;
    setPhase({ step: 'idle' });
    setCancelled(true);
    location.current = null;
    recorder.reset();
  };
  const close = () => {
    setPhase({ step: 'idle' });
    recorder.reset();
    if (queue.step === 'sent' || queue.step === 'refused') sosQueue.acknowledge();
  };

  // While the dialog sends or shows the offline help, the banner on every screen stays out of its way.
  const showsHelp = phase.step === 'sending' || phase.step === 'queued' || phase.step === 'failed';
  useEffect(() => {
    setSosDialogShowsHelp(showsHelp);
    return () => setSosDialogShowsHelp(false);
  }, [showsHelp]);

  const left = phase.step === 'countdown' ? Math.max(0, Math.ceil((phase.deadline - now) / 1000)) : 0;
  const rec = recorder.state;
  const queuedSent = phase.step === 'queued' && queue.step === 'sent';

  return (
    <Stack gap="xs" align="center">
      <Button
        color="red"
        radius={999}
        w={160}
        h={160}
        fz={40}
        fw={800}
        onClick={start}
        disabled={phase.step !== 'idle'}
        aria-describedby="sos-hint"
      >
        {t('alerts.sos.button')}
      </Button>
      <Text id="sos-hint" size="sm" c="dimmed" ta="center">
        {t('alerts.sos.hint')}
      </Text>
      {cancelled && (
        <Text role="status" size="sm">
          {t('alerts.sos.cancelled')}
        </Text>
      )}

      <Modal
        opened={phase.step !== 'idle'}
        onClose={phase.step === 'countdown' ? cancel : phase.step === 'sending' ? () => undefined : close}
        centered
        closeOnClickOutside={false}
        withCloseButton={phase.step !== 'sending'}
        title={t('alerts.sos.countdownTitle')}
      >
        {phase.step === 'countdown' && (
          <Stack gap="md" align="stretch">
            <Text size="xl" fw={700} ta="center" aria-live="assertive">
              {t('alerts.sos.countdown', { n: left })}
            </Text>
            <Group grow>
              <Button size="lg" variant="default" onClick={cancel}>
                {t('alerts.sos.cancel')}
              </Button>
              <Button size="lg" color="red" onClick={() => void fire()}>
                {t('alerts.sos.sendNow')}
              </Button>
            </Group>
            <Radio.Group label={t('alerts.sos.chooseMessage')} value={choice} onChange={(v) => setChoice(v as Pick)}>
              <Stack gap="xs" mt="xs">
                {SOS_MESSAGE_CHOICES.map((c) => (
                  <Radio key={c} value={c} label={t(`alerts.sos.messages.${c}`)} />
                ))}
                <Radio value="recording" label={t('alerts.sos.recordOption')} />
              </Stack>
            </Radio.Group>
            {choice === 'recording' && (
              <Stack gap="xs">
                {rec.step === 'idle' && (
                  <Button variant="light" onClick={() => void recorder.start()}>
                    {t('alerts.sos.record')}
                  </Button>
                )}
                {rec.step === 'recording' && (
                  <Button color="red" variant="outline" onClick={recorder.stop} aria-live="polite">
                    {t('alerts.sos.stopRecording', { n: rec.seconds })}
                  </Button>
                )}
                {rec.step === 'recorded' && <Text size="sm">{t('alerts.sos.recorded', { n: rec.seconds })}</Text>}
                {rec.step === 'failed' && (
                  <Alert color="orange" role="alert">
                    {t(rec.reason === 'denied' ? 'alerts.sos.recordDenied' : 'alerts.sos.recordUnsupported')}
                  </Alert>
                )}
                <Text size="xs" c="dimmed">
                  {t('alerts.sos.recordGoesAtZero')}
                </Text>
              </Stack>
            )}
          </Stack>
        )}
        {phase.step === 'sending' && (
          <Text role="status" aria-live="assertive">
            {t('alerts.sos.sending')}
          </Text>
        )}
        {(phase.step === 'sent' || queuedSent) && (
          <Stack gap="md">
            <Text role="status">{t('alerts.sos.sent')}</Text>
            {phase.step === 'sent' && phase.recordingFailed && (
              <Alert color="orange">{t('alerts.sos.recordingNotSent')}</Alert>
            )}
            <Button onClick={close}>{t('alerts.sos.close')}</Button>
          </Stack>
        )}
        {phase.step === 'queued' && !queuedSent && (
          <Stack gap="md">
            <Alert color="orange" role="alert" title={t('alerts.offline.queuedTitle')}>
              {t('alerts.offline.queuedBody')}
            </Alert>
            <OfflineSosHelp message={phase.message} location={phase.location} />
            <Button variant="default" onClick={close}>
              {t('alerts.sos.close')}
            </Button>
          </Stack>
        )}
        {phase.step === 'failed' && (
          <Stack gap="md">
            <Alert color="red" role="alert" title={t('alerts.sos.failed')}>
              {alertErrorText(t, phase.error)}
            </Alert>
            <OfflineSosHelp message={phase.message} />
            <Button variant="default" onClick={close}>
              {t('alerts.sos.close')}
            </Button>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
