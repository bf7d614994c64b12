import {
  IMPORT_SOURCES,
  METRICS,
  ZReading,
  type TImportSource,
  type TIngestResponse,
  type TMetric,
} from '@carewatch/contracts/vitals';
import { modelMeasures } from '@carewatch/contracts/devices';
import { toCanonical } from '@carewatch/clinical/units';
import { validateReading, type RejectCode } from '@carewatch/clinical/vitals';
import type { AcceptedReading, Deps } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { isUuid } from '../../platform/ids.ts';
import { insertMeasurements, isDuplicateKey, type MeasurementRow } from './measurements.repo.ts';
import { dispatchReadings } from './readings-seam.ts';
import { devicesOfPatient, markDeviceSynced } from './ingest.repo.ts';
import { emitReadingsRejected } from '../webhooks/webhooks.outbox.ts';
import { advanceLastReadings } from '../patients/last-reading.service.ts';
import { clearNotWornByReadings } from '../devices/wear.service.ts';

/** Whose readings these are: the patient, and the device (and its model) when a device itself is sending (HTTP Basic or MQTT). */
export type IngestTarget = {
  tenantId: string;
  patientId: string;
  deviceId: string | null;
  deviceModel?: string | null;
};
type Rejection = TIngestResponse['rejected'][number];

/** The fields of a reading the ingest uses once its shape is known to be valid. */
type ShapedReading = {
  metric: TMetric;
  measuredAt: string;
  value?: number | undefined;
  unit?: string | undefined;
  deviceId?: string | undefined;
  clientId?: string | undefined;
  source?: TImportSource | undefined;
};

const METRIC_SET: ReadonlySet<string> = new Set(METRICS);
const IMPORT_SOURCE_SET: ReadonlySet<unknown> = new Set(IMPORT_SOURCES);
/** The contract's own date-time pattern (`z.iso.datetime({ offset: true })`), so the fast check accepts exactly what it accepts. */
const ISO_DATETIME: RegExp | undefined = ZReading.shape.measuredAt._zod.def.pattern;

/**
 * The common reading — `{ metric, measuredAt, value? , seq? }` with no unit, device or `values` — checked by hand:
 * only readings `ZReading` certainly accepts unchanged pass; anything else (including every invalid reading) goes
 * through `ZReading` for its exact error. Saves the schema walk for the thousands of readings of a batch.
 */
export function isSimpleReading(item: unknown): item is ShapedReading {
  if (typeof item !== 'object' || item === null || Array.isArray(item) || !ISO_DATETIME) return false;
  const o = item as Record<string, unknown>;
  const { metric, measuredAt, value, seq, clientId, source } = o;
  return (
    typeof metric === 'string' &&
    METRIC_SET.has(metric) &&
    typeof measuredAt === 'string' &&
    ISO_DATETIME.test(measuredAt) &&
    (value === undefined || (typeof value === 'number' && Number.isFinite(value))) &&
    o.values === undefined &&
    o.unit === undefined &&
    o.deviceId === undefined &&
    (seq === undefined || (typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0)) &&
    (clientId === undefined || (typeof clientId === 'string' && isUuid(clientId))) &&
    (source === undefined || IMPORT_SOURCE_SET.has(source))
  );
}

/**
 * The one ingest path (HTTP from the app or a device, MQTT from a device): each reading parsed, converted to its
 * canonical unit and checked alone; bad ones answered with index and reason; good ones stored in ONE transaction
 * (duplicates within the batch or already stored are counted, never stored twice). Answers after commit, once the
 * accepted readings are handed to the readings handlers (alert engine).
 */
export async function ingestReadings(
  deps: Deps,
  target: IngestTarget,
  raw: readonly unknown[],
): Promise<TIngestResponse> {
  const now = deps.clock.now();
  const rejected: Rejection[] = [];
  const reject = (index: number, code: RejectCode, message: string, field?: string) => {
    rejected.push({ index, code, message, ...(field ? { field } : {}) });
  };
  // Candidates as parallel arrays (index in the batch, the row, the device an app reading names).
  const candIndex: number[] = [];
  const candRows: MeasurementRow[] = [];
  const candClaimed: Array<string | null> = [];
  let anyClaimed = false;
  const targetDevice = target.deviceId ? target.deviceId.toLowerCase() : null;

  for (let index = 0; index < raw.length; index++) {
    const item = raw[index];
    let r: ShapedReading;
    let rawValues: unknown;
    if (isSimpleReading(item)) {
      r = item;
      rawValues = undefined;
    } else {
      const parsed = ZReading.safeParse(item);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.length ? issue.path.map(String).join('.') : 'reading';
        reject(
          index,
          field === 'metric' ? 'UNKNOWN_METRIC' : 'INVALID_READING',
          issue?.message ?? 'Invalid reading',
          field,
        );
        continue;
      }
      r = parsed.data;
      // `values` re-parsed by the metric's own schema (the contract's union may have picked another shape).
      rawValues = typeof item === 'object' && item !== null ? (item as { values?: unknown }).values : undefined;
    }
    let value = r.value;
    if (r.unit !== undefined) {
      const converted = toCanonical(r.metric, value ?? 0, r.unit);
      if (converted === null) {
        reject(index, 'UNSUPPORTED_UNIT', `Unit ${r.unit} is not accepted for ${r.metric}`, 'unit');
        continue;
      }
      if (value !== undefined) value = converted;
    }
    // A device's own readings and app readings tagged with a paired device are sensor readings; the rest were typed.
    // Imported readings (Apple Health) were measured by the phone or a watch: sensor limits too.
    const imported = !targetDevice && r.deviceId === undefined ? r.source : undefined;
    const origin = targetDevice || r.deviceId !== undefined || imported !== undefined ? 'sensor' : 'manual';
    const v = validateReading({ metric: r.metric, measuredAt: r.measuredAt, value, values: rawValues }, now, origin);
    if (!v.ok) {
      reject(index, v.code, v.message, v.field);
      continue;
    }
    let source = 'app';
    let deviceId: string | null = null;
    if (targetDevice) {
      if (r.deviceId !== undefined && r.deviceId.toLowerCase() !== targetDevice) {
        reject(index, 'UNKNOWN_DEVICE', 'A device can only send its own readings', 'deviceId');
        continue;
      }
      if (target.deviceModel && !modelMeasures(target.deviceModel, r.metric)) {
        reject(index, 'UNKNOWN_METRIC', `A ${target.deviceModel} cannot measure ${r.metric}`, 'metric');
        continue;
      }
      deviceId = target.deviceId;
      source = `device:${deviceId}`;
    } else if (r.deviceId !== undefined) {
      deviceId = r.deviceId.toLowerCase();
      source = `device:${deviceId}`;
    } else if (imported !== undefined) {
      // An import (issue 19): the source itself is the identity, so importing the same export again stores nothing new.
      source = imported;
    } else if (r.clientId !== undefined) {
      // A reading the app took (typed): its own id is part of its identity, so a resend is the same row while a
      // second reading of the same index in the same second is a row of its own.
      source = `app:${r.clientId.toLowerCase()}`;
    }
    const claimed = targetDevice ? null : deviceId;
    if (claimed !== null) anyClaimed = true;
    candIndex.push(index);
    candClaimed.push(claimed);
    candRows.push({
      patientId: target.patientId,
      metric: v.row.metric,
      measuredAt: v.row.measuredAt,
      source,
      value: v.row.value,
      value2: v.row.value2,
      data: v.row.data,
      deviceId,
    });
  }

  // App readings naming a device: it must be one of the patient's devices.
  const owned = anyClaimed
    ? await devicesOfPatient(deps.db, target.tenantId, target.patientId, [
        ...new Set(candClaimed.filter((d): d is string => d !== null && isUuid(d))),
      ])
    : new Map<string, string>();
  // Duplicates within the batch (same metric, time and source): the first is kept. Keyed by time, the few readings
  // sharing one compared field by field (no key string per reading).
  const seen = new Map<number, MeasurementRow[]>();
  const rows: MeasurementRow[] = [];
  let duplicates = 0;
  for (let i = 0; i < candRows.length; i++) {
    const claimed = candClaimed[i];
    if (claimed != null && !owned.has(claimed)) {
      reject(candIndex[i]!, 'UNKNOWN_DEVICE', 'The device is not one of the patient\u2019s devices', 'deviceId');
      continue;
    }
    const row = candRows[i]!;
    // A reading from a device must be one its model measures (a watch sends no weight).
    const model = claimed != null ? owned.get(claimed)! : null;
    if (model !== null && !modelMeasures(model, row.metric)) {
      reject(candIndex[i]!, 'UNKNOWN_METRIC', `A ${model} cannot measure ${row.metric}`, 'metric');
      continue;
    }
    const t = row.measuredAt.getTime();
    const same = seen.get(t);
    if (same === undefined) seen.set(t, [row]);
    else if (same.some((o) => o.metric === row.metric && o.source === row.source)) {
      duplicates += 1;
      continue;
    } else same.push(row);
    rows.push(row);
  }
  rejected.sort((a, b) => a.index - b.index);
  if (target.deviceId && rejected.length > 0)
    await emitReadingsRejected(deps.db, target.tenantId, {
      deviceId: target.deviceId,
      patientId: target.patientId,
      rejected,
      at: now,
    });

  // One transaction per batch. An app batch is one statement, a transaction on its own (no BEGIN/COMMIT round
  // trips: the rollup and latest rows it locks, shared by the patient's concurrent batches, are held only until its
  // own commit); a device's batch also stamps the device, first, the readings last, in an explicit transaction.
  // First as new readings (the usual batch: the cheapest insert); when some were already stored (a retry, an
  // overlapping sync, a concurrent batch) that attempt fails as a whole, and the batch is stored again with
  // per-reading duplicate handling.
  const deviceId = target.deviceId;
  const store = async (db: Db, fresh: boolean) => {
    if (deviceId) await markDeviceSynced(db, target.tenantId, deviceId, now);
    return insertMeasurements(db, target.tenantId, rows, now, { fresh });
  };
  const attempt = (fresh: boolean) => (deviceId ? deps.db.tx((tx) => store(tx, fresh)) : store(deps.db, fresh));
  let inserted;
  try {
    inserted = await attempt(rows.length > 0);
  } catch (e) {
    if (!isDuplicateKey(e)) throw e;
    inserted = await attempt(false);
  }
  duplicates += rows.length - inserted.count;
  // The patient's last reading time (list sort, silent-device flag): forward only, so a historic import leaves it.
  if (rows.length > 0) await advanceLastReadings(deps.db, target.tenantId, rows);
  // A real reading from a watch flagged "not worn" (issue 20) means it is worn again.
  if (rows.length > 0) await clearNotWornByReadings(deps.db, target.tenantId, rows);

  // A batch stored whole goes to the alert engine as is. A batch with duplicates is usually a retry after a lost answer
  // — possibly after the process died between the commit and the engine — so its duplicates are evaluated again too:
  // the engine ignores a reading it already saw (same level, not newer), and a missed SOS is raised now.
  if (rows.length > 0 && deps.readingHandlers.length > 0) {
    const accepted: AcceptedReading[] = rows.map((r) => ({
      metric: r.metric as AcceptedReading['metric'],
      measuredAt: r.measuredAt,
      source: r.source,
      deviceId: r.deviceId,
      value: r.value,
      value2: r.value2,
      data: r.data,
    }));
    await dispatchReadings(deps, { tenantId: target.tenantId, patientId: target.patientId, readings: accepted });
  }
  return { accepted: inserted.count, duplicates, rejected };
}
