import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Container,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { UnitPrefs } from '@carewatch/clinical/units';
import { CANONICAL_UNIT, type TReading } from '@carewatch/contracts/vitals';
import {
  buildEntry,
  emptyValues,
  localDateTime,
  type EntryErrors,
  type EntryField,
  type EntryMetric,
  type EntryValues,
} from '../entry/entry-rules.ts';
import { storedTenant } from '../../app/tenant.ts';
import { AddDeviceOptions, DeviceCard, DeviceError, MeasurePanel } from '../devices/device-panel.tsx';
import {
  useDeviceManager,
  useDeviceSnapshot,
  startDeviceSession,
  stopDeviceSession,
} from '../devices/device-session.ts';
import { addLocalReadings, clearLocalReadings, useLatestLocalReadings } from './local-readings.ts';
import { dateText, timeSecondsText } from '../../app/format.ts';

/** Visitor mode has no profile: metric units, the canonical ones the readings are kept in. */
const VISITOR_PREFS: UnitPrefs = { unitSystem: 'metric', thermalUnit: 'C', bloodGlucoseUnit: 'mmol/L' };
const VISITOR_METRICS: readonly EntryMetric[] = ['heart_rate', 'spo2', 'blood_pressure', 'temperature'];
const DEVICE_KEY = 'cw.app.device.visitor';
const UNIT_SYMBOLS: Record<string, string> = { C: '°C', bpm: 'BPM' };

const formatValue = (r: TReading): string => {
  const unit = UNIT_SYMBOLS[CANONICAL_UNIT[r.metric]] ?? CANONICAL_UNIT[r.metric];
  const v = r.values;
  if (r.metric === 'blood_pressure' && v && 'systolic' in v) return `${v.systolic}/${v.diastolic} ${unit}`;
  return `${r.value ?? '—'} ${unit}`;
};

/**
 * Visitor mode (spec §1, §6): no account and no server calls for health data. The simulated watch (or a real one) and
 * typed readings are stored in this phone's IndexedDB only; leaving deletes them.
 */
export function VisitorApp() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    const m = startDeviceSession({
      userId: 'visitor',
      storage: localStorage,
      storageKey: DEVICE_KEY,
      // No `report`: the watch is never registered on the server, and its readings never enter the outbox.
      sink: (readings) => addLocalReadings(readings),
    });
    return () => stopDeviceSession(m);
  }, []);
  const manager = useDeviceManager();
  const snapshot = useDeviceSnapshot(manager);

  const leave = async () => {
    setLeaving(false);
    await manager?.forget();
    localStorage.removeItem(DEVICE_KEY);
    await clearLocalReadings().catch(() => undefined);
    void navigate(storedTenant() ? '/login' : '/welcome');
  };

  return (
    <Center mih="100dvh" p="md" style={{ alignItems: 'flex-start' }}>
      <Container size="xs" w="100%" p={0}>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('devices.visitor.title')}
          </Title>
          <Alert color="blue" role="note">
            {t('devices.visitor.notice')}
          </Alert>
          <Stack gap="xs">
            <Button component={Link} to={storedTenant() ? '/register' : '/welcome'}>
              {t('devices.visitor.register')}
            </Button>
            <Button component={Link} to={storedTenant() ? '/login' : '/welcome'} variant="default">
              {t('devices.visitor.signIn')}
            </Button>
          </Stack>

          <LatestLocal />

          {manager && (
            <>
              <DeviceError manager={manager} snapshot={snapshot} />
              {snapshot.paired ? (
                <>
                  <DeviceCard manager={manager} snapshot={snapshot} />
                  <MeasurePanel manager={manager} snapshot={snapshot} />
                </>
              ) : (
                <AddDeviceOptions manager={manager} snapshot={snapshot} />
              )}
            </>
          )}

          <VisitorEntry />

          <Anchor component="button" type="button" c="red" size="sm" onClick={() => setLeaving(true)}>
            {t('devices.visitor.leave')}
          </Anchor>
          <Modal opened={leaving} onClose={() => setLeaving(false)} title={t('devices.visitor.leaveTitle')} centered>
            <Stack gap="sm">
              <Text size="sm">{t('devices.visitor.leaveBody')}</Text>
              <Group grow>
                <Button variant="default" onClick={() => setLeaving(false)}>
                  {t('devices.cancel')}
                </Button>
                <Button color="red" onClick={() => void leave()}>
                  {t('devices.visitor.leaveConfirm')}
                </Button>
              </Group>
            </Stack>
          </Modal>
        </Stack>
      </Container>
    </Center>
  );
}

function LatestLocal() {
  const { t } = useTranslation();
  const latest = useLatestLocalReadings();
  return (
    <Card withBorder component="section" aria-labelledby="visitor-latest">
      <Title order={2} size="h5" id="visitor-latest" mb="xs">
        {t('devices.visitor.latest')}
      </Title>
      {latest === null ? null : latest.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('devices.visitor.empty')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {latest.map((r) => (
            <li key={r.metric} aria-label={t(`metrics.${r.metric}`)}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">{t(`metrics.${r.metric}`)}</Text>
                <Text fw={700}>{formatValue(r)}</Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t('devices.visitor.measuredAt', {
                  time: `${dateText(r.measuredAt)} ${timeSecondsText(r.measuredAt)}`,
                })}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** A typed reading, checked with the same rules as manual entry, saved on the phone. */
function VisitorEntry() {
  const { t } = useTranslation();
  const [values, setValues] = useState<EntryValues>(() => emptyValues(new Date()));
  const [errors, setErrors] = useState<EntryErrors>({});
  const msg = (f: EntryField | '_') => {
    const m = errors[f];
    return m ? t(`entry.${m.key}`, m.params ?? {}) : undefined;
  };
  const field = (f: EntryField, label: string) => (
    <TextInput
      key={f}
      label={label}
      inputMode="decimal"
      autoComplete="off"
      value={values[f]}
      error={msg(f)}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setValues((s) => ({ ...s, [f]: v }));
      }}
    />
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const now = new Date();
    const built = buildEntry({ ...values, measuredAt: localDateTime(now) }, VISITOR_METRICS, VISITOR_PREFS, now);
    setErrors(built.errors);
    if (Object.keys(built.errors).length > 0) return;
    // datetime-local has minute precision: the visitor's reading keeps the exact instant it was saved.
    await addLocalReadings(built.readings.map((r) => ({ ...r, measuredAt: now.toISOString() })));
    setValues(emptyValues(new Date()));
    notifications.show({ color: 'teal', message: t('devices.visitor.saved'), autoClose: 2500 });
  };
  return (
    <Card withBorder component="section" aria-labelledby="visitor-entry">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h5" id="visitor-entry">
            {t('devices.visitor.enter')}
          </Title>
          {field('heart_rate', t('entry.unitLabel', { name: t('metrics.heart_rate'), unit: 'BPM' }))}
          {field('spo2', t('entry.unitLabel', { name: t('metrics.spo2'), unit: '%' }))}
          <Group grow align="flex-start" role="group" aria-label={t('metrics.blood_pressure')}>
            {field('systolic', t('entry.systolic'))}
            {field('diastolic', t('entry.diastolic'))}
          </Group>
          {field('temperature', t('entry.unitLabel', { name: t('metrics.temperature'), unit: '°C' }))}
          {errors._ && (
            <Alert color="red" role="alert">
              {msg('_')}
            </Alert>
          )}
          <Button type="submit">{t('devices.visitor.save')}</Button>
        </Stack>
      </form>
    </Card>
  );
}
