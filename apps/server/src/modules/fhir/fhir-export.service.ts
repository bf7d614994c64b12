import { Readable } from 'node:stream';
import {
  FHIR_NDJSON_MEDIA_TYPE,
  FHIR_RESOURCE_TYPES,
  parseFhirDate,
  type TFhirExportManifest,
  type TFhirExportQuery,
  type TFhirResource,
  type TFhirResourceType,
} from '@carewatch/contracts/fhir';
import { METRICS } from '@carewatch/contracts/vitals';
import type { AuthedCtx, Deps } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { cancelJob, scheduleJob } from '../../platform/jobs.ts';
import { patientVisibility } from '../patients/patient-access.ts';
import { centerVisibleTo } from '../patients/patients.service.ts';
import { toObservation } from './fhir.mapping.ts';
import { fhirTypeAllowed, requireFhirType } from './fhir.service.ts';
import * as repo from './fhir.repo.ts';
import { LISTERS } from './fhir.service.ts';

/**
 * FHIR Bulk Data export (Bulk Data Access IG 2.0, issue 19): a kick-off answers 202 with a status URL; a durable job
 * (the jobs table: any server process claims it, a crashed one's is claimed again) writes one NDJSON file per
 * resource type into the file store; the status URL answers 202 with X-Progress while it runs, then the manifest.
 * The data is what the requester may see in the staff API (their visibility is stored with the request), in the
 * tenant, optionally one health center (Group), resource types (`_type`) and changes since (`_since`).
 */
export const FHIR_EXPORT_JOB = 'fhir.export';
const CHUNK = 500;
const READINGS_CHUNK = 5000;
const PATIENT_CHUNK = 200;
const jobKey = (id: string) => `fhir-export:${id}`;
const fileKey = (tenantId: string, id: string, type: string) => `files/fhir-export/${tenantId}/${id}-${type}.ndjson`;

export type KickOff = {
  groupId: string | null;
  query: TFhirExportQuery;
  prefer: string | undefined;
  base: string;
  requestUrl: string;
};

export async function kickOffExport(ctx: AuthedCtx, k: KickOff): Promise<{ id: string; statusUrl: string }> {
  if (!/(^|[,;\s])respond-async([,;\s]|$)/i.test(k.prefer ?? '')) {
    throw new AppError(
      'VALIDATION_ERROR',
      { field: 'prefer', rule: 'required' },
      'prefer: the header `Prefer: respond-async` is required',
    );
  }
  const t = ctx.auth.tenantId;
  const v = patientVisibility(ctx.auth);
  if (k.groupId && !(await centerVisibleTo(ctx, k.groupId)))
    throw new AppError('NOT_FOUND', undefined, `Group/${k.groupId} not found`);
  // Named types the caller may not read are refused; without `_type`, the export holds only the types they may read.
  const named = k.query._type ? [...new Set(k.query._type.split(',').map((x) => x.trim() as TFhirResourceType))] : null;
  for (const type of named ?? []) requireFhirType(ctx, type);
  const types = named ?? FHIR_RESOURCE_TYPES.filter((type) => fhirTypeAllowed(ctx, type));
  const id = newId();
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    await repo.insertExport(db, t, {
      id,
      requestedBy: ctx.auth.userId,
      requestUrl: k.requestUrl,
      baseUrl: k.base,
      types,
      since: k.query._since ? (parseFhirDate(k.query._since)?.lo ?? null) : null,
      groupId: k.groupId,
      visibility: v,
      now,
    });
    await scheduleJob(
      { db },
      { kind: FHIR_EXPORT_JOB, runAt: now, tenantId: t, payload: { exportId: id }, dedupeKey: jobKey(id) },
    );
  });
  return { id, statusUrl: `${k.base}/$export-status/${id}` };
}

export type ExportStatus =
  | { state: 'running'; progress: string }
  | { state: 'done'; manifest: TFhirExportManifest }
  | { state: 'failed'; error: string };

/** The status of the caller's own export; NOT_FOUND for anyone else's, a missing or a cancelled one. */
export async function exportStatus(ctx: AuthedCtx, id: string): Promise<ExportStatus> {
  const row = await repo.findExport(ctx.db, ctx.auth.tenantId, ctx.auth.userId, id);
  if (!row || row.status === 'cancelled') throw new AppError('NOT_FOUND', undefined, 'Export not found');
  if (row.status === 'queued') return { state: 'running', progress: 'queued' };
  if (row.status === 'running') return { state: 'running', progress: row.progress ?? 'started' };
  if (row.status === 'failed') return { state: 'failed', error: row.error ?? 'The export failed' };
  return {
    state: 'done',
    manifest: {
      transactionTime: row.transaction_time.toISOString(),
      request: row.request_url,
      requiresAccessToken: true,
      output: row.output.map((o) => ({
        type: o.type as TFhirResourceType,
        url: `${row.base_url}/$export-file/${row.id}/${o.type}`,
        count: o.count,
      })),
      error: [],
    },
  };
}

/** DELETE on the status URL: the export stops (a running job notices within one chunk) and its files are removed. */
export async function cancelExport(ctx: AuthedCtx, id: string): Promise<void> {
  const row = await repo.findExport(ctx.db, ctx.auth.tenantId, ctx.auth.userId, id);
  if (!row || row.status === 'cancelled') throw new AppError('NOT_FOUND', undefined, 'Export not found');
  await repo.cancelExport(ctx.db, ctx.auth.tenantId, id, ctx.clock.now());
  await cancelJob(ctx, jobKey(id));
  await removeFiles(ctx, ctx.auth.tenantId, id);
}

/** One NDJSON file of the caller's finished export. */
export async function exportFile(
  ctx: AuthedCtx,
  id: string,
  type: TFhirResourceType,
): Promise<{ stream: Readable; size: number }> {
  const row = await repo.findExport(ctx.db, ctx.auth.tenantId, ctx.auth.userId, id);
  const out = row?.status === 'done' ? row.output.find((o) => o.type === type) : undefined;
  const file = out ? await ctx.files.open(out.key) : null;
  if (!file) throw new AppError('NOT_FOUND', undefined, 'File not found');
  return file;
}

/**
 * How long an ended export and its NDJSON files (health data) are kept: long enough to download them, then removed
 * (the status URL and the files answer 404 afterwards, as the Bulk Data spec allows).
 */
export const FHIR_EXPORT_TTL_MS = 24 * 3600_000;

/** Removes the exports that ended more than FHIR_EXPORT_TTL_MS ago, files first. Returns how many. */
export async function expireFhirExports(deps: Pick<Deps, 'db' | 'clock' | 'files'>): Promise<number> {
  const rows = await repo.endedExportsBefore(deps.db, new Date(deps.clock.now().getTime() - FHIR_EXPORT_TTL_MS), 500);
  for (const r of rows) {
    await removeFiles(deps, r.tenant_id, r.id);
    await repo.deleteExport(deps.db, r.tenant_id, r.id);
  }
  return rows.length;
}

async function removeFiles(deps: Pick<Deps, 'files'>, tenantId: string, id: string) {
  for (const type of FHIR_RESOURCE_TYPES) await deps.files.remove(fileKey(tenantId, id, type)).catch(() => undefined);
}

class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** The resources of one type in scope, in chunks (Observation: patient by patient, each one's readings in pages). */
async function* resourcesOf(
  deps: Pick<Deps, 'db' | 'clock'>,
  row: repo.ExportRow,
  tenantCode: string,
  type: TFhirResourceType,
): AsyncGenerator<TFhirResource[]> {
  const t = row.tenant_id;
  const s: repo.Scope = { v: row.visibility, centerId: row.group_id ?? undefined, updatedFrom: row.since ?? undefined };
  if (type !== 'Observation') {
    for (let offset = 0; ; offset += CHUNK) {
      const got = await LISTERS[type](deps, t, tenantCode, s, { limit: CHUNK, offset });
      if (got.length) yield got;
      if (got.length < CHUNK) return;
    }
  }
  const from = row.since ?? new Date('2000-01-01T00:00:00Z');
  const to = new Date(row.transaction_time.getTime() + 1);
  let after: string | null = null;
  for (;;) {
    const ids: string[] = await repo.patientIdsAfter(deps.db, t, s, after, PATIENT_CHUNK);
    for (const patientId of ids) {
      for (let offset = 0; ; offset += READINGS_CHUNK) {
        const rows = await repo.readings(deps.db, t, patientId, METRICS, from, to, { limit: READINGS_CHUNK, offset });
        const got = rows.map((r) => toObservation(patientId, r)).filter((x): x is NonNullable<typeof x> => x !== null);
        if (got.length) yield got;
        if (rows.length < READINGS_CHUNK) break;
      }
    }
    if (ids.length < PATIENT_CHUNK) return;
    after = ids[ids.length - 1]!;
  }
}

/**
 * The job: writes each requested type's NDJSON file (replacing any a crashed attempt left), checking between chunks
 * whether the export was cancelled. Types without any resource get no file (the manifest lists files with content).
 */
export async function runFhirExport(
  deps: Pick<Deps, 'db' | 'clock' | 'files'>,
  exportId: string,
  opts: { lastAttempt?: boolean } = {},
): Promise<void> {
  const row = await repo.findExportById(deps.db, exportId);
  if (!row) return;
  const t = row.tenant_id;
  if (!(await repo.markExportRunning(deps.db, t, exportId, deps.clock.now()))) return;
  const tenantCode = await repo.tenantCodeOf(deps.db, t);
  const output: Array<{ type: string; key: string; count: number }> = [];
  try {
    for (const [i, type] of row.types.entries()) {
      await repo.setExportProgress(
        deps.db,
        t,
        exportId,
        `${i}/${row.types.length} resource types done, writing ${type}`,
        deps.clock.now(),
      );
      let count = 0;
      const lines = async function* () {
        for await (const chunk of resourcesOf(deps, row, tenantCode, type as TFhirResourceType)) {
          if ((await repo.exportStatus(deps.db, t, exportId)) !== 'running') throw new Cancelled();
          count += chunk.length;
          yield `${chunk.map((r) => JSON.stringify(r)).join('\n')}\n`;
        }
      };
      const key = fileKey(t, exportId, type);
      await deps.files.put(key, Readable.from(lines()), { contentType: FHIR_NDJSON_MEDIA_TYPE });
      if (count > 0) output.push({ type, key, count });
      else await deps.files.remove(key);
    }
  } catch (e) {
    if (e instanceof Cancelled || (await repo.exportStatus(deps.db, t, exportId)) === 'cancelled') {
      await removeFiles(deps, t, exportId);
      return;
    }
    if (!opts.lastAttempt) throw e;
    await repo.finishExport(deps.db, t, exportId, {
      status: 'failed',
      output: [],
      error: 'The export failed',
      now: deps.clock.now(),
    });
    await removeFiles(deps, t, exportId);
    return;
  }
  // Cancelled while the last file was being written: nothing is kept.
  if (!(await repo.finishExport(deps.db, t, exportId, { status: 'done', output, error: null, now: deps.clock.now() })))
    await removeFiles(deps, t, exportId);
}
