import { ByteReader, ByteWriter, checkReservedBits, type GattBytes } from './bytes.ts';
import { readDateTime, writeDateTime, type GattDateTime } from './date-time.ts';
import { GattError } from './errors.ts';

/**
 * Weight Measurement (0x2A9D, Weight Scale service 0x181D). Flags (uint8): bit 0 units (0 SI: weight 0.005 kg,
 * height 0.001 m; 1 imperial: weight 0.01 lb, height 0.1 in); bit 1 Time Stamp; bit 2 User ID (uint8);
 * bit 3 BMI (uint16, 0.1 kg/m²) and Height (uint16); 4-7 RFU. Weight 0xFFFF means "measurement unsuccessful".
 */
export const WEIGHT_FLAGS = { IMPERIAL: 0x01, TIMESTAMP: 0x02, USER_ID: 0x04, BMI_HEIGHT: 0x08 } as const;
const WEIGHT_DEFINED = 0x0f;
const UNSUCCESSFUL = 0xffff;

export const KG_PER_LB = 0.45359237;
export const M_PER_INCH = 0.0254;
/** Wire resolutions. */
export const WEIGHT_RESOLUTION = { kg: 0.005, lb: 0.01, m: 0.001, in: 0.1, bmi: 0.1 } as const;

export type WeightMeasurement = {
  kind: 'weight';
  flags: number;
  /** Kilograms; null when the scale reports an unsuccessful measurement. */
  weight: number | null;
  rawUnit: 'kg' | 'lb';
  timestamp: GattDateTime | null;
  /** 0xFF means "unknown user". */
  userId: number | null;
  /** kg/m². */
  bmi: number | null;
  /** Metres. */
  height: number | null;
};

/** Rounds to the decimals of a resolution so 1440 × 0.005 reads 7.2, not 7.2000000000000002. */
const fix = (v: number, decimals: number): number => Number(v.toFixed(decimals));

const WHAT = 'Weight Measurement';

export const parseWeightMeasurement = (bytes: GattBytes): WeightMeasurement => {
  const r = new ByteReader(bytes, WHAT);
  const flags = r.uint8('flags');
  checkReservedBits(flags, WEIGHT_DEFINED, WHAT);
  const imperial = (flags & WEIGHT_FLAGS.IMPERIAL) !== 0;
  const rawWeight = r.uint16('weight');
  const weight =
    rawWeight === UNSUCCESSFUL
      ? null
      : imperial
        ? fix(rawWeight * WEIGHT_RESOLUTION.lb, 2) * KG_PER_LB
        : fix(rawWeight * WEIGHT_RESOLUTION.kg, 3);
  const timestamp = (flags & WEIGHT_FLAGS.TIMESTAMP) !== 0 ? readDateTime(r) : null;
  const userId = (flags & WEIGHT_FLAGS.USER_ID) !== 0 ? r.uint8('userId') : null;
  let bmi: number | null = null;
  let height: number | null = null;
  if ((flags & WEIGHT_FLAGS.BMI_HEIGHT) !== 0) {
    bmi = fix(r.uint16('bmi') * WEIGHT_RESOLUTION.bmi, 1);
    const h = r.uint16('height');
    height = imperial ? fix(h * WEIGHT_RESOLUTION.in, 1) * M_PER_INCH : fix(h * WEIGHT_RESOLUTION.m, 3);
  }
  r.end();
  return { kind: 'weight', flags, weight, rawUnit: imperial ? 'lb' : 'kg', timestamp, userId, bmi, height };
};

export type WeightInput = {
  /** kg (sent in `rawUnit`); null sends "measurement unsuccessful". */
  weight: number | null;
  rawUnit?: 'kg' | 'lb';
  timestamp?: GattDateTime | null;
  userId?: number | null;
  /** Both or neither: the flag covers the pair. */
  bmi?: number | null;
  /** Metres. */
  height?: number | null;
};

export const encodeWeightMeasurement = (m: WeightInput): Uint8Array => {
  const imperial = m.rawUnit === 'lb';
  const withBmi = m.bmi != null || m.height != null;
  if (withBmi && (m.bmi == null || m.height == null))
    throw new GattError('UNENCODABLE', `${WHAT}: BMI and height go together`, 'bmi');
  let flags = imperial ? WEIGHT_FLAGS.IMPERIAL : 0;
  if (m.timestamp) flags |= WEIGHT_FLAGS.TIMESTAMP;
  if (m.userId != null) flags |= WEIGHT_FLAGS.USER_ID;
  if (withBmi) flags |= WEIGHT_FLAGS.BMI_HEIGHT;
  const steps =
    m.weight === null
      ? UNSUCCESSFUL
      : Math.round(imperial ? m.weight / KG_PER_LB / WEIGHT_RESOLUTION.lb : m.weight / WEIGHT_RESOLUTION.kg);
  if (steps >= UNSUCCESSFUL && m.weight !== null)
    throw new GattError('UNENCODABLE', `${WHAT}: ${m.weight} kg is too heavy`, 'weight');
  const w = new ByteWriter().uint8(flags, 'flags').uint16(steps, 'weight');
  if (m.timestamp) writeDateTime(w, m.timestamp);
  if (m.userId != null) w.uint8(m.userId, 'userId');
  if (m.bmi != null && m.height != null) {
    w.uint16(Math.round(m.bmi / WEIGHT_RESOLUTION.bmi), 'bmi').uint16(
      Math.round(imperial ? m.height / M_PER_INCH / WEIGHT_RESOLUTION.in : m.height / WEIGHT_RESOLUTION.m),
      'height',
    );
  }
  return w.toBytes();
};
