import { bitNames, bitsOf, ByteReader, ByteWriter, checkReservedBits, type GattBytes } from './bytes.ts';
import { readDateTime, writeDateTime, type GattDateTime } from './date-time.ts';
import { decodeSfloat, mderNumber, sfloatOrNaN } from './ieee11073.ts';

/**
 * Pulse Oximeter service (0x1822): PLX Spot-Check Measurement (0x2A5E) and PLX Continuous Measurement (0x2A5F).
 * SpO2 (%) and pulse rate (bpm) are SFLOATs; Measurement Status is uint16, Device and Sensor Status uint24.
 */

/** PLX Measurement Status (bits 0-4 RFU). */
export const PLX_MEASUREMENT_STATUS_BITS = [
  null,
  null,
  null,
  null,
  null,
  'measurement_ongoing',
  'early_estimated_data',
  'validated_data',
  'fully_qualified_data',
  'data_from_storage',
  'data_for_demonstration',
  'data_for_testing',
  'calibration_ongoing',
  'measurement_unavailable',
  'questionable_measurement',
  'invalid_measurement',
] as const;
export type PlxMeasurementStatusFlag = NonNullable<(typeof PLX_MEASUREMENT_STATUS_BITS)[number]>;

/** PLX Device and Sensor Status (bits 16-23 RFU). */
export const PLX_DEVICE_STATUS_BITS = [
  'extended_display_update_ongoing',
  'equipment_malfunction',
  'signal_processing_irregularity',
  'inadequate_signal',
  'poor_signal',
  'low_perfusion',
  'erratic_signal',
  'nonpulsatile_signal',
  'questionable_pulse',
  'signal_analysis_ongoing',
  'sensor_interference',
  'sensor_unconnected',
  'unknown_sensor',
  'sensor_displaced',
  'sensor_malfunctioning',
  'sensor_disconnected',
] as const;
export type PlxDeviceStatusFlag = (typeof PLX_DEVICE_STATUS_BITS)[number];

export type PlxStatus<T> = { raw: number; flags: T[] };

/** One SpO2 / pulse-rate pair; null when the device sent a special value. */
export type SpO2Pr = { spo2: number | null; pulseRate: number | null };

type PlxCommon = {
  flags: number;
  rawUnit: '%';
  measurementStatus: PlxStatus<PlxMeasurementStatusFlag> | null;
  deviceStatus: PlxStatus<PlxDeviceStatusFlag> | null;
  /** Pulse amplitude index, %. */
  pulseAmplitudeIndex: number | null;
};

/** Spot-check flags: bit 0 Timestamp, 1 Measurement Status, 2 Device and Sensor Status, 3 PAI, 4 device clock not set. */
export const PLX_SPOT_FLAGS = {
  TIMESTAMP: 0x01,
  MEASUREMENT_STATUS: 0x02,
  DEVICE_STATUS: 0x04,
  PAI: 0x08,
  CLOCK_NOT_SET: 0x10,
} as const;
const SPOT_DEFINED = 0x1f;

export type PlxSpotCheckMeasurement = PlxCommon &
  SpO2Pr & {
    kind: 'plx_spot_check';
    timestamp: GattDateTime | null;
    deviceClockNotSet: boolean;
  };

/** Continuous flags: bit 0 SpO2PR-Fast, 1 SpO2PR-Slow, 2 Measurement Status, 3 Device and Sensor Status, 4 PAI. */
export const PLX_CONT_FLAGS = {
  FAST: 0x01,
  SLOW: 0x02,
  MEASUREMENT_STATUS: 0x04,
  DEVICE_STATUS: 0x08,
  PAI: 0x10,
} as const;
const CONT_DEFINED = 0x1f;

export type PlxContinuousMeasurement = PlxCommon &
  SpO2Pr & {
    kind: 'plx_continuous';
    fast: SpO2Pr | null;
    slow: SpO2Pr | null;
  };

const readPair = (r: ByteReader, prefix: string): SpO2Pr => ({
  spo2: mderNumber(decodeSfloat(r.uint16(`${prefix}spo2`))),
  pulseRate: mderNumber(decodeSfloat(r.uint16(`${prefix}pulseRate`))),
});
const readStatus = (r: ByteReader): PlxStatus<PlxMeasurementStatusFlag> => {
  const raw = r.uint16('measurementStatus');
  return { raw, flags: bitNames(raw, PLX_MEASUREMENT_STATUS_BITS) };
};
const readDeviceStatus = (r: ByteReader): PlxStatus<PlxDeviceStatusFlag> => {
  const raw = r.uint24('deviceAndSensorStatus');
  return { raw, flags: bitNames(raw, PLX_DEVICE_STATUS_BITS) };
};
const readPai = (r: ByteReader): number | null => mderNumber(decodeSfloat(r.uint16('pulseAmplitudeIndex')));

export const parsePlxSpotCheck = (bytes: GattBytes): PlxSpotCheckMeasurement => {
  const what = 'PLX Spot-Check Measurement';
  const r = new ByteReader(bytes, what);
  const flags = r.uint8('flags');
  checkReservedBits(flags, SPOT_DEFINED, what);
  const pair = readPair(r, '');
  const timestamp = (flags & PLX_SPOT_FLAGS.TIMESTAMP) !== 0 ? readDateTime(r) : null;
  const measurementStatus = (flags & PLX_SPOT_FLAGS.MEASUREMENT_STATUS) !== 0 ? readStatus(r) : null;
  const deviceStatus = (flags & PLX_SPOT_FLAGS.DEVICE_STATUS) !== 0 ? readDeviceStatus(r) : null;
  const pulseAmplitudeIndex = (flags & PLX_SPOT_FLAGS.PAI) !== 0 ? readPai(r) : null;
  r.end();
  return {
    kind: 'plx_spot_check',
    flags,
    rawUnit: '%',
    ...pair,
    timestamp,
    deviceClockNotSet: (flags & PLX_SPOT_FLAGS.CLOCK_NOT_SET) !== 0,
    measurementStatus,
    deviceStatus,
    pulseAmplitudeIndex,
  };
};

export const parsePlxContinuous = (bytes: GattBytes): PlxContinuousMeasurement => {
  const what = 'PLX Continuous Measurement';
  const r = new ByteReader(bytes, what);
  const flags = r.uint8('flags');
  checkReservedBits(flags, CONT_DEFINED, what);
  const pair = readPair(r, '');
  const fast = (flags & PLX_CONT_FLAGS.FAST) !== 0 ? readPair(r, 'fast.') : null;
  const slow = (flags & PLX_CONT_FLAGS.SLOW) !== 0 ? readPair(r, 'slow.') : null;
  const measurementStatus = (flags & PLX_CONT_FLAGS.MEASUREMENT_STATUS) !== 0 ? readStatus(r) : null;
  const deviceStatus = (flags & PLX_CONT_FLAGS.DEVICE_STATUS) !== 0 ? readDeviceStatus(r) : null;
  const pulseAmplitudeIndex = (flags & PLX_CONT_FLAGS.PAI) !== 0 ? readPai(r) : null;
  r.end();
  return {
    kind: 'plx_continuous',
    flags,
    rawUnit: '%',
    ...pair,
    fast,
    slow,
    measurementStatus,
    deviceStatus,
    pulseAmplitudeIndex,
  };
};

type PlxCommonInput = SpO2Pr & {
  measurementStatus?: readonly PlxMeasurementStatusFlag[] | null;
  deviceStatus?: readonly PlxDeviceStatusFlag[] | null;
  pulseAmplitudeIndex?: number | null;
};

const writeCommonTail = (w: ByteWriter, m: PlxCommonInput): void => {
  if (m.measurementStatus) w.uint16(bitsOf(m.measurementStatus, PLX_MEASUREMENT_STATUS_BITS), 'measurementStatus');
  if (m.deviceStatus) w.uint24(bitsOf(m.deviceStatus, PLX_DEVICE_STATUS_BITS), 'deviceAndSensorStatus');
  if (m.pulseAmplitudeIndex !== undefined) w.uint16(sfloatOrNaN(m.pulseAmplitudeIndex), 'pulseAmplitudeIndex');
};
const writePair = (w: ByteWriter, p: SpO2Pr, prefix: string): void => {
  w.uint16(sfloatOrNaN(p.spo2), `${prefix}spo2`).uint16(sfloatOrNaN(p.pulseRate), `${prefix}pulseRate`);
};

export const encodePlxSpotCheck = (
  m: PlxCommonInput & { timestamp?: GattDateTime | null; deviceClockNotSet?: boolean },
): Uint8Array => {
  let flags = 0;
  if (m.timestamp) flags |= PLX_SPOT_FLAGS.TIMESTAMP;
  if (m.measurementStatus) flags |= PLX_SPOT_FLAGS.MEASUREMENT_STATUS;
  if (m.deviceStatus) flags |= PLX_SPOT_FLAGS.DEVICE_STATUS;
  if (m.pulseAmplitudeIndex !== undefined) flags |= PLX_SPOT_FLAGS.PAI;
  if (m.deviceClockNotSet) flags |= PLX_SPOT_FLAGS.CLOCK_NOT_SET;
  const w = new ByteWriter().uint8(flags, 'flags');
  writePair(w, m, '');
  if (m.timestamp) writeDateTime(w, m.timestamp);
  writeCommonTail(w, m);
  return w.toBytes();
};

export const encodePlxContinuous = (m: PlxCommonInput & { fast?: SpO2Pr | null; slow?: SpO2Pr | null }): Uint8Array => {
  let flags = 0;
  if (m.fast) flags |= PLX_CONT_FLAGS.FAST;
  if (m.slow) flags |= PLX_CONT_FLAGS.SLOW;
  if (m.measurementStatus) flags |= PLX_CONT_FLAGS.MEASUREMENT_STATUS;
  if (m.deviceStatus) flags |= PLX_CONT_FLAGS.DEVICE_STATUS;
  if (m.pulseAmplitudeIndex !== undefined) flags |= PLX_CONT_FLAGS.PAI;
  const w = new ByteWriter().uint8(flags, 'flags');
  writePair(w, m, '');
  if (m.fast) writePair(w, m.fast, 'fast.');
  if (m.slow) writePair(w, m.slow, 'slow.');
  writeCommonTail(w, m);
  return w.toBytes();
};
