import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../../app/queries.ts';
import { useDeviceSession } from '../devices/use-device-session.ts';
import { outbox, useWaitingCount } from './sync.ts';

const SHOW_AFTER_MS = 2_000;

/**
 * Rendered by the layout above every screen, so it also runs the signed-in app's background work: the outbox is sent
 * on app start and whenever the connection returns, and the paired watch reconnects.
 */
export function SyncStatus() {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery);
  const owner = profile.data?.id ?? null;
  const waiting = useWaitingCount();

  useEffect(() => {
    if (!owner) return undefined;
    void outbox.setOwner(owner).then(() => outbox.flushNow());
    const online = () => {
      void outbox.flushNow();
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      // Signed out: nothing more is sent for this user; their readings stay queued for their next sign-in.
      outbox.stop();
      void outbox.setOwner(null);
    };
  }, [owner]);

  useDeviceSession(owner);

  // Online, a watch's readings wait half a second before they go: shown only when they wait longer (offline, server down).
  const [shown, setShown] = useState(false);
  const hasWaiting = waiting > 0;
  useEffect(() => {
    if (!hasWaiting) {
      setShown(false);
      return undefined;
    }
    const id = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(id);
  }, [hasWaiting]);

  if (waiting === 0 || !shown) return null;
  return (
    <Text role="status" size="sm" c="blue.9" bg="blue.0" p="xs" mb="sm" style={{ borderRadius: 8 }}>
      {t('devices.sync.waiting', { count: waiting })}
    </Text>
  );
}
