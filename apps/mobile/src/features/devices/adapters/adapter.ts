import { safeParseCharacteristic } from '@carewatch/devices/characteristics';
import { toReadings } from '@carewatch/devices/readings';
import type { MeasurementKind, MeasurementStatus, WatchState } from '@carewatch/devices/simulated-watch';
import type { SimulatedWatch } from '@carewatch/devices/simulated-watch';
import type { TDeviceModel } from '@carewatch/contracts/devices';
import type { TReading } from '@carewatch/contracts/vitals';

/** Device states of spec §4 (unpaired, pairing, paired, connected, disconnected) plus Bluetooth off. */
export type AdapterState = WatchState;

/** The errors of spec §8 "Devices" the app can meet; each has a message in the `devices.errors` catalogue. */
export const ADAPTER_ERROR_CODES = [
  'BLUETOOTH_OFF',
  'BLUETOOTH_LOST',
  'NOT_SUPPORTED',
  'DEVICE_NOT_FOUND',
  'CONNECTED_BY_ANOTHER_USER',
  'PAIRING_FAILED',
  'MUST_FORGET',
  'LOW_BATTERY',
  'MEASUREMENT_IN_PROGRESS',
  'MEASUREMENT_FAILED',
  'MEASUREMENT_STOPPED',
  'NOT_CONNECTED',
  'CLEAR_FAILED',
  'EXPORT_LOG_FAILED',
  'INVALID_SETTING',
  'CANNOT_IDENTIFY',
  'SERVER_UNREACHABLE',
] as const;
export type AdapterErrorCode = (typeof ADAPTER_ERROR_CODES)[number];

export class AdapterError extends Error {
  override readonly name = 'AdapterError';
  readonly code: AdapterErrorCode;
  constructor(code: AdapterErrorCode, message?: string) {
    super(message ?? code);
    this.code = code;
  }
}

/** What the watch says about itself once connected (the device fields of spec §3). */
export type DeviceIdentity = {
  name: string;
  /** The watch's MAC; for Web Bluetooth (which hides it) an address derived from the browser's device id. */
  mac: string;
  /** Null when the wearable is not one of the known models (it still measures; it is not registered on the server). */
  model: TDeviceModel | null;
  serialNumber: string | null;
  firmwareVersion: string | null;
  batteryLevel: number | null;
};

export type AdapterEvent =
  | { type: 'state'; state: AdapterState; lost?: boolean }
  /** Readings parsed from a notification, `measuredAt` = when the phone received it; no device id yet. */
  | { type: 'readings'; readings: TReading[] }
  | { type: 'measurement'; kind: MeasurementKind; status: MeasurementStatus; progress: number }
  /** A heart-rate notification's sensor contact (issue 20: "not worn"), `at` = when the phone received it. */
  | { type: 'contact'; contact: 'detected' | 'not_detected'; at: Date };

/** "A watch the app talks to": the simulated GT2/GT5 and Web Bluetooth devices behind one interface. */
export interface WatchAdapter {
  readonly kind: 'simulated' | 'bluetooth';
  readonly state: AdapterState;
  /** On-demand measurements the device offers ("Measure now"). */
  readonly measurable: readonly MeasurementKind[];
  /** The simulated watch's settings and tools (spec §2 device settings); null for a real device. */
  readonly controls: SimulatedWatch | null;
  on(listener: (e: AdapterEvent) => void): () => void;
  /** Pairs on first use (binding the watch to `userId`), connects and starts notifications. */
  connect(userId: string): Promise<DeviceIdentity>;
  disconnect(): Promise<void>;
  /** Unbinds the watch; the adapter is unusable afterwards. */
  forget(): Promise<void>;
  measure(kind: MeasurementKind): Promise<void>;
  stopMeasurement(): void;
}

/** A heart-rate notification's sensor contact; null for other characteristics, a sensor without contact detection, or bad bytes. */
export function notificationContact(uuid: number | string, value: DataView): 'detected' | 'not_detected' | null {
  const parsed = safeParseCharacteristic(uuid, value);
  if (!parsed.ok || parsed.value.kind !== 'heart_rate' || parsed.value.sensorContact === 'not_supported') return null;
  return parsed.value.sensorContact;
}

/**
 * Bytes of a notification → readings of ingest. A value the parser refuses is dropped (a corrupt notification must
 * not stop the stream). `skipPulseFromOximeter`: a watch that also has the Heart Rate service reports the same pulse
 * twice; the Heart Rate one is kept.
 */
export function notificationReadings(
  uuid: number | string,
  value: DataView,
  at: Date,
  skipPulseFromOximeter: boolean,
): TReading[] {
  const parsed = safeParseCharacteristic(uuid, value);
  if (!parsed.ok) return [];
  // No skin contact: the value is not the wearer's pulse (and must not count as proof the watch is worn).
  if (parsed.value.kind === 'heart_rate' && parsed.value.sensorContact === 'not_detected') return [];
  const readings = toReadings(parsed.value, at);
  const fromOximeter = parsed.value.kind === 'plx_continuous' || parsed.value.kind === 'plx_spot_check';
  return fromOximeter && skipPulseFromOximeter ? readings.filter((r) => r.metric !== 'heart_rate') : readings;
}
