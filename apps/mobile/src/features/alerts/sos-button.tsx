import { Alert, Button, Modal, Radio, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SOS_COUNTDOWN_SECONDS, SOS_MESSAGE_CHOICES, type TSosRequest } from '@carewatch/contracts/alerts';
import { ALERT_KEYS, alertErrorText, myAlertsApi } from './alerts-api.ts';
import { currentLocation } from './countdown.ts';

type Choice = (typeof SOS_MESSAGE_CHOICES)[number];
type Phase = { step: 'idle' } | { step: 'countdown'; left: number } | { step: 'choose' } | { step: 'done' };
type Located = Awaited<ReturnType<typeof currentLocation>>;

/** Longest wait for the position when sending: the SOS must never wait on GPS. */
const LOCATION_WAIT_MS = 1_500;

/** The SOS button (spec §4): 5 s cancellable countdown (nothing is sent on cancel), message choice, then followers are called. */
export function SosButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [cancelled, setCancelled] = useState(false);
  const [choice, setChoice] = useState<Choice>('need_help');
  // Asked for when the countdown starts so it is usually ready by the time the message is chosen.
  const location = useRef<Promise<Located> | null>(null);

  const send = useMutation({
    mutationFn: async (body: Omit<TSosRequest, 'location'>) => {
      const loc = await Promise.race([
        location.current ?? Promise.resolve(undefined),
        new Promise<undefined>((r) => setTimeout(() => r(undefined), LOCATION_WAIT_MS)),
      ]);
      return myAlertsApi.sos(loc ? { ...body, location: loc } : body);
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
  const cancel = () => { setPhase({ step: 'idle' }); setCancelled(true); location.current = null; };
  const close = () => { setPhase({ step: 'idle' }); send.reset(); };

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
            <Radio.Group label={t('alerts.sos.chooseMessage')} value={choice} onChange={(v) => setChoice(v as Choice)}>
              <Stack gap="xs" mt="xs">
                {SOS_MESSAGE_CHOICES.map((c) => <Radio key={c} value={c} label={t(`alerts.sos.messages.${c}`)} />)}
              </Stack>
            </Radio.Group>
            {send.error && <Alert color="red" role="alert" title={t('alerts.sos.failed')}>{alertErrorText(t, send.error)}</Alert>}
            <Button size="lg" color="red" loading={send.isPending} onClick={() => send.mutate({ message: { kind: 'choice', choice } })}>
              {t('alerts.sos.send')}
            </Button>
            <Button variant="default" onClick={cancel} disabled={send.isPending}>{t('alerts.sos.cancel')}</Button>
          </Stack>
        )}
        {phase.step === 'done' && (
          <Stack gap="md">
            <Text role="status">{t('alerts.sos.sent')}</Text>
            <Button onClick={close}>{t('alerts.sos.close')}</Button>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
