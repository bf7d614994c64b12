import { createSystemClock, type Clock } from '@carewatch/devices/clock';
import { DeviceError, SimulatedWatch, type MeasurementKind, type WatchModel } from '@carewatch/devices/simulated-watch';
import { CHARACTERISTIC, SERVICE } from '@carewatch/devices/uuids';
import {
  AdapterError,
  notificationContact,
  notificationReadings,
  type AdapterErrorCode,
  type AdapterEvent,
  type AdapterState,
  type DeviceIdentity,
  type WatchAdapter,
} from './adapter.ts';

/** A demo pace: the real watch measures every 15 minutes and takes up to 2 minutes; nobody waits that long in a demo. */
export const SIMULATED_AUTO_MEASURE_MS = 5_000;
export const SIMULATED_MEASUREMENT_MS = 3_000;

const MEASUREMENT_CHARACTERISTICS: ReadonlyArray<[number, number]> = [
  [SERVICE.HEART_RATE, CHARACTERISTIC.HEART_RATE_MEASUREMENT],
  [SERVICE.PULSE_OXIMETER, CHARACTERISTIC.PLX_CONTINUOUS_MEASUREMENT],
  [SERVICE.HEALTH_THERMOMETER, CHARACTERISTIC.TEMPERATURE_MEASUREMENT],
  [SERVICE.BLOOD_PRESSURE, CHARACTERISTIC.BLOOD_PRESSURE_MEASUREMENT],
];

const ERROR_MAP: Partial<Record<string, AdapterErrorCode>> = {
  BLUETOOTH_OFF: 'BLUETOOTH_OFF',
  DEVICE_NOT_FOUND: 'DEVICE_NOT_FOUND',
  NOT_SUPPORTED: 'NOT_SUPPORTED',
  CONNECTED_BY_ANOTHER_USER: 'MUST_FORGET',
  NOT_CONNECTED: 'NOT_CONNECTED',
  MEASUREMENT_IN_PROGRESS: 'MEASUREMENT_IN_PROGRESS',
  MEASUREMENT_STOPPED: 'MEASUREMENT_STOPPED',
  MEASUREMENT_FAILED: 'MEASUREMENT_FAILED',
  LOW_BATTERY: 'LOW_BATTERY',
  INVALID_SETTING: 'INVALID_SETTING',
};

/** The simulator's errors in the app's terms (a watch bound to someone else must first be forgotten by them). */
export function fromDeviceError(e: unknown, fallback: AdapterErrorCode): AdapterError {
  if (e instanceof AdapterError) return e;
  if (e instanceof DeviceError) return new AdapterError(ERROR_MAP[e.code] ?? fallback, e.message);
  return new AdapterError(fallback, e instanceof Error ? e.message : String(e));
}

export type SimulatedAdapterOptions = {
  model: WatchModel;
  seed: number;
  clock?: Clock;
  autoMeasureIntervalMs?: number;
  measurementMs?: number;
};

/** The built-in GT2/GT5 watch, on the real clock, behind the adapter interface. */
export class SimulatedAdapter implements WatchAdapter {
  readonly kind = 'simulated';
  readonly watch: SimulatedWatch;
  private readonly clock: Clock;
  private readonly listeners = new Set<(e: AdapterEvent) => void>();
  private unsubscribers: Array<() => void> = [];

  constructor(opts: SimulatedAdapterOptions) {
    this.clock = opts.clock ?? createSystemClock();
    this.watch = new SimulatedWatch({
      model: opts.model,
      seed: opts.seed,
      clock: this.clock,
      autoMeasureIntervalMs: opts.autoMeasureIntervalMs ?? SIMULATED_AUTO_MEASURE_MS,
      measurementMs: opts.measurementMs ?? SIMULATED_MEASUREMENT_MS,
      utcOffsetMinutes: -new Date(this.clock.now()).getTimezoneOffset(),
    });
    this.watch.on((e) => {
      if (e.type === 'state')
        this.emit({
          type: 'state',
          state: e.state,
          ...(e.reason === 'out_of_range' || e.reason === 'bluetooth_off' ? { lost: true } : {}),
        });
      else if (e.type === 'measurement')
        this.emit({ type: 'measurement', kind: e.kind, status: e.status, progress: e.progress });
    });
  }

  get state(): AdapterState {
    return this.watch.state;
  }
  get controls(): SimulatedWatch {
    return this.watch;
  }
  get measurable(): readonly MeasurementKind[] {
    const kinds: MeasurementKind[] = ['heart_rate', 'spo2', 'temperature'];
    return this.watch.services.includes(SERVICE.BLOOD_PRESSURE) ? [...kinds, 'blood_pressure'] : kinds;
  }

  on(listener: (e: AdapterEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async connect(userId: string): Promise<DeviceIdentity> {
    try {
      await this.watch.scan();
      const info = await this.watch.connect(userId);
      this.unsubscribers = [];
      const hasHeartRate = this.watch.services.includes(SERVICE.HEART_RATE);
      for (const [service, characteristic] of MEASUREMENT_CHARACTERISTICS) {
        if (!this.watch.services.includes(service)) continue;
        this.unsubscribers.push(
          await this.watch.startNotifications(characteristic, (value) => {
            const at = new Date(this.clock.now());
            const readings = notificationReadings(characteristic, value, at, hasHeartRate);
            if (readings.length > 0) this.emit({ type: 'readings', readings });
            const contact = notificationContact(characteristic, value);
            if (contact) this.emit({ type: 'contact', contact, at });
          }),
        );
      }
      return {
        name: info.name,
        mac: info.mac,
        model: info.model,
        serialNumber: info.serialNumber,
        firmwareVersion: info.firmwareVersion,
        batteryLevel: info.batteryLevel,
      };
    } catch (e) {
      throw fromDeviceError(e, 'PAIRING_FAILED');
    }
  }

  async disconnect(): Promise<void> {
    this.unsubscribe();
    await this.watch.disconnect();
  }

  async forget(): Promise<void> {
    this.unsubscribe();
    await this.watch.forget();
  }

  async measure(kind: MeasurementKind): Promise<void> {
    try {
      await this.watch.measure(kind);
    } catch (e) {
      throw fromDeviceError(e, 'MEASUREMENT_FAILED');
    }
  }

  stopMeasurement(): void {
    this.watch.stopMeasurement();
  }

  private unsubscribe(): void {
    for (const u of this.unsubscribers) u();
    this.unsubscribers = [];
  }

  private emit(e: AdapterEvent): void {
    for (const l of [...this.listeners]) l(e);
  }
}
