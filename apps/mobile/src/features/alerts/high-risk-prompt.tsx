import { Alert, Button, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CONFIRM_SECONDS, type THighRiskResponse } from '@carewatch/contracts/alerts';
import { useProfile } from '../../app/queries.ts';
import { ALERT_KEYS, alertErrorText, myAlertsApi } from './alerts-api.ts';
import { promptAlert, secondsLeft } from './countdown.ts';
import { alertReadingText, promptStartText } from './alert-text.ts';

/**
 * The high-risk dialog (spec §4): shown anywhere in the signed-in app while an alert awaits the patient's answer,
 * with the reading it is about (index, value, time) and the confirmation countdown; "I am fine" stops the followers'
 * SMS, "Send SOS to followers" calls them at once. The list is pushed by the socket (app/realtime.ts), not polled:
 * once the alert escalates, is answered elsewhere or closes, the dialog goes and the alert is a line of the history.
 */
export function HighRiskPrompt() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const list = useQuery({ queryKey: ALERT_KEYS.list, queryFn: () => myAlertsApi.list({ size: 50 }), retry: false });
  const settings = useQuery({
    queryKey: ALERT_KEYS.settings,
    queryFn: () => myAlertsApi.settings(),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const [now, setNow] = useState(() => Date.now());
  const pending = list.data ? promptAlert(list.data.items, now) : null;
  // The answered alert stays on screen with its result until the patient closes it.
  const [answered, setAnswered] = useState<{ id: string; response: THighRiskResponse } | null>(null);

  const respond = useMutation({
    mutationFn: (v: { id: string; response: THighRiskResponse }) => myAlertsApi.respond(v.id, v.response),
    onSuccess: (_alert, v) => {
      setAnswered(v);
      void queryClient.invalidateQueries({ queryKey: ALERT_KEYS.list });
    },
  });

  const hasPending = pending !== null;
  useEffect(() => {
    if (!hasPending) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [hasPending]);

  const shown = answered ?? (pending ? { id: pending.id, response: null } : null);
  if (!shown) return null;
  const total = settings.data?.confirmSeconds ?? DEFAULT_CONFIRM_SECONDS;
  const left =
    pending && pending.id === shown.id && pending.promptDeadline ? secondsLeft(pending.promptDeadline, now, total) : 0;
  const close = () => {
    setAnswered(null);
    respond.reset();
  };
  const reading = pending && profile.data ? alertReadingText(t, pending, profile.data) : null;

  return (
    <Modal
      opened
      onClose={answered ? close : () => undefined}
      withCloseButton={Boolean(answered)}
      closeOnClickOutside={false}
      closeOnEscape={Boolean(answered)}
      centered
      title={t('alerts.prompt.title')}
      aria-describedby="high-risk-body"
    >
      {answered ? (
        <Stack gap="sm">
          <Text role="status">
            {t(answered.response === 'i_am_fine' ? 'alerts.prompt.fineDone' : 'alerts.prompt.sosDone')}
          </Text>
          <Button onClick={close}>{t('alerts.sos.close')}</Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text id="high-risk-body">{t('alerts.prompt.body')}</Text>
          {reading && pending?.promptDeadline && (
            <Text fw={700}>
              {t('alerts.prompt.reading', { reading, time: promptStartText(pending.promptDeadline, total) })}
            </Text>
          )}
          <Text size="sm" aria-live="polite">
            {left > 0 ? t('alerts.prompt.countdown', { n: left }) : t('alerts.prompt.expired')}
          </Text>
          <Progress value={(left / total) * 100} color="orange" aria-hidden="true" />
          {respond.error && (
            <Alert color="red" role="alert">
              {alertErrorText(t, respond.error)}
            </Alert>
          )}
          <Button
            size="lg"
            color="teal"
            loading={respond.isPending && respond.variables.response === 'i_am_fine'}
            disabled={respond.isPending}
            onClick={() => respond.mutate({ id: shown.id, response: 'i_am_fine' })}
          >
            {t('alerts.prompt.fine')}
          </Button>
          <Button
            size="lg"
            color="red"
            loading={respond.isPending && respond.variables.response === 'send_sos'}
            disabled={respond.isPending}
            onClick={() => respond.mutate({ id: shown.id, response: 'send_sos' })}
          >
            {t('alerts.prompt.sendSos')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
