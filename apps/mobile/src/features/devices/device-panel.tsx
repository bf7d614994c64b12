import { Alert, Badge, Button, Card, Chip, Group, Loader, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeasurementKind } from '@carewatch/devices/simulated-watch';
import { WebBluetoothAdapter } from './adapters/web-bluetooth.ts';
import type { DeviceManager, DeviceSnapshot } from './device-manager.ts';
import { timeSecondsText } from '../../app/format.ts';

const STATE_COLOR: Record<DeviceSnapshot['state'], string> = {
  connected: 'teal',
  paired: 'teal',
  pairing: 'blue',
  disconnected: 'gray',
  unpaired: 'gray',
  bluetooth_off: 'orange',
};

/** The current device error (spec §8 "Devices"), dismissible. */
export function DeviceError({ manager, snapshot }: { manager: DeviceManager; snapshot: DeviceSnapshot }) {
  const { t } = useTranslation();
  if (!snapshot.error) return null;
  return (
    <Alert
      color="red"
      role="alert"
      withCloseButton
      closeButtonLabel={t('devices.dismiss')}
      onClose={() => manager.clearError()}
    >
      {t(`devices.errors.${snapshot.error}`)}
    </Alert>
  );
}

/** Ways to add a device: Web Bluetooth when the browser has it (else the "not supported" message), and the simulated watch. */
export function AddDeviceOptions({
  manager,
  snapshot,
  bluetooth = true,
}: {
  manager: DeviceManager;
  snapshot: DeviceSnapshot;
  bluetooth?: boolean;
}) {
  const { t } = useTranslation();
  const supported = WebBluetoothAdapter.supported();
  const pairing = snapshot.busy === 'pairing';
  return (
    <Stack gap="md">
      {bluetooth && (
        <Card withBorder component="section" aria-labelledby="devices-scan">
          <Title order={2} size="h5" id="devices-scan" mb="xs">
            {t('devices.scanTitle')}
          </Title>
          {supported ? (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('devices.scanHint')}
              </Text>
              <Button onClick={() => void manager.pairBluetooth()} disabled={pairing}>
                {t('devices.scan')}
              </Button>
            </Stack>
          ) : (
            <Alert color="orange" role="status">
              {t('devices.errors.NOT_SUPPORTED')}
            </Alert>
          )}
        </Card>
      )}
      <Card withBorder component="section" aria-labelledby="devices-simulated">
        <Title order={2} size="h5" id="devices-simulated" mb="xs">
          {t('devices.simulatedTitle')}
        </Title>
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('devices.simulatedHint')}
          </Text>
          <Group grow>
            {(['GT2', 'GT5'] as const).map((model) => (
              <Button key={model} variant="light" disabled={pairing} onClick={() => void manager.pairSimulated(model)}>
                {t('devices.simulated', { model })}
              </Button>
            ))}
          </Group>
        </Stack>
      </Card>
      {pairing && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('devices.pairing')}</Text>
        </Group>
      )}
    </Stack>
  );
}

/** The paired device: identity, status, connect/disconnect, forget, and (when it can) "Measure now". */
export function DeviceCard({
  manager,
  snapshot,
  settingsLink,
}: {
  manager: DeviceManager;
  snapshot: DeviceSnapshot;
  settingsLink?: ReactNode;
}) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState(false);
  const p = snapshot.paired;
  if (!p) return null;
  const connected = snapshot.state === 'connected';
  const rows: Array<[string, string]> = [
    [t('devices.model'), p.model ?? '—'],
    [t('devices.mac'), p.mac],
    ...(p.firmwareVersion ? [[t('devices.firmware'), p.firmwareVersion] as [string, string]] : []),
    ...(snapshot.battery !== null
      ? [[t('devices.battery'), t('devices.batteryValue', { percent: snapshot.battery })] as [string, string]]
      : []),
    [t('devices.lastReading'), snapshot.lastReadingAt ? timeSecondsText(snapshot.lastReadingAt) : t('devices.never')],
  ];
  return (
    <Card withBorder component="section" aria-labelledby="device-name">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text size="xs" c="dimmed">
              {t('devices.paired')}
            </Text>
            <Title order={2} size="h4" id="device-name">
              {p.name}
            </Title>
          </div>
          <Badge
            color={STATE_COLOR[snapshot.state]}
            variant="light"
            size="lg"
            aria-label={`${t('devices.status')}: ${t(`devices.states.${snapshot.state}`)}`}
          >
            {t(`devices.states.${snapshot.state}`)}
          </Badge>
        </Group>
        <Stack gap={2} component="dl" style={{ margin: 0 }}>
          {rows.map(([k, v]) => (
            <Group key={k} justify="space-between" gap="xs">
              <Text component="dt" size="sm" c="dimmed">
                {k}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {v}
              </Text>
            </Group>
          ))}
        </Stack>
        <Text size="xs" c="dimmed" role="status">
          {t('devices.received', { count: snapshot.received })}
        </Text>
        <Group grow>
          {connected ? (
            <Button variant="default" onClick={() => void manager.disconnect()}>
              {t('devices.disconnect')}
            </Button>
          ) : (
            <Button loading={snapshot.busy === 'connecting'} onClick={() => void manager.reconnect()}>
              {t('devices.connect')}
            </Button>
          )}
          <Button color="red" variant="light" onClick={() => setConfirm(true)}>
            {t('devices.forget')}
          </Button>
        </Group>
        {settingsLink}
      </Stack>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={t('devices.forgetTitle')} centered>
        <Stack gap="sm">
          <Text size="sm">{t('devices.forgetBody')}</Text>
          <Group grow>
            <Button variant="default" onClick={() => setConfirm(false)}>
              {t('devices.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                setConfirm(false);
                void manager.forget();
              }}
            >
              {t('devices.forgetConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** "Measure now" with the measurement states of spec §4: not started, testing with progress, completed, stopped, failed. */
export function MeasurePanel({ manager, snapshot }: { manager: DeviceManager; snapshot: DeviceSnapshot }) {
  const { t } = useTranslation();
  const kinds = manager.measurable;
  const [kind, setKind] = useState<MeasurementKind>('heart_rate');
  if (snapshot.state !== 'connected' || kinds.length === 0) return null;
  const m = snapshot.measurement;
  const status = m?.status ?? 'not_started';
  const testing = status === 'testing';
  return (
    <Card withBorder component="section" aria-labelledby="device-measure">
      <Stack gap="sm">
        <Title order={2} size="h5" id="device-measure">
          {t('devices.measure.title')}
        </Title>
        {/* Chips wrap on a narrow phone, where four segments would cut "Blood pressure" short. */}
        <Chip.Group multiple={false} value={kind} onChange={(v) => setKind(v as MeasurementKind)}>
          <Group gap="xs" role="radiogroup" aria-label={t('devices.measure.kind')}>
            {kinds.map((k) => (
              <Chip key={k} value={k} type="radio" disabled={testing}>
                {t(`metrics.${k}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Text size="sm" role="status" aria-live="polite">
          {m ? `${t(`metrics.${m.kind}`)}: ` : ''}
          {t(`devices.measure.states.${status}`, { progress: m?.progress ?? 0 })}
        </Text>
        {testing && <Progress value={m?.progress ?? 0} aria-label={t('devices.measure.title')} animated />}
        {testing ? (
          <Button variant="default" onClick={() => manager.stopMeasurement()}>
            {t('devices.measure.stop')}
          </Button>
        ) : (
          <Button onClick={() => void manager.measure(kind)}>{t('devices.measure.start')}</Button>
        )}
      </Stack>
    </Card>
  );
}
