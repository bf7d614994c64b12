import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_KEYS, myAlertsApi } from './alerts-api.ts';
import { sosLevelAlert } from './countdown.ts';
import { alertReadingText } from './alert-text.ts';
import { useProfile } from '../../app/queries.ts';

const SEEN_KEY = 'cw.app.sosSeen';
const seenIds = (): string[] => {
  try {
    return JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
};

/**
 * An SOS-level reading (spec §4: "an automatic call and SMS go to followers") needs no answer, but the patient must
 * know their followers are being called: shown once per alert, on every signed-in screen (pushed by the socket).
 */
export function SosLevelNotice() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: ALERT_KEYS.list, queryFn: () => myAlertsApi.list({ size: 50 }), retry: false });
  const [seen, setSeen] = useState(seenIds);
  const profile = useProfile();
  const alert = list.data ? sosLevelAlert(list.data.items, seen, Date.now()) : null;
  if (!alert) return null;
  const reading = profile.data ? alertReadingText(t, alert, profile.data) : null;
  const dismiss = () => {
    const next = [...seen, alert.id].slice(-50);
    localStorage.setItem(SEEN_KEY, JSON.stringify(next));
    setSeen(next);
  };
  return (
    <Modal
      opened
      onClose={dismiss}
      centered
      title={t('alerts.sosLevel.title')}
      aria-describedby="sos-level-body"
      styles={{ header: { background: 'var(--mantine-color-red-0)' } }}
    >
      <Stack gap="sm">
        {reading && <Text fw={700}>{reading}</Text>}
        <Text id="sos-level-body">{t('alerts.sosLevel.body')}</Text>
        <Text size="sm" c="dimmed">
          {t('alerts.sosLevel.emergency')}
        </Text>
        <Button size="lg" onClick={dismiss}>
          {t('alerts.sosLevel.ok')}
        </Button>
      </Stack>
    </Modal>
  );
}
