import { bitNames, bitsOf, ByteReader, ByteWriter, checkReservedBits, type GattBytes } from './bytes.ts';
import { readDateTime, writeDateTime, type GattDateTime } from './date-time.ts';
import { decodeSfloat, mderNumber, sfloatOrNaN } from './ieee11073.ts';

/**
 * Blood Pressure Measurement (0x2A35, Blood Pressure service 0x1810). Flags (uint8): bit 0 units (0 mmHg, 1 kPa);
 * bit 1 Time Stamp; bit 2 Pulse Rate (SFLOAT, bpm); bit 3 User ID (uint8); bit 4 Measurement Status (uint16); 5-7 RFU.
 * Then systolic, diastolic, mean arterial pressure (SFLOAT each) and the optional fields in that order.
 */
export const BP_FLAGS = { KPA: 0x01, TIMESTAMP: 0x02, PULSE_RATE: 0x04, USER_ID: 0x08, STATUS: 0x10 } as const;
const BP_FLAGS_DEFINED = 0x1f;

/** mmHg per kPa (1 mmHg = 133.322387415 Pa). */
export const MMHG_PER_KPA = 1000 / 133.322387415;

/** Measurement Status bits 0-2 and 5 (bits 3-4 are the pulse-rate range, 6-15 RFU). */
export const BP_STATUS_BITS = [
  'body_movement',
  'cuff_too_loose',
  'irregular_pulse',
  null,
  null,
  'improper_position',
] as const;
export type BpStatusFlag = NonNullable<(typeof BP_STATUS_BITS)[number]>;
export type PulseRateRange = 'within' | 'above_upper' | 'below_lower' | 'reserved';
const PULSE_RANGES: readonly PulseRateRange[] = ['within', 'above_upper', 'below_lower', 'reserved'];

export type BpStatus = { raw: number; flags: BpStatusFlag[]; pulseRateRange: PulseRateRange };

export type BloodPressureMeasurement = {
  kind: 'blood_pressure';
  flags: number;
  /** mmHg; null when the device sent a special value (NaN, NRes, ...). */
  systolic: number | null;
  diastolic: number | null;
  meanArterialPressure: number | null;
  rawUnit: 'mmHg' | 'kPa';
  timestamp: GattDateTime | null;
  /** Beats per minute. */
  pulseRate: number | null;
  /** 0xFF means "unknown user". */
  userId: number | null;
  status: BpStatus | null;
};

const WHAT = 'Blood Pressure Measurement';

export const parseBloodPressureMeasurement = (bytes: GattBytes): BloodPressureMeasurement => {
  const r = new ByteReader(bytes, WHAT);
  const flags = r.uint8('flags');
  checkReservedBits(flags, BP_FLAGS_DEFINED, WHAT);
  const kpa = (flags & BP_FLAGS.KPA) !== 0;
  const pressure = (field: string): number | null => {
    const v = mderNumber(decodeSfloat(r.uint16(field)));
    return v === null || !kpa ? v : v * MMHG_PER_KPA;
  };
  const systolic = pressure('systolic');
  const diastolic = pressure('diastolic');
  const meanArterialPressure = pressure('meanArterialPressure');
  const timestamp = (flags & BP_FLAGS.TIMESTAMP) !== 0 ? readDateTime(r) : null;
  const pulseRate = (flags & BP_FLAGS.PULSE_RATE) !== 0 ? mderNumber(decodeSfloat(r.uint16('pulseRate'))) : null;
  const userId = (flags & BP_FLAGS.USER_ID) !== 0 ? r.uint8('userId') : null;
  let status: BpStatus | null = null;
  if ((flags & BP_FLAGS.STATUS) !== 0) {
    const raw = r.uint16('measurementStatus');
    status = {
      raw,
      flags: bitNames(raw, BP_STATUS_BITS),
      pulseRateRange: PULSE_RANGES[(raw >> 3) & 0x3] ?? 'reserved',
    };
  }
  r.end();
  return {
    kind: 'blood_pressure',
    flags,
    systolic,
    diastolic,
    meanArterialPressure,
    rawUnit: kpa ? 'kPa' : 'mmHg',
    timestamp,
    pulseRate,
    userId,
    status,
  };
};

export type BloodPressureInput = {
  /** mmHg (converted when `rawUnit` is kPa); null travels as NaN. */
  systolic: number | null;
  diastolic: number | null;
  meanArterialPressure?: number | null;
  rawUnit?: 'mmHg' | 'kPa';
  timestamp?: GattDateTime | null;
  pulseRate?: number | null;
  userId?: number | null;
  status?: { flags?: readonly BpStatusFlag[]; pulseRateRange?: PulseRateRange } | null;
};

/** Mean arterial pressure estimate (DBP + (SBP - DBP) / 3), for devices that do not measure it. */
export const estimateMap = (systolic: number, diastolic: number): number => diastolic + (systolic - diastolic) / 3;

export const encodeBloodPressureMeasurement = (m: BloodPressureInput): Uint8Array => {
  const kpa = m.rawUnit === 'kPa';
  let flags = kpa ? BP_FLAGS.KPA : 0;
  if (m.timestamp) flags |= BP_FLAGS.TIMESTAMP;
  if (m.pulseRate !== undefined) flags |= BP_FLAGS.PULSE_RATE;
  if (m.userId != null) flags |= BP_FLAGS.USER_ID;
  if (m.status) flags |= BP_FLAGS.STATUS;
  const pressure = (v: number | null): number => sfloatOrNaN(v === null || !kpa ? v : v / MMHG_PER_KPA);
  const map =
    m.meanArterialPressure === undefined
      ? m.systolic !== null && m.diastolic !== null
        ? estimateMap(m.systolic, m.diastolic)
        : null
      : m.meanArterialPressure;
  const w = new ByteWriter()
    .uint8(flags, 'flags')
    .uint16(pressure(m.systolic), 'systolic')
    .uint16(pressure(m.diastolic), 'diastolic')
    .uint16(pressure(map), 'meanArterialPressure');
  if (m.timestamp) writeDateTime(w, m.timestamp);
  if (m.pulseRate !== undefined) w.uint16(sfloatOrNaN(m.pulseRate), 'pulseRate');
  if (m.userId != null) w.uint8(m.userId, 'userId');
  if (m.status) {
    const range = PULSE_RANGES.indexOf(m.status.pulseRateRange ?? 'within');
    w.uint16(bitsOf(m.status.flags ?? [], BP_STATUS_BITS) | (range << 3), 'measurementStatus');
  }
  return w.toBytes();
};
