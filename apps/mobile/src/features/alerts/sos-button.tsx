import { Alert, Button, Modal, Radio, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SOS_COUNTDOWN_SECONDS, SOS_MESSAGE_CHOICES, type TSosMessage } from '@carewatch/contracts/alerts';
import { ALERT_KEYS, alertErrorText, myAlertsApi } from './alerts-api.ts';
import { currentLocation } from './countdown.ts';
import { useRecorder } from './recorder.ts';

type Choice = (typeof SOS_MESSAGE_CHOICES)[number];
type Pick = Choice | 'recording';
type Outgoing = { choice: Choice } | { recording: { blob: Blob; fileName: string } };
type Phase = { step: 'idle' } | { step: 'countdown'; left: number } | { step: 'choose' } | { step: 'done' };
type Located = Awaited<ReturnType<typeof currentLocation>>;

/** Longest wait for the position when sending: the SOS must never wait on GPS. */
const LOCATION_WAIT_MS = 1_500;
/** Longest wait for the voice message upload: past it the SOS goes with a written message instead. */
const RECORDING_WAIT_MS = 8_000;

const timeout = (ms: number) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms));

/** The SOS button (spec §4): 5 s cancellable countdown (nothing is sent on cancel), message choice, then followers are called. */
export function SosButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [cancelled, setCancelled] = useState(false);
  const [choice, setChoice] = useState<Pick>('need_help');
  const [recordingFailed, setRecordingFailed] = useState(false);
  const recorder = useRecorder();
  // Asked for when the countdown starts so it is usually ready by the time the message is chosen.
  const location = useRef<Promise<Located> | null>(null);

  const send = useMutation({
    mutationFn: async (out: Outgoing) => {
      let message: TSosMessage;
      let failed = false;
      if ('recording' in out) {
        // The SOS never fails because of the recording: without it, the followers get the first written message.
        try {
          const saved = await Promise.race([myAlertsApi.uploadRecording(out.recording.blob, out.recording.fileName), timeout(RECORDING_WAIT_MS)]);
          message = { kind: 'recording', recordingId: saved.id };
        } catch {
          message = { kind: 'choice', choice: 'need_help' };
          failed = true;
        }
      } else message = { kind: 'choice', choice: out.choice };
      const loc = await Promise.race([
        location.current ?? Promise.resolve(undefined),
        new Promise<undefined>((r) => setTimeout(() => r(undefined), LOCATION_WAIT_MS)),
      ]);
      const body = { message };
      const res = await myAlertsApi.sos(loc ? { ...body, location: loc } : body);
      setRecordingFailed(failed);
      return res;
    },
    onSuccess: () => {
      setPhase({ step: 'done' });
      void queryClient.invalidateQueries({ queryKey: ALERT_KEYS.list });
    },
  });

  const counting = phase.step === 'countdown';
  useEffect(() => {
    if (!counting) return undefined;
    const timer = setInterval(() => {
      setPhase((p) => (p.step !== 'countdown' ? p : p.left <= 1 ? { step: 'choose' } : { step: 'countdown', left: p.left - 1 }));
    }, 1000);
    return () => clearInterval(timer);
  }, [counting]);

  const start = () => {
    setCancelled(false);
    send.reset();
    location.current = currentLocation(10_000);
    setPhase({ step: 'countdown', left: SOS_COUNTDOWN_SECONDS });
  };
  const cancel = () => { setPhase({ step: 'idle' }); setCancelled(true); location.current = null; recorder.reset(); };
  const close = () => { setPhase({ step: 'idle' }); send.reset(); recorder.reset(); setRecordingFailed(false); };
  const rec = recorder.state;
  const submit = () => {
    if (choice !== 'recording') send.mutate({ choice });
    else if (rec.step === 'recorded') send.mutate({ recording: { blob: rec.blob, fileName: rec.fileName } });
  };

  return (
    <Stack gap="xs" align="center">
      <Button
        color="red" radius={999} w={160} h={160} fz={40} fw={800} onClick={start} disabled={phase.step !== 'idle'}
        aria-describedby="sos-hint"
      >
        {t('alerts.sos.button')}
      </Button>
      <Text id="sos-hint" size="sm" c="dimmed" ta="center">{t('alerts.sos.hint')}</Text>
      {cancelled && <Text role="status" size="sm">{t('alerts.sos.cancelled')}</Text>}

      <Modal opened={phase.step !== 'idle'} onClose={phase.step === 'done' ? close : cancel} centered
        closeOnClickOutside={false} title={t('alerts.sos.countdownTitle')}>
        {phase.step === 'countdown' && (
          <Stack gap="md" align="stretch">
            <Text size="xl" fw={700} ta="center" aria-live="assertive">{t('alerts.sos.countdown', { n: phase.left })}</Text>
            <Button size="lg" variant="default" onClick={cancel}>{t('alerts.sos.cancel')}</Button>
          </Stack>
        )}
        {phase.step === 'choose' && (
          <Stack gap="md">
            <Radio.Group label={t('alerts.sos.chooseMessage')} value={choice} onChange={(v) => setChoice(v as Pick)}>
              <Stack gap="xs" mt="xs">
                {SOS_MESSAGE_CHOICES.map((c) => <Radio key={c} value={c} label={t(`alerts.sos.messages.${c}`)} />)}
                <Radio value="recording" label={t('alerts.sos.recordOption')} />
              </Stack>
            </Radio.Group>
            {choice === 'recording' && (
              <Stack gap="xs">
                {rec.step === 'idle' && <Button variant="light" onClick={() => void recorder.start()}>{t('alerts.sos.record')}</Button>}
                {rec.step === 'recording' && (
                  <Button color="red" variant="outline" onClick={recorder.stop} aria-live="polite">{t('alerts.sos.stopRecording', { n: rec.seconds })}</Button>
                )}
                {rec.step === 'recorded' && (
                  <>
                    <Text size="sm">{t('alerts.sos.recorded', { n: rec.seconds })}</Text>
                    <audio controls src={rec.url} style={{ width: '100%' }} aria-label={t('alerts.sos.recorded', { n: rec.seconds })} />
                    <Button variant="subtle" onClick={() => { recorder.reset(); void recorder.start(); }}>{t('alerts.sos.recordAgain')}</Button>
                  </>
                )}
                {rec.step === 'failed' && (
                  <Alert color="orange" role="alert">{t(rec.reason === 'denied' ? 'alerts.sos.recordDenied' : 'alerts.sos.recordUnsupported')}</Alert>
                )}
              </Stack>
            )}
            {send.error && <Alert color="red" role="alert" title={t('alerts.sos.failed')}>{alertErrorText(t, send.error)}</Alert>}
            {choice === 'recording' && rec.step !== 'recorded' && rec.step !== 'failed' && <Text size="xs" c="dimmed">{t('alerts.sos.recordNeeded')}</Text>}
            <Button size="lg" color="red" loading={send.isPending} onClick={submit} disabled={choice === 'recording' && rec.step !== 'recorded'}>
              {t('alerts.sos.send')}
            </Button>
            <Button variant="default" onClick={cancel} disabled={send.isPending}>{t('alerts.sos.cancel')}</Button>
          </Stack>
        )}
        {phase.step === 'done' && (
          <Stack gap="md">
            <Text role="status">{t('alerts.sos.sent')}</Text>
            {recordingFailed && <Alert color="orange">{t('alerts.sos.recordingNotSent')}</Alert>}
            <Button onClick={close}>{t('alerts.sos.close')}</Button>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
