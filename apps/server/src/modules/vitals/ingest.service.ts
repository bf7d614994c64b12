import { ZReading, type TIngestResponse } from '@carewatch/contracts/vitals';
import { toCanonical } from '@carewatch/clinical/units';
import { validateReading, type RejectCode } from '@carewatch/clinical/vitals';
import type { Deps } from '../../platform/context.ts';
import { isUuid } from '../../platform/ids.ts';
import { insertMeasurements, type MeasurementRow } from './measurements.repo.ts';
import { dispatchReadings, type AcceptedReading } from './readings-seam.ts';
import { devicesOfPatient, markDeviceSynced } from './ingest.repo.ts';

/** Whose readings these are: the patient, and the device when a device itself is sending (HTTP Basic or MQTT). */
export type IngestTarget = { tenantId: string; patientId: string; deviceId: string | null };
type Rejection = TIngestResponse['rejected'][number];


/**
 * The one ingest path (HTTP from the app or a device, MQTT from a device): each reading parsed, converted to its
 * canonical unit and checked alone; bad ones answered with index and reason; good ones stored in ONE transaction
 * (duplicates within the batch or already stored are counted, never stored twice). Answers after commit, once the
 * accepted readings are handed to the readings handlers (alert engine).
 */
export async function ingestReadings(deps: Deps, target: IngestTarget, raw: readonly unknown[]): Promise<TIngestResponse> {
  const now = deps.clock.now();
  const rejected: Rejection[] = [];
  const reject = (index: number, code: RejectCode, message: string, field?: string) => { rejected.push({ index, code, message, ...(field ? { field } : {}) }); };
  type Candidate = { index: number; row: MeasurementRow; claimedDevice: string | null };
  const candidates: Candidate[] = [];

  for (let index = 0; index < raw.length; index++) {
    const item = raw[index];
    const parsed = ZReading.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? issue.path.map(String).join('.') : 'reading';
      reject(index, field === 'metric' ? 'UNKNOWN_METRIC' : 'INVALID_READING', issue?.message ?? 'Invalid reading', field);
      continue;
    }
    const r = parsed.data;
    let value = r.value;
    if (r.unit !== undefined) {
      const converted = toCanonical(r.metric, value ?? 0, r.unit);
      if (converted === null) { reject(index, 'UNSUPPORTED_UNIT', `Unit ${r.unit} is not accepted for ${r.metric}`, 'unit'); continue; }
      if (value !== undefined) value = converted;
    }
    // `values` re-parsed by the metric's own schema (the contract's union may have picked another shape).
    const rawValues = typeof item === 'object' && item !== null ? (item as { values?: unknown }).values : undefined;
    const v = validateReading({ metric: r.metric, measuredAt: r.measuredAt, value, values: rawValues }, now);
    if (!v.ok) { reject(index, v.code, v.message, v.field); continue; }
    let source = 'app';
    let deviceId: string | null = null;
    if (target.deviceId) {
      if (r.deviceId !== undefined && r.deviceId.toLowerCase() !== target.deviceId.toLowerCase()) {
        reject(index, 'UNKNOWN_DEVICE', 'A device can only send its own readings', 'deviceId');
        continue;
      }
      deviceId = target.deviceId;
      source = `device:${deviceId}`;
    } else if (r.deviceId !== undefined) {
      deviceId = r.deviceId.toLowerCase();
      source = `device:${deviceId}`;
    }
    candidates.push({
      index,
      claimedDevice: target.deviceId ? null : deviceId,
      row: { patientId: target.patientId, metric: v.row.metric, measuredAt: v.row.measuredAt, source, value: v.row.value, value2: v.row.value2, data: v.row.data, deviceId },
    });
  }

  // App readings naming a device: it must be one of the patient's devices.
  const claimed = [...new Set(candidates.map((c) => c.claimedDevice).filter((d): d is string => d !== null && isUuid(d)))];
  const owned = await devicesOfPatient(deps.db, target.tenantId, target.patientId, claimed);
  const unique = new Map<string, MeasurementRow>();
  let duplicates = 0;
  for (const c of candidates) {
    if (c.claimedDevice !== null && !owned.has(c.claimedDevice)) { reject(c.index, 'UNKNOWN_DEVICE', 'The device is not one of the patient\u2019s devices', 'deviceId'); continue; }
    const key = `${c.row.metric}|${c.row.measuredAt.getTime()}|${c.row.source}`;
    if (unique.has(key)) { duplicates += 1; continue; }
    unique.set(key, c.row);
  }
  rejected.sort((a, b) => a.index - b.index);

  const rows = [...unique.values()];
  // One transaction: a single statement is one on its own (no BEGIN/COMMIT round trips); a device's batch also
  // stamps the device, so both go in an explicit transaction.
  const deviceId = target.deviceId;
  const inserted = deviceId
    ? await deps.db.tx(async (tx) => {
      const keys = await insertMeasurements(tx, target.tenantId, rows, now);
      await markDeviceSynced(tx, target.tenantId, deviceId, now);
      return keys;
    })
    : await insertMeasurements(deps.db, target.tenantId, rows, now);
  duplicates += rows.length - inserted.length;

  if (inserted.length > 0 && deps.readingHandlers.length > 0) {
    const stored = new Set(inserted.map((k) => `${k.metric}|${new Date(k.measured_at).getTime()}|${k.source}`));
    const accepted: AcceptedReading[] = [];
    for (const [key, r] of unique) {
      if (!stored.has(key)) continue;
      accepted.push({ metric: r.metric as AcceptedReading['metric'], measuredAt: r.measuredAt, source: r.source, deviceId: r.deviceId, value: r.value, value2: r.value2, data: r.data });
    }
    await dispatchReadings(deps, { tenantId: target.tenantId, patientId: target.patientId, readings: accepted });
  }
  return { accepted: inserted.length, duplicates, rejected };
}
