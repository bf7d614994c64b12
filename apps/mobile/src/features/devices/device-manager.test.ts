import { describe, expect, it } from 'vitest';
import { ManualClock } from '@carewatch/devices/clock';
import type { TReading } from '@carewatch/contracts/vitals';
import { AdapterError } from './adapters/adapter.ts';
import { SimulatedAdapter } from './adapters/simulated.ts';
import { DeviceManager, type DeviceEnv } from './device-manager.ts';

const SERVER_ID = '0190a000-0000-7000-8000-000000000001';

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => {
      m.set(k, v);
    },
    removeItem: (k: string) => {
      m.delete(k);
    },
  };
}

function env(clock: ManualClock, over: Partial<DeviceEnv> = {}) {
  const readings: TReading[] = [];
  const reports: Array<{ mac: string; status: number }> = [];
  const storage = memoryStorage();
  const e: DeviceEnv = {
    userId: 'user-1',
    storage,
    storageKey: 'device',
    sink: async (r) => {
      readings.push(...r);
    },
    report: async (identity, status) => {
      reports.push({ mac: identity.mac, status });
      return SERVER_ID;
    },
    unregister: async () => undefined,
    simulated: (model, seed) =>
      new SimulatedAdapter({ model, seed, clock, autoMeasureIntervalMs: 5_000, measurementMs: 3_000 }),
    ...over,
  };
  return { env: e, readings, reports, storage };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('device manager with the simulated watch', () => {
  it('pairs a GT5, registers it, and hands its readings (with the server device id) to the sink', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 8));
    const { env: e, readings, reports } = env(clock);
    const m = new DeviceManager(e);
    await m.pairSimulated('GT5');
    expect(m.snapshot.state).toBe('connected');
    expect(m.snapshot.paired).toMatchObject({ kind: 'simulated', model: 'GT5', serverId: SERVER_ID });
    expect(reports).toEqual([{ mac: m.snapshot.paired?.mac, status: 1 }]);

    clock.advance(5_000);
    await settle();
    // One auto-measure: heart rate, SpO2, temperature — the oximeter's pulse is not a second heart rate.
    expect(readings.map((r) => r.metric).sort()).toEqual(['heart_rate', 'spo2', 'temperature']);
    expect(
      readings.every((r) => r.deviceId === SERVER_ID && r.measuredAt === new Date(clock.now()).toISOString()),
    ).toBe(true);

    const measuring = m.measure('blood_pressure');
    clock.advance(1_500);
    expect(m.snapshot.measurement).toMatchObject({ kind: 'blood_pressure', status: 'testing' });
    await m.measure('heart_rate');
    expect(m.snapshot.error).toBe('MEASUREMENT_IN_PROGRESS');
    clock.advance(1_500);
    await measuring;
    await settle();
    expect(m.snapshot.measurement).toMatchObject({ kind: 'blood_pressure', status: 'completed', progress: 100 });
    expect(readings.some((r) => r.metric === 'blood_pressure' && r.values !== undefined)).toBe(true);
  });

  it('remembers the pairing and settings and reconnects on app start', async () => {
    const clock = new ManualClock();
    const first = env(clock);
    const m = new DeviceManager(first.env);
    await m.pairSimulated('GT2');
    m.updateSettings({ brightness: 5, wristSensitivity: 'high' });
    const mac = m.snapshot.paired?.mac;
    await m.stop();

    const again = new DeviceManager({ ...first.env });
    expect(again.snapshot).toMatchObject({ state: 'disconnected', paired: { mac } });
    await again.start();
    expect(again.snapshot.state).toBe('connected');
    expect(again.controls?.settings).toMatchObject({ brightness: 5, wristSensitivity: 'high' });
  });

  it('refuses a watch the server says is connected to another user, and keeps nothing', async () => {
    const clock = new ManualClock();
    const { env: e, storage } = env(clock, {
      report: () => Promise.reject(new AdapterError('CONNECTED_BY_ANOTHER_USER')),
    });
    const m = new DeviceManager(e);
    await m.pairSimulated('GT5');
    expect(m.snapshot).toMatchObject({ state: 'unpaired', paired: null, error: 'CONNECTED_BY_ANOTHER_USER' });
    expect(storage.getItem('device')).toBeNull();
  });

  it('shows a lost connection, reconnects, and forgets', async () => {
    const clock = new ManualClock();
    const { env: e, reports, storage } = env(clock);
    const m = new DeviceManager(e);
    await m.pairSimulated('GT5');
    m.controls?.setInRange(false);
    expect(m.snapshot).toMatchObject({ state: 'disconnected', error: 'BLUETOOTH_LOST' });
    await settle();
    expect(reports.at(-1)?.status).toBe(0);
    m.controls?.setInRange(true);
    await m.reconnect();
    expect(m.snapshot.state).toBe('connected');
    await m.forget();
    expect(m.snapshot).toMatchObject({ state: 'unpaired', paired: null });
    expect(storage.getItem('device')).toBeNull();
  });

  it('reports low battery on "measure now"', async () => {
    const clock = new ManualClock();
    const m = new DeviceManager(env(clock).env);
    await m.pairSimulated('GT2');
    m.controls?.setBatteryLevel(2);
    await m.measure('heart_rate');
    expect(m.snapshot.error).toBe('LOW_BATTERY');
  });

  it('taken off the wrist: no heart rate sent, "not worn" reported once after 2 minutes; worn again on contact (issue 20)', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 27, 8));
    const wear: Array<{ id: string; worn: boolean; at: string }> = [];
    const { env: e, readings } = env(clock, {
      reportWear: async (id, r) => {
        wear.push({ id, ...r });
      },
    });
    const m = new DeviceManager(e);
    await m.pairSimulated('GT5');
    clock.advance(5_000);
    await settle();
    expect(wear).toEqual([{ id: SERVER_ID, worn: true, at: new Date(clock.now()).toISOString() }]);

    const controls = m.controls!;
    controls.setWorn(false);
    readings.length = 0;
    clock.advance(5_000);
    const off = new Date(clock.now()).toISOString();
    for (let i = 0; i < 30; i++) clock.advance(5_000);
    await settle();
    expect(readings).toEqual([]);
    expect(wear.slice(1)).toEqual([{ id: SERVER_ID, worn: false, at: off }]);

    controls.setWorn(true);
    clock.advance(5_000);
    clock.advance(5_000);
    await settle();
    expect(wear.slice(2)).toEqual([{ id: SERVER_ID, worn: true, at: new Date(clock.now() - 5_000).toISOString() }]);
    expect(readings.some((r) => r.metric === 'heart_rate')).toBe(true);
  });
});
