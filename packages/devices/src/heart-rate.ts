import { ByteReader, ByteWriter, checkReservedBits, type GattBytes } from './bytes.ts';
import { GattError } from './errors.ts';

/**
 * Heart Rate Measurement (0x2A37, Heart Rate service 0x180D). Flags (uint8):
 * bit 0 value format (0 uint8, 1 uint16); bits 1-2 sensor contact (bit 2 = supported, bit 1 = detected);
 * bit 3 Energy Expended present (uint16, kJ); bit 4 RR-Interval present (uint16 each, 1/1024 s, to the end); 5-7 RFU.
 */
export const HR_FLAGS = {
  UINT16: 0x01,
  CONTACT_DETECTED: 0x02,
  CONTACT_SUPPORTED: 0x04,
  ENERGY: 0x08,
  RR: 0x10,
} as const;
/** Bits 5-7 are reserved. */
const HR_FLAGS_DEFINED = 0x1f;

export type SensorContact = 'not_supported' | 'not_detected' | 'detected';

export type HeartRateMeasurement = {
  kind: 'heart_rate';
  flags: number;
  /** Beats per minute. */
  heartRate: number;
  /** Wire format of the value (canonical unit is always bpm). */
  rawFormat: 'uint8' | 'uint16';
  sensorContact: SensorContact;
  /** Cumulative energy expended in kJ, when present. */
  energyExpendedKj: number | null;
  /** RR intervals as sent, in 1/1024 s. */
  rrIntervals1024: number[];
  /** RR intervals in milliseconds. */
  rrIntervalsMs: number[];
};

export const rr1024ToMs = (v: number): number => (v * 1000) / 1024;
export const msToRr1024 = (ms: number): number => Math.round((ms * 1024) / 1000);

const WHAT = 'Heart Rate Measurement';

export const parseHeartRateMeasurement = (bytes: GattBytes): HeartRateMeasurement => {
  const r = new ByteReader(bytes, WHAT);
  const flags = r.uint8('flags');
  checkReservedBits(flags, HR_FLAGS_DEFINED, WHAT);
  const wide = (flags & HR_FLAGS.UINT16) !== 0;
  const heartRate = wide ? r.uint16('heartRate') : r.uint8('heartRate');
  const sensorContact: SensorContact =
    (flags & HR_FLAGS.CONTACT_SUPPORTED) === 0
      ? 'not_supported'
      : (flags & HR_FLAGS.CONTACT_DETECTED) !== 0
        ? 'detected'
        : 'not_detected';
  const energyExpendedKj = (flags & HR_FLAGS.ENERGY) !== 0 ? r.uint16('energyExpended') : null;
  const rrIntervals1024: number[] = [];
  if ((flags & HR_FLAGS.RR) !== 0) {
    if (r.remaining === 0 || r.remaining % 2 !== 0) {
      throw new GattError('TOO_SHORT', `${WHAT}: RR-Interval flag set but ${r.remaining} byte(s) follow`, 'rrInterval');
    }
    while (r.remaining > 0) rrIntervals1024.push(r.uint16('rrInterval'));
  }
  r.end();
  return {
    kind: 'heart_rate',
    flags,
    heartRate,
    rawFormat: wide ? 'uint16' : 'uint8',
    sensorContact,
    energyExpendedKj,
    rrIntervals1024,
    rrIntervalsMs: rrIntervals1024.map(rr1024ToMs),
  };
};

export type HeartRateInput = {
  heartRate: number;
  /** Force the uint16 format; otherwise chosen by value (> 255 needs it). */
  rawFormat?: 'uint8' | 'uint16';
  sensorContact?: SensorContact;
  energyExpendedKj?: number | null;
  /** RR intervals in ms (converted to 1/1024 s), or give `rrIntervals1024` for exact wire values. */
  rrIntervalsMs?: readonly number[];
  rrIntervals1024?: readonly number[];
};

export const encodeHeartRateMeasurement = (m: HeartRateInput): Uint8Array => {
  const wide = m.rawFormat === 'uint16' || (m.rawFormat === undefined && m.heartRate > 0xff);
  const rr = m.rrIntervals1024 ?? (m.rrIntervalsMs ?? []).map(msToRr1024);
  const contact = m.sensorContact ?? 'not_supported';
  let flags = wide ? HR_FLAGS.UINT16 : 0;
  if (contact !== 'not_supported') flags |= HR_FLAGS.CONTACT_SUPPORTED;
  if (contact === 'detected') flags |= HR_FLAGS.CONTACT_DETECTED;
  if (m.energyExpendedKj != null) flags |= HR_FLAGS.ENERGY;
  if (rr.length > 0) flags |= HR_FLAGS.RR;
  const w = new ByteWriter().uint8(flags, 'flags');
  if (wide) w.uint16(m.heartRate, 'heartRate');
  else w.uint8(m.heartRate, 'heartRate');
  if (m.energyExpendedKj != null) w.uint16(m.energyExpendedKj, 'energyExpended');
  for (const v of rr) w.uint16(v, 'rrInterval');
  return w.toBytes();
};
