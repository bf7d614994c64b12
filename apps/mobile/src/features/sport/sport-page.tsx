import { Alert, Button, Card, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes } from 'react-router';
import { SPORT_MODES, type TSportMode } from '@carewatch/contracts/sport';
import { DeviceError as SimDeviceError } from '@carewatch/devices/simulated-watch';
import { WATCH_SPORT_MODES, startWatchSport } from '@carewatch/devices/sport-sim';
import { useProfile } from '../../app/queries.ts';
import { useSubject } from '../../app/subject.ts';
import { useDeviceManager, useDeviceSnapshot } from '../devices/device-session.ts';
import { BackLink } from '../profile/back-link.tsx';
import { PROFILE_KEYS, myProfileApi } from '../profile/profile-api.ts';
import { sportQueue, usePendingSessions } from './sport-api.ts';
import { SportHistory } from './sport-history.tsx';
import { SportRecorder, activeRecorder, browserDeps, setActiveRecorder, subscribeActive } from './sport-recorder.ts';
import { LiveSession } from './sport-session.tsx';

/** `/sport` (issue 21; spec §2 Sport): mode selection and the live session; `/sport/history`: sessions and weekly totals. */
export function SportPage() {
  return (
    <Routes>
      <Route index element={<SportHome />} />
      <Route path="history" element={<SportHistory />} />
      <Route path="*" element={<Navigate to="/sport" replace />} />
    </Routes>
  );
}

function useActiveRecorder(): SportRecorder | null {
  return useSyncExternalStore(subscribeActive, activeRecorder, () => null);
}

function SportHome() {
  const { t } = useTranslation();
  const subject = useSubject();
  const profile = useProfile();
  const owner = profile.data?.id ?? null;
  // The body weight of the app profile gives the calories (MET × kg × hours); 70 kg when not known.
  const appProfile = useQuery({
    queryKey: PROFILE_KEYS.profile,
    queryFn: () => myProfileApi.profile(),
    staleTime: 5 * 60_000,
    enabled: !subject,
  });
  const recorder = useActiveRecorder();
  const mine = recorder && recorder.owner === owner ? recorder : null;

  return (
    <Stack gap="md">
      <BackLink />
      <Title order={1} size="h3">
        {t('sport.title')}
      </Title>
      {subject ? (
        <Alert color="grape" variant="light" role="status" p="xs">
          {t('sport.readOnly', { name: subject.name })}
        </Alert>
      ) : mine ? (
        <LiveSession recorder={mine} />
      ) : (
        owner && <StartSession owner={owner} weightKg={appProfile.data?.weightKg ?? null} />
      )}
      {!mine && owner && !subject && <PendingSessions owner={owner} />}
      {!mine && (
        <Button component={Link} to="/sport/history" variant="light" size="md">
          {t('sport.history.title')}
        </Button>
      )}
    </Stack>
  );
}

/** Mode selection (spec §5 "a sport mode must be picked") and where the values come from. */
function StartSession({ owner, weightKg }: { owner: string; weightKg: number | null }) {
  const { t } = useTranslation();
  const manager = useDeviceManager();
  const device = useDeviceSnapshot(manager);
  const [mode, setMode] = useState<TSportMode | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const watch = manager?.controls ?? null;
  const watchReady = watch !== null && device.state === 'connected';
  const watchHasMode = watchReady && mode !== null && WATCH_SPORT_MODES[watch.model].includes(mode);

  function start() {
    if (!mode) {
      setProblem(t('sport.pickMode'));
      return;
    }
    setProblem(null);
    const deps = browserDeps();
    if (watch && watchHasMode) {
      try {
        const session = startWatchSport(watch, {
          mode,
          clock: deps.clock,
          seed: 1 + Math.floor(Math.random() * 0x7ffffffe),
          ...(weightKg ? { weightKg } : {}),
        });
        setActiveRecorder(SportRecorder.fromWatch(owner, session, device.paired?.serverId ?? null, deps));
        return;
      } catch (e) {
        // The watch went away between the tap and now: the phone records instead (its source line says so).
        if (!(e instanceof SimDeviceError)) throw e;
      }
    }
    const geo = typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : null;
    setActiveRecorder(SportRecorder.fromPhone(owner, mode, geo, weightKg, deps));
  }

  let source: string;
  if (watchReady && (mode === null || watchHasMode))
    source = t('sport.sourceWatch', { name: device.paired?.name ?? '' });
  else if (watchReady && mode) source = t('sport.notOnWatch', { mode: t(`sport.modes.${mode}`) });
  else source = t('sport.sourcePhone');

  return (
    <Card withBorder component="section" aria-labelledby="sport-start">
      <Stack gap="sm">
        <Title order={2} size="h5" id="sport-start">
          {t('sport.newSession')}
        </Title>
        <Radio.Group
          value={mode}
          onChange={(v) => {
            setMode(v as TSportMode);
            setProblem(null);
          }}
          label={t('sport.modeLabel')}
          error={problem}
          errorProps={{ role: 'alert' }}
        >
          <SimpleGrid cols={2} spacing="xs" mt="xs">
            {SPORT_MODES.map((m) => (
              <Radio.Card key={m} value={m} radius="md" p="sm" mih={48} aria-label={t(`sport.modes.${m}`)}>
                <Group gap="xs" wrap="nowrap">
                  <Radio.Indicator />
                  <Text size="sm">{t(`sport.modes.${m}`)}</Text>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Text size="sm" c="dimmed">
          {source}
        </Text>
        {!watchReady && (
          <Button component={Link} to="/devices" variant="subtle" size="md" style={{ alignSelf: 'flex-start' }}>
            {t('sport.pairWatch')}
          </Button>
        )}
        <Button size="lg" onClick={start}>
          {t('sport.start')}
        </Button>
      </Stack>
    </Card>
  );
}

/** Sessions saved while offline: sent when the connection returns (while the app is open) or on demand. */
function PendingSessions({ owner }: { owner: string }) {
  const { t } = useTranslation();
  const count = usePendingSessions(owner);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    const send = () => void sportQueue.flush(owner);
    if (navigator.onLine && sportQueue.pending(owner).length > 0) send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [owner]);
  if (count === 0) return null;
  return (
    <Alert color="blue" variant="light" role="status">
      <Stack gap="xs">
        <Text size="sm">{t('sport.finish.waiting', { count })}</Text>
        <Button
          size="md"
          variant="light"
          loading={sending}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setSending(true);
            void sportQueue.flush(owner).finally(() => setSending(false));
          }}
        >
          {t('sport.finish.sendNow')}
        </Button>
      </Stack>
    </Alert>
  );
}
