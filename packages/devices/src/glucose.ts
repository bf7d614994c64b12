import { bitNames, bitsOf, ByteReader, ByteWriter, checkReservedBits, type GattBytes } from './bytes.ts';
import { readDateTime, writeDateTime, type GattDateTime } from './date-time.ts';
import { decodeSfloat, mderNumber, sfloatOrNaN } from './ieee11073.ts';

/**
 * Glucose Measurement (0x2A18, Glucose service 0x1808). Flags (uint8): bit 0 Time Offset (sint16, minutes);
 * bit 1 Concentration + Type-Sample Location; bit 2 concentration units (0 kg/L, 1 mol/L); bit 3 Sensor Status
 * Annunciation (uint16); bit 4 Context Information Follows; 5-7 RFU. Sequence Number (uint16) and Base Time always come first.
 */
export const GLUCOSE_FLAGS = {
  TIME_OFFSET: 0x01,
  CONCENTRATION: 0x02,
  MOL_PER_L: 0x04,
  SENSOR_STATUS: 0x08,
  CONTEXT_FOLLOWS: 0x10,
} as const;
const GLUCOSE_DEFINED = 0x1f;

/**
 * mg/dL per mmol/L. The same factor as `@carewatch/clinical` (GLUCOSE_MGDL_PER_MMOL) so a value converted on the
 * phone equals one the server converts.
 */
export const GLUCOSE_MGDL_PER_MMOL = 18.0182;

/** Type, low nibble of the Type-Sample Location byte (0 and 11-15 reserved). */
export const GLUCOSE_TYPES = [
  null,
  'capillary_whole_blood',
  'capillary_plasma',
  'venous_whole_blood',
  'venous_plasma',
  'arterial_whole_blood',
  'arterial_plasma',
  'undetermined_whole_blood',
  'undetermined_plasma',
  'interstitial_fluid',
  'control_solution',
] as const;
export type GlucoseType = NonNullable<(typeof GLUCOSE_TYPES)[number]>;
/** Sample location, high nibble (15 = not available; others reserved). */
export const GLUCOSE_LOCATIONS = [null, 'finger', 'alternate_site', 'earlobe', 'control_solution'] as const;
export type GlucoseLocation = NonNullable<(typeof GLUCOSE_LOCATIONS)[number]> | 'not_available';

export const GLUCOSE_SENSOR_STATUS_BITS = [
  'battery_low',
  'sensor_malfunction',
  'sample_size_insufficient',
  'strip_insertion_error',
  'strip_type_incorrect',
  'result_too_high',
  'result_too_low',
  'temperature_too_high',
  'temperature_too_low',
  'read_interrupted',
  'general_device_fault',
  'time_fault',
] as const;
export type GlucoseSensorStatusFlag = (typeof GLUCOSE_SENSOR_STATUS_BITS)[number];

export type GlucoseMeasurement = {
  kind: 'glucose';
  flags: number;
  sequenceNumber: number;
  baseTime: GattDateTime;
  /** Minutes to add to the base time to get the measurement time. */
  timeOffsetMinutes: number | null;
  /** mmol/L; null when absent or a special value. */
  concentration: number | null;
  rawUnit: 'kg/L' | 'mol/L' | null;
  /** Decoded type/location, null when absent or reserved (the raw nibbles are kept). */
  type: GlucoseType | null;
  sampleLocation: GlucoseLocation | null;
  typeCode: number | null;
  sampleLocationCode: number | null;
  sensorStatus: { raw: number; flags: GlucoseSensorStatusFlag[] } | null;
  /** A Glucose Measurement Context (0x2A34) notification with the same sequence number follows. */
  contextFollows: boolean;
};

/** kg/L → mmol/L: × 100,000 gives mg/dL. */
export const glucoseKgPerLToMmol = (kgPerL: number): number => (kgPerL * 100_000) / GLUCOSE_MGDL_PER_MMOL;
/** mol/L → mmol/L. */
export const glucoseMolPerLToMmol = (molPerL: number): number => molPerL * 1000;

const WHAT = 'Glucose Measurement';

export const parseGlucoseMeasurement = (bytes: GattBytes): GlucoseMeasurement => {
  const r = new ByteReader(bytes, WHAT);
  const flags = r.uint8('flags');
  checkReservedBits(flags, GLUCOSE_DEFINED, WHAT);
  const sequenceNumber = r.uint16('sequenceNumber');
  const baseTime = readDateTime(r, 'baseTime');
  const timeOffsetMinutes = (flags & GLUCOSE_FLAGS.TIME_OFFSET) !== 0 ? r.int16('timeOffset') : null;
  let concentration: number | null = null;
  let typeCode: number | null = null;
  let sampleLocationCode: number | null = null;
  const molar = (flags & GLUCOSE_FLAGS.MOL_PER_L) !== 0;
  const present = (flags & GLUCOSE_FLAGS.CONCENTRATION) !== 0;
  if (present) {
    const raw = mderNumber(decodeSfloat(r.uint16('concentration')));
    concentration = raw === null ? null : molar ? glucoseMolPerLToMmol(raw) : glucoseKgPerLToMmol(raw);
    const tsl = r.uint8('typeSampleLocation');
    typeCode = tsl & 0x0f;
    sampleLocationCode = tsl >> 4;
  }
  let sensorStatus: GlucoseMeasurement['sensorStatus'] = null;
  if ((flags & GLUCOSE_FLAGS.SENSOR_STATUS) !== 0) {
    const raw = r.uint16('sensorStatusAnnunciation');
    sensorStatus = { raw, flags: bitNames(raw, GLUCOSE_SENSOR_STATUS_BITS) };
  }
  r.end();
  return {
    kind: 'glucose',
    flags,
    sequenceNumber,
    baseTime,
    timeOffsetMinutes,
    concentration,
    rawUnit: present ? (molar ? 'mol/L' : 'kg/L') : null,
    type: typeCode === null ? null : (GLUCOSE_TYPES[typeCode] ?? null),
    sampleLocation:
      sampleLocationCode === null
        ? null
        : sampleLocationCode === 0x0f
          ? 'not_available'
          : (GLUCOSE_LOCATIONS[sampleLocationCode] ?? null),
    typeCode,
    sampleLocationCode,
    sensorStatus,
    contextFollows: (flags & GLUCOSE_FLAGS.CONTEXT_FOLLOWS) !== 0,
  };
};

export type GlucoseInput = {
  sequenceNumber: number;
  baseTime: GattDateTime;
  timeOffsetMinutes?: number | null;
  /** mmol/L, sent in `rawUnit` (default mol/L); omit (undefined) to leave the concentration out. */
  concentration?: number | null;
  rawUnit?: 'kg/L' | 'mol/L';
  type?: GlucoseType;
  sampleLocation?: GlucoseLocation;
  sensorStatus?: readonly GlucoseSensorStatusFlag[] | null;
  contextFollows?: boolean;
};

export const encodeGlucoseMeasurement = (m: GlucoseInput): Uint8Array => {
  const kgPerL = m.rawUnit === 'kg/L';
  const present = m.concentration !== undefined;
  let flags = 0;
  if (m.timeOffsetMinutes != null) flags |= GLUCOSE_FLAGS.TIME_OFFSET;
  if (present) flags |= GLUCOSE_FLAGS.CONCENTRATION;
  if (present && !kgPerL) flags |= GLUCOSE_FLAGS.MOL_PER_L;
  if (m.sensorStatus) flags |= GLUCOSE_FLAGS.SENSOR_STATUS;
  if (m.contextFollows) flags |= GLUCOSE_FLAGS.CONTEXT_FOLLOWS;
  const w = new ByteWriter().uint8(flags, 'flags').uint16(m.sequenceNumber, 'sequenceNumber');
  writeDateTime(w, m.baseTime, 'baseTime');
  if (m.timeOffsetMinutes != null) w.int16(m.timeOffsetMinutes, 'timeOffset');
  if (present) {
    const c = m.concentration ?? null;
    const wire = c === null ? null : kgPerL ? (c * GLUCOSE_MGDL_PER_MMOL) / 100_000 : c / 1000;
    const location =
      m.sampleLocation === undefined || m.sampleLocation === 'not_available'
        ? 0x0f
        : GLUCOSE_LOCATIONS.indexOf(m.sampleLocation);
    const type = m.type === undefined ? 0 : GLUCOSE_TYPES.indexOf(m.type);
    w.uint16(sfloatOrNaN(wire), 'concentration').uint8((location << 4) | type, 'typeSampleLocation');
  }
  if (m.sensorStatus) w.uint16(bitsOf(m.sensorStatus, GLUCOSE_SENSOR_STATUS_BITS), 'sensorStatusAnnunciation');
  return w.toBytes();
};
