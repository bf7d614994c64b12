import {
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import {
  BRIGHT_SCREEN_SECONDS,
  BRIGHTNESS_MAX,
  BRIGHTNESS_MIN,
  COUNTDOWN_MAX_SECONDS,
  WRIST_SENSITIVITIES,
  type BrightScreenSeconds,
  type WristSensitivity,
} from '@carewatch/devices/simulated-watch';
import { CardsSkeleton } from '../../app/states.tsx';
import { DeviceError } from './device-panel.tsx';
import { useDeviceManager, useDeviceSnapshot } from './device-session.ts';

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.${Math.floor((ms % 1000) / 100)}`;
};

/** Redraws every `ms` while `on` (stopwatch and countdown displays read the watch's own clock). */
function useTick(on: boolean, ms = 100): void {
  const [, setN] = useState(0);
  useEffect(() => {
    if (!on) return undefined;
    const id = setInterval(() => setN((n) => n + 1), ms);
    return () => clearInterval(id);
  }, [on, ms]);
}

/** Device settings of spec §2 for the simulated watch. */
export function DeviceSettingsPage() {
  const { t } = useTranslation();
  const manager = useDeviceManager();
  const snapshot = useDeviceSnapshot(manager);
  const controls = manager?.controls ?? null;
  const [confirmClear, setConfirmClear] = useState(false);
  const [countdownSeconds, setCountdownSeconds] = useState<number | string>(60);
  const [, setVersion] = useState(0);
  // The watch keeps the stopwatch; the page remembers whether it started it, to redraw and to offer "Stop".
  const [stopwatchRunning, setStopwatchRunning] = useState(false);
  const rerender = () => setVersion((v) => v + 1);
  useTick(Boolean(controls && (controls.countdownRunning || stopwatchRunning)));

  useEffect(() => {
    if (!controls) return undefined;
    return controls.on((e) => {
      if (e.type === 'countdown_done')
        notifications.show({ color: 'teal', message: t('devices.settings.countdownDone') });
      if (e.type === 'countdown' || e.type === 'countdown_done' || e.type === 'settings') rerender();
    });
  }, [controls, t]);

  if (!manager) return <CardsSkeleton rows={3} />;
  if (!snapshot.paired || snapshot.paired.kind !== 'simulated') return <Navigate to="/devices" replace />;
  const back = (
    <Anchor component={Link} to="/devices" size="sm">
      {t('devices.back')}
    </Anchor>
  );
  if (!controls || snapshot.state !== 'connected') {
    return (
      <Stack gap="md">
        {back}
        <Title order={1} size="h3">
          {t('devices.settings.title')}
        </Title>
        <Text>{t('devices.settings.notConnected')}</Text>
        <Button onClick={() => void manager.reconnect()} loading={snapshot.busy === 'connecting'}>
          {t('devices.connect')}
        </Button>
      </Stack>
    );
  }
  const s = controls.settings;
  const exportLog = () => {
    const text = manager.exportLog();
    if (text === null) return;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${snapshot.paired?.name ?? 'watch'}-log.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    notifications.show({ color: 'teal', message: t('devices.settings.exported'), autoClose: 2500 });
  };

  return (
    <Stack gap="md">
      {back}
      <Title order={1} size="h3">
        {t('devices.settings.title')}
      </Title>
      <DeviceError manager={manager} snapshot={snapshot} />

      <Card withBorder component="section">
        <Stack gap="sm">
          <Select
            label={t('devices.settings.brightScreen')}
            allowDeselect={false}
            value={String(s.brightScreenSeconds)}
            data={BRIGHT_SCREEN_SECONDS.map((v) => ({
              value: String(v),
              label: t('devices.settings.seconds', { count: v }),
            }))}
            onChange={(v) => v && manager.updateSettings({ brightScreenSeconds: Number(v) as BrightScreenSeconds })}
          />
          <div>
            <Text size="sm" mb={4} id="device-brightness">
              {t('devices.settings.brightness')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="device-brightness"
              value={String(s.brightness)}
              data={Array.from({ length: BRIGHTNESS_MAX - BRIGHTNESS_MIN + 1 }, (_, i) => String(BRIGHTNESS_MIN + i))}
              onChange={(v) => manager.updateSettings({ brightness: Number(v) })}
            />
          </div>
          <div>
            <Text size="sm" mb={4} id="device-wrist">
              {t('devices.settings.wristSensitivity')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="device-wrist"
              value={s.wristSensitivity}
              data={WRIST_SENSITIVITIES.map((v) => ({ value: v, label: t(`devices.settings.sensitivity.${v}`) }))}
              onChange={(v) => manager.updateSettings({ wristSensitivity: v as WristSensitivity })}
            />
          </div>
          <Switch
            label={t('devices.settings.autoHeartRate')}
            checked={s.autoMeasureHeartRate}
            onChange={(e) => manager.updateSettings({ autoMeasureHeartRate: e.currentTarget.checked })}
          />
          <Switch
            label={t('devices.settings.autoTemperature')}
            checked={s.autoMeasureTemperature}
            onChange={(e) => manager.updateSettings({ autoMeasureTemperature: e.currentTarget.checked })}
          />
        </Stack>
      </Card>

      <Card withBorder component="section" aria-labelledby="device-stopwatch">
        <Title order={2} size="h5" id="device-stopwatch" mb="xs">
          {t('devices.settings.stopwatch')}
        </Title>
        <Text size="xl" fw={700} ff="monospace" role="timer">
          {clock(controls.stopwatchMs)}
        </Text>
        <Group grow mt="xs">
          <Button
            onClick={() => {
              controls.startStopwatch();
              setStopwatchRunning(true);
            }}
          >
            {t('devices.settings.start')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              controls.stopStopwatch();
              setStopwatchRunning(false);
            }}
            disabled={!stopwatchRunning}
          >
            {t('devices.settings.stop')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              controls.resetStopwatch();
              setStopwatchRunning(false);
            }}
          >
            {t('devices.settings.reset')}
          </Button>
        </Group>
      </Card>

      <Card withBorder component="section" aria-labelledby="device-countdown">
        <Title order={2} size="h5" id="device-countdown" mb="xs">
          {t('devices.settings.countdown')}
        </Title>
        <Text size="xl" fw={700} ff="monospace" role="timer">
          {clock(controls.countdownRemainingMs)}
        </Text>
        <Group align="flex-end" mt="xs" wrap="nowrap">
          <NumberInput
            label={t('devices.settings.countdownSeconds')}
            min={1}
            max={COUNTDOWN_MAX_SECONDS}
            allowDecimal={false}
            value={countdownSeconds}
            onChange={setCountdownSeconds}
            disabled={controls.countdownRunning}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            disabled={controls.countdownRunning}
            onClick={() => {
              const n = Number(countdownSeconds);
              try {
                controls.setCountdown(n);
                rerender();
              } catch {
                notifications.show({ color: 'red', message: t('devices.errors.INVALID_SETTING') });
              }
            }}
          >
            {t('devices.settings.countdownSet')}
          </Button>
        </Group>
        <Group grow mt="xs">
          {controls.countdownRunning ? (
            <Button variant="default" onClick={() => controls.stopCountdown()}>
              {t('devices.settings.stop')}
            </Button>
          ) : (
            <Button onClick={() => controls.startCountdown()}>{t('devices.settings.start')}</Button>
          )}
        </Group>
      </Card>

      <Card withBorder component="section" aria-labelledby="device-tools">
        <Title order={2} size="h5" id="device-tools" mb="xs">
          {t('devices.settings.tools')}
        </Title>
        <Stack gap="xs">
          <Button variant="default" onClick={exportLog}>
            {t('devices.settings.exportLog')}
          </Button>
          <Button variant="default" onClick={() => void manager.disconnect()}>
            {t('devices.disconnect')}
          </Button>
          <Button color="red" variant="light" onClick={() => setConfirmClear(true)}>
            {t('devices.settings.clearData')}
          </Button>
        </Stack>
      </Card>

      <Modal
        opened={confirmClear}
        onClose={() => setConfirmClear(false)}
        title={t('devices.settings.clearTitle')}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">{t('devices.settings.clearBody')}</Text>
          <Group grow>
            <Button variant="default" onClick={() => setConfirmClear(false)}>
              {t('devices.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                setConfirmClear(false);
                if (manager.clearDeviceData())
                  notifications.show({ color: 'teal', message: t('devices.settings.cleared'), autoClose: 2500 });
                rerender();
              }}
            >
              {t('devices.settings.clearConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
