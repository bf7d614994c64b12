import { describe, expect, it } from 'vitest';
import { parseBloodPressureMeasurement } from './blood-pressure.ts';
import { parseCharacteristic } from './characteristics.ts';
import { ManualClock } from './clock.ts';
import { parseHeartRateMeasurement } from './heart-rate.ts';
import { toReadings } from './readings.ts';
import {
  AUTO_MEASURE_INTERVAL_MS,
  COUNTDOWN_PRESS_MS,
  DEFAULT_WATCH_SETTINGS,
  DeviceError,
  SimulatedWatch,
  type WatchEvent,
  type WatchState,
} from './simulated-watch.ts';
import { CHARACTERISTIC, SERVICE, uuid128 } from './uuids.ts';

const START = Date.UTC(2026, 0, 15, 1, 0, 0);
const setup = (model: 'GT2' | 'GT5' = 'GT5', seed = 7) => {
  const clock = new ManualClock(START);
  const watch = new SimulatedWatch({ model, seed, clock, measurementMs: 30_000 });
  const events: WatchEvent[] = [];
  watch.on((e) => events.push(e));
  const states = (): WatchState[] => events.flatMap((e) => (e.type === 'state' ? [e.state] : []));
  return { clock, watch, events, states };
};
const codeOf = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof DeviceError) return e.code;
    throw e;
  }
  throw new Error('expected a DeviceError');
};
const codeOfSync = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof DeviceError) return e.code;
    throw e;
  }
  throw new Error('expected a DeviceError');
};

describe('SimulatedWatch', () => {
  it('off the wrist: heart-rate notifications say no sensor contact (0 bpm), no SpO2 or temperature; back on: contact again', async () => {
    const { clock, watch } = setup('GT5');
    await watch.scan();
    await watch.connect('user-1');
    const hr: Array<[number, string]> = [];
    const others: string[] = [];
    await watch.startNotifications(CHARACTERISTIC.HEART_RATE_MEASUREMENT, (v) => {
      const m = parseHeartRateMeasurement(v);
      hr.push([m.heartRate, m.sensorContact]);
    });
    await watch.startNotifications(CHARACTERISTIC.PLX_CONTINUOUS_MEASUREMENT, () => others.push('spo2'));
    await watch.startNotifications(CHARACTERISTIC.TEMPERATURE_MEASUREMENT, () => others.push('temperature'));
    expect(watch.worn).toBe(true);
    watch.setWorn(false);
    clock.advance(2 * AUTO_MEASURE_INTERVAL_MS);
    expect(hr).toEqual([
      [0, 'not_detected'],
      [0, 'not_detected'],
    ]);
    expect(others).toEqual([]);
    watch.setWorn(true);
    clock.advance(AUTO_MEASURE_INTERVAL_MS);
    expect(hr[2]![1]).toBe('detected');
    expect(hr[2]![0]).toBeGreaterThan(0);
    expect(others.sort()).toEqual(['spo2', 'temperature']);
    expect(watch.exportLog()).toContain('taken off');
  });

  it('scan → connect → notifications → disconnect → forget, with a manual clock', async () => {
    const { clock, watch, states } = setup('GT5');
    const ad = await watch.scan();
    expect(ad).toMatchObject({ model: 'GT5', mac: watch.mac, name: watch.name });
    expect(ad.mac).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
    expect(ad.name).toBe(`GT5-${ad.mac.slice(-5).replace(':', '')}`);
    expect(ad.rssi).toBeLessThan(-40);
    expect(ad.serviceUuids).toContain(uuid128(SERVICE.HEART_RATE));
    expect(watch.state).toBe('unpaired');
    expect(watch.connectionStatus).toBe(-1);

    const info = await watch.connect('user-1');
    expect(info).toMatchObject({
      model: 'GT5',
      mac: ad.mac,
      firmwareVersion: expect.any(String),
      serialNumber: expect.stringContaining('GT5'),
    });
    expect(states()).toEqual(['pairing', 'paired', 'connected']);
    expect(watch.ownerId).toBe('user-1');
    expect(watch.connectionStatus).toBe(1);

    const hr: number[] = [];
    const spo2: number[] = [];
    const temps: number[] = [];
    await watch.startNotifications(CHARACTERISTIC.HEART_RATE_MEASUREMENT, (v) =>
      hr.push(parseHeartRateMeasurement(v).heartRate),
    );
    await watch.startNotifications(uuid128(CHARACTERISTIC.PLX_CONTINUOUS_MEASUREMENT), (v) => {
      const m = parseCharacteristic(CHARACTERISTIC.PLX_CONTINUOUS_MEASUREMENT, v);
      if (m.kind === 'plx_continuous' && m.spo2 !== null) spo2.push(m.spo2);
    });
    await watch.startNotifications('2a1c', (v) => {
      const m = parseCharacteristic(CHARACTERISTIC.TEMPERATURE_MEASUREMENT, v);
      if (m.kind === 'temperature' && m.temperature !== null) temps.push(m.temperature);
    });

    // Nothing before the first 15-minute period (spec §9), then one value of each per period.
    clock.advance(AUTO_MEASURE_INTERVAL_MS - 1);
    expect(hr).toEqual([]);
    clock.advance(1 + 2 * AUTO_MEASURE_INTERVAL_MS);
    expect(hr).toHaveLength(3);
    expect(spo2).toHaveLength(3);
    expect(temps).toHaveLength(3);
    for (const v of hr) expect(v).toBeGreaterThanOrEqual(55);
    for (const v of hr) expect(v).toBeLessThanOrEqual(110);
    for (const v of spo2) expect(v).toBeGreaterThanOrEqual(95);
    for (const v of temps) expect(v).toBeGreaterThanOrEqual(36.2);

    await watch.disconnect();
    expect(watch.state).toBe('disconnected');
    clock.advance(AUTO_MEASURE_INTERVAL_MS * 2);
    expect(hr).toHaveLength(3); // subscriptions end with the connection
    expect(clock.pendingTimers).toBe(0);

    // Reconnecting needs no new pairing and keeps the owner.
    await watch.connect('user-1');
    expect(states().slice(-2)).toEqual(['disconnected', 'connected']);

    await watch.forget();
    expect(watch.state).toBe('unpaired');
    expect(watch.ownerId).toBeNull();
  });

  it('the same seed gives the same MAC and the same readings; another seed differs', async () => {
    const run = async (seed: number) => {
      const { clock, watch } = setup('GT2', seed);
      await watch.connect('u');
      const bytes: number[][] = [];
      await watch.startNotifications(CHARACTERISTIC.HEART_RATE_MEASUREMENT, (v) =>
        bytes.push([...new Uint8Array(v.buffer, v.byteOffset, v.byteLength)]),
      );
      clock.advance(AUTO_MEASURE_INTERVAL_MS * 5);
      return { mac: watch.mac, bytes };
    };
    const a = await run(42);
    expect(await run(42)).toEqual(a);
    expect((await run(43)).mac).not.toBe(a.mac);
    expect(a.bytes).toHaveLength(5);
  });

  it('on-demand blood pressure: progress, then a parsable notification; one measurement at a time', async () => {
    const { clock, watch, events } = setup('GT5');
    await watch.connect('user-1');
    const notified: ReturnType<typeof parseBloodPressureMeasurement>[] = [];
    await watch.startNotifications(CHARACTERISTIC.BLOOD_PRESSURE_MEASUREMENT, (v) =>
      notified.push(parseBloodPressureMeasurement(v)),
    );

    const pending = watch.measure('blood_pressure');
    expect(watch.measuring).toBe('blood_pressure');
    expect(await codeOf(watch.measure('heart_rate'))).toBe('MEASUREMENT_IN_PROGRESS');
    expect(codeOfSync(() => watch.clearData())).toBe('MEASUREMENT_IN_PROGRESS');

    clock.advance(15_000);
    expect(
      events.filter((e) => e.type === 'measurement').map((e) => (e.type === 'measurement' ? e.progress : -1)),
    ).toEqual([0, 10, 20, 30, 40, 50]);
    clock.advance(15_000);
    const value = await pending;
    const m = parseBloodPressureMeasurement(value);
    expect(m.systolic).toBeGreaterThanOrEqual(108);
    expect(m.diastolic).toBeLessThanOrEqual(84);
    expect(m.timestamp).toEqual({ year: 2026, month: 1, day: 15, hours: 1, minutes: 0, seconds: 30 });
    expect(notified).toEqual([m]);
    expect(events.at(-1)).toEqual({ type: 'measurement', kind: 'blood_pressure', status: 'completed', progress: 100 });
    expect(watch.measuring).toBeNull();

    const readings = toReadings(m, new Date(clock.now()));
    expect(readings).toEqual([
      expect.objectContaining({ metric: 'blood_pressure', values: expect.objectContaining({ systolic: m.systolic }) }),
    ]);
  });

  it('an automatic period that falls during an on-demand measurement is skipped (the sensor is busy)', async () => {
    const { clock, watch } = setup();
    await watch.connect('u');
    let hr = 0;
    await watch.startNotifications(CHARACTERISTIC.HEART_RATE_MEASUREMENT, () => {
      hr++;
    });
    clock.advance(AUTO_MEASURE_INTERVAL_MS - 10_000);
    const p = watch.measure('temperature');
    clock.advance(30_000); // the period ends 10 s into the 30 s measurement
    await p;
    expect(hr).toBe(0);
    clock.advance(AUTO_MEASURE_INTERVAL_MS);
    expect(hr).toBe(1);
  });

  it('stopping a measurement rejects it with MEASUREMENT_STOPPED; a lost connection fails it', async () => {
    const { clock, watch, events } = setup();
    await watch.connect('u');
    const stopped = watch.measure('heart_rate');
    clock.advance(5_000);
    watch.stopMeasurement();
    expect(await codeOf(stopped)).toBe('MEASUREMENT_STOPPED');
    expect(events.at(-1)).toMatchObject({ type: 'measurement', status: 'stopped' });

    const lost = watch.measure('temperature');
    watch.setInRange(false);
    expect(await codeOf(lost)).toBe('MEASUREMENT_FAILED');
    expect(watch.state).toBe('disconnected');
    expect(events.at(-1)).toEqual({ type: 'state', state: 'disconnected', reason: 'out_of_range' });
    expect(await codeOf(watch.scan())).toBe('DEVICE_NOT_FOUND');
  });

  it('GT2 has no blood-pressure service', async () => {
    const { watch } = setup('GT2');
    await watch.connect('u');
    expect(watch.services).not.toContain(SERVICE.BLOOD_PRESSURE);
    expect(await codeOf(watch.measure('blood_pressure'))).toBe('NOT_SUPPORTED');
    expect(await codeOf(watch.startNotifications(CHARACTERISTIC.BLOOD_PRESSURE_MEASUREMENT, () => undefined))).toBe(
      'NOT_SUPPORTED',
    );
    expect(await codeOf(watch.startNotifications(CHARACTERISTIC.GLUCOSE_MEASUREMENT, () => undefined))).toBe(
      'NOT_SUPPORTED',
    );
  });

  it('connected by another user until the owner forgets it', async () => {
    const { watch } = setup();
    await watch.connect('alice');
    await watch.disconnect();
    expect(await codeOf(watch.connect('bob'))).toBe('CONNECTED_BY_ANOTHER_USER');
    await watch.connect('alice');
    expect(await codeOf(watch.connect('bob'))).toBe('CONNECTED_BY_ANOTHER_USER');
    expect(watch.state).toBe('connected'); // alice keeps her connection
    await watch.forget();
    await watch.connect('bob');
    expect(watch.ownerId).toBe('bob');
  });

  it('Bluetooth off: scan and connect refused, connection dropped, state comes back on', async () => {
    const { watch, states } = setup();
    await watch.connect('u');
    watch.setBluetoothEnabled(false);
    expect(watch.state).toBe('bluetooth_off');
    expect(watch.connectionStatus).toBe(2);
    expect(await codeOf(watch.scan())).toBe('BLUETOOTH_OFF');
    expect(await codeOf(watch.connect('u'))).toBe('BLUETOOTH_OFF');
    expect(await codeOf(watch.measure('heart_rate'))).toBe('BLUETOOTH_OFF');
    watch.setBluetoothEnabled(true);
    expect(watch.state).toBe('disconnected');
    expect(states()).toEqual(['pairing', 'paired', 'connected', 'bluetooth_off', 'disconnected']);
  });

  it('not connected: measurement, notifications and settings refused', async () => {
    const { watch } = setup();
    expect(await codeOf(watch.measure('heart_rate'))).toBe('NOT_CONNECTED');
    expect(await codeOf(watch.startNotifications(CHARACTERISTIC.HEART_RATE_MEASUREMENT, () => undefined))).toBe(
      'NOT_CONNECTED',
    );
    expect(codeOfSync(() => watch.updateSettings({ brightness: 4 }))).toBe('NOT_CONNECTED');
    expect(codeOfSync(() => watch.exportLog())).toBe('NOT_CONNECTED');
  });

  it('low battery refuses a measurement', async () => {
    const { watch } = setup();
    await watch.connect('u');
    watch.setBatteryLevel(3);
    expect(await codeOf(watch.measure('spo2'))).toBe('LOW_BATTERY');
  });

  it('settings: validated, auto-measure switches stop the periodic values, clear data restores defaults', async () => {
    const { clock, watch } = setup();
    await watch.connect('u');
    expect(watch.settings).toEqual(DEFAULT_WATCH_SETTINGS);
    expect(
      watch.updateSettings({
        brightness: 5,
        brightScreenSeconds: 20,
        wristSensitivity: 'high',
        autoMeasureHeartRate: false,
      }),
    ).toMatchObject({
      brightness: 5,
      brightScreenSeconds: 20,
      wristSensitivity: 'high',
      autoMeasureHeartRate: false,
    });
    expect(codeOfSync(() => watch.updateSettings({ brightness: 6 }))).toBe('INVALID_SETTING');
    expect(watch.settings.brightness).toBe(5); // a refused change leaves the settings as they were

    let hr = 0;
    let temps = 0;
    await watch.startNotifications(CHARACTERISTIC.HEART_RATE_MEASUREMENT, () => {
      hr++;
    });
    await watch.startNotifications(CHARACTERISTIC.TEMPERATURE_MEASUREMENT, () => {
      temps++;
    });
    clock.advance(AUTO_MEASURE_INTERVAL_MS * 2);
    expect([hr, temps]).toEqual([0, 2]);
    // A manual measurement still works with auto-measure off.
    const manual = watch.measure('heart_rate');
    clock.advance(30_000);
    await manual;
    expect(hr).toBe(1);

    watch.clearData();
    expect(watch.settings).toEqual(DEFAULT_WATCH_SETTINGS);
    expect(watch.exportLog()).toMatch(/data cleared$/);
  });

  it('export log lists events without measured values', async () => {
    const { clock, watch } = setup();
    watch.overrideValues({ heartRate: 188 });
    await watch.connect('u');
    const p = watch.measure('heart_rate');
    clock.advance(30_000);
    expect(parseHeartRateMeasurement(await p).heartRate).toBe(188);
    const log = watch.exportLog();
    expect(log).toContain('state connected');
    expect(log).toContain('measurement heart_rate completed');
    expect(log).not.toContain('188');
  });

  it('stopwatch and countdown on the manual clock; a 3-second press toggles the countdown', async () => {
    const { clock, watch, events } = setup();
    watch.startStopwatch();
    clock.advance(4_500);
    watch.stopStopwatch();
    clock.advance(10_000);
    expect(watch.stopwatchMs).toBe(4_500);

    watch.setCountdown(10);
    watch.pressButton(COUNTDOWN_PRESS_MS - 1);
    expect(watch.countdownRunning).toBe(false);
    watch.pressButton(COUNTDOWN_PRESS_MS);
    expect(watch.countdownRunning).toBe(true);
    clock.advance(4_000);
    watch.pressButton(COUNTDOWN_PRESS_MS); // pause with 6 s left
    expect(watch.countdownRemainingMs).toBe(6_000);
    clock.advance(60_000);
    expect(events.some((e) => e.type === 'countdown_done')).toBe(false);
    watch.pressButton(3_200);
    clock.advance(6_000);
    expect(events.at(-1)).toEqual({ type: 'countdown_done' });
    expect(watch.countdownRunning).toBe(false);
    expect(codeOfSync(() => watch.setCountdown(0))).toBe('INVALID_SETTING');
  });

  it('forced values reach the readings (for SOS-level demos and tests)', async () => {
    const { clock, watch } = setup();
    await watch.connect('u');
    watch.overrideValues({ heartRate: 165, spo2: 85 });
    const got: string[] = [];
    await watch.startNotifications(CHARACTERISTIC.PLX_CONTINUOUS_MEASUREMENT, (v) => {
      for (const r of toReadings(
        parseCharacteristic(CHARACTERISTIC.PLX_CONTINUOUS_MEASUREMENT, v),
        new Date(clock.now()),
      ))
        got.push(`${r.metric}=${r.value}`);
    });
    clock.advance(AUTO_MEASURE_INTERVAL_MS);
    expect(got).toEqual(['spo2=85', 'heart_rate=165']);
    watch.overrideValues(null);
    clock.advance(AUTO_MEASURE_INTERVAL_MS);
    expect(got[2]).not.toBe('spo2=85');
  });
});
