import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../app/queries.ts';
import { ALERT_KEYS, myAlertsApi } from '../alerts/alerts-api.ts';
import { promptAlert } from '../alerts/countdown.ts';
import { profileErrorText } from './profile-api.ts';
import { pushSupported } from './push.ts';
import { enablePush } from './push-enable.ts';

const seenKey = (userId: string) => `cw.app.pushIntro.${userId}`;
function seen(userId: string): boolean {
  try {
    return localStorage.getItem(seenKey(userId)) !== null;
  } catch {
    return true;
  }
}
function remember(userId: string, answer: string): void {
  try {
    localStorage.setItem(seenKey(userId), answer);
  } catch {
    /* asked again next time */
  }
}

/**
 * After the first sign-in (or registration) on this phone: explains why alerts need notifications — so an alert or an
 * SOS of someone they follow reaches them when the app is closed — and asks the browser's permission on a tap, then
 * subscribes this phone to web push. "Not now" is remembered (Settings → Notifications turns it on later). It waits
 * while a high-risk prompt is open, and never stands in the way of the SOS button (a tap outside closes it).
 */
export function PushIntro() {
  const { t } = useTranslation();
  const profile = useProfile();
  const userId = profile.data?.id ?? null;
  const [closed, setClosed] = useState(false);
  // The same list as the high-risk prompt's (one request): the question waits while a prompt is open.
  const alerts = useQuery({ queryKey: ALERT_KEYS.list, queryFn: () => myAlertsApi.list({ size: 50 }), retry: false });
  const promptOpen = alerts.data ? promptAlert(alerts.data.items, Date.now()) !== null : false;
  const allow = useMutation({
    mutationFn: enablePush,
    onSuccess: (state) => {
      if (!userId) return;
      remember(userId, state);
      if (state === 'on' || state === 'blocked') setClosed(true);
    },
  });
  const ask =
    userId !== null &&
    !closed &&
    pushSupported() &&
    Notification.permission === 'default' &&
    !seen(userId) &&
    !promptOpen;
  if (!ask) return null;
  const later = () => {
    remember(userId, 'later');
    setClosed(true);
  };
  return (
    <Modal opened onClose={later} centered title={t('profile.pushIntro.title')} aria-describedby="push-intro-body">
      <Stack gap="sm">
        <Text id="push-intro-body">{t('profile.pushIntro.body')}</Text>
        <Text size="sm" c="dimmed">
          {t('profile.pushIntro.how')}
        </Text>
        {allow.data === 'off' && (
          <Alert color="yellow" role="status">
            {t('profile.pushIntro.notAllowed')}
          </Alert>
        )}
        {allow.isError && (
          <Alert color="red" role="alert">
            {profileErrorText(t, allow.error)}
          </Alert>
        )}
        <Button size="lg" loading={allow.isPending} onClick={() => allow.mutate()}>
          {t('profile.pushIntro.allow')}
        </Button>
        <Button variant="default" onClick={later}>
          {t('profile.pushIntro.later')}
        </Button>
      </Stack>
    </Modal>
  );
}
