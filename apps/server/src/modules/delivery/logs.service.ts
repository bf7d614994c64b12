import { PassThrough, type Readable, type Writable } from 'node:stream';
import { loadExcel } from '../../platform/lazy.ts';
import type {
  TCallLogItem,
  TCallLogQuery,
  TCdrExportQuery,
  TCdrFile,
  TSmsLogItem,
  TSmsLogQuery,
} from '@carewatch/contracts/notifications';
import type { AuthedCtx, Deps } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { scheduleJob, type JobHandlers } from '../../platform/jobs.ts';
import * as repo from './logs.repo.ts';

const DAY_MS = 86_400_000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const dayStart = (d: string) => new Date(`${d}T00:00:00Z`);

function filterOf(q: TSmsLogQuery): repo.LogFilter {
  return {
    from: q.from || undefined,
    to: q.to || undefined,
    provider: q.provider || undefined,
    status: q.status,
    start: q.start ? dayStart(q.start) : undefined,
    end: q.end ? new Date(dayStart(q.end).getTime() + DAY_MS) : undefined,
  };
}
function checkRange(q: { start?: string; end?: string }) {
  if (q.start && q.end && q.start > q.end)
    throw new AppError(
      'VALIDATION_ERROR',
      { field: 'end', rule: 'after_start' },
      "end: Start time can't after end time",
    );
}

/** The SMS log of the caller's tenant (from, to, provider, send date, status 200/500), newest first. */
export async function listSmsLog(ctx: AuthedCtx, q: TSmsLogQuery) {
  checkRange(q);
  const rows = await repo.listSms(ctx.db, ctx.auth.tenantId, filterOf(q), q.page, q.size);
  await audit(ctx, { action: 'sms.read', resource: 'sms' });
  const items: TSmsLogItem[] = rows.map((r) => ({
    id: r.id,
    from: r.sender,
    to: r.recipient,
    provider: r.provider,
    sendDate: r.created_at.toISOString(),
    status: r.status,
    body: r.body,
    error: r.error,
    alertId: r.alert_id,
  }));
  return { items, total: rows[0]?.total ?? 0, page: q.page, size: q.size };
}

const toCall = (r: repo.CallRow): TCallLogItem => ({
  id: r.id,
  from: r.from_number,
  to: r.to_number,
  provider: r.provider,
  status: r.status,
  durationS: r.duration_s,
  startedAt: r.started_at.toISOString(),
  endedAt: r.ended_at?.toISOString() ?? null,
  alertId: r.alert_id,
  error: r.error,
});

/** The call log (CDR) of the caller's tenant, newest first. */
export async function listCallLog(ctx: AuthedCtx, q: TCallLogQuery) {
  checkRange(q);
  const rows = await repo.listCalls(ctx.db, ctx.auth.tenantId, filterOf(q), q.page, q.size);
  await audit(ctx, { action: 'calls.read', resource: 'calls' });
  return { items: rows.map(toCall), total: rows[0]?.total ?? 0, page: q.page, size: q.size };
}

export const CDR_COLUMNS = [
  'Call ID',
  'From',
  'To',
  'Provider',
  'Status',
  'Duration (s)',
  'Started at (UTC)',
  'Ended at (UTC)',
  'Alert ID',
  'Error',
];
const cdrRow = (r: repo.CallRow) => [
  r.id,
  r.from_number,
  r.to_number,
  r.provider,
  r.status,
  r.duration_s,
  r.started_at.toISOString(),
  r.ended_at?.toISOString() ?? '',
  r.alert_id ?? '',
  r.error ?? '',
];

/** Streams the calls of [start, end) as .xlsx into `out` (exceljs streaming writer); answers the row count. */
async function writeCdr(
  deps: Pick<Deps, 'db'>,
  tenantId: string,
  start: Date,
  end: Date,
  out: Writable,
): Promise<number> {
  const wb = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet('CDR');
  ws.addRow(CDR_COLUMNS).commit();
  let n = 0;
  for await (const chunk of repo.callsBetween(deps.db, tenantId, start, end)) {
    for (const r of chunk) {
      ws.addRow(cdrRow(r)).commit();
      n++;
    }
  }
  ws.commit();
  await wb.commit();
  return n;
}

/** GET calls/export?from&to: the CDR of those UTC days (inclusive) as .xlsx, streamed. */
export async function exportCdr(ctx: AuthedCtx, q: TCdrExportQuery): Promise<{ stream: Readable; name: string }> {
  await audit(ctx, { action: 'calls.export', resource: 'calls', details: { from: q.from, to: q.to } });
  const out = new PassThrough();
  void writeCdr(ctx, ctx.auth.tenantId, dayStart(q.from), new Date(dayStart(q.to).getTime() + DAY_MS), out).catch(
    (e: unknown) => out.destroy(e instanceof Error ? e : new Error('export failed')),
  );
  return { stream: out, name: q.from === q.to ? `cdr-${q.from}.xlsx` : `cdr-${q.from}_${q.to}.xlsx` };
}

// ---------------------------------------------------------------- daily CDR files (00:00 UTC, previous UTC day)

export const CDR_JOB = 'cdr.daily';
const nextMidnightUtc = (now: Date) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
/** The file-store key of a tenant's daily CDR file (the path it had under DATA_DIR before the file store). */
const cdrKey = (tenantId: string, fileName: string) => `cdr/${tenantId}/${fileName}`;

/** Writes each tenant's CDR file of `day` (YYYY-MM-DD, UTC) once; answers how many files were written. */
export async function writeDailyCdr(deps: Pick<Deps, 'db' | 'clock' | 'files'>, day: string): Promise<number> {
  let written = 0;
  for (const tenantId of await repo.activeTenantIds(deps.db)) {
    if (await repo.cdrFileExists(deps.db, tenantId, day)) continue;
    const fileName = `cdr-${day}.xlsx`;
    // Written straight into the store as it is produced; the key appears only once the file is complete.
    const out = new PassThrough();
    const stored = deps.files.put(cdrKey(tenantId, fileName), out, { contentType: XLSX_TYPE });
    stored.catch(() => undefined);
    const rows = await writeCdr(deps, tenantId, dayStart(day), new Date(dayStart(day).getTime() + DAY_MS), out).catch(
      (e: unknown) => {
        out.destroy(e instanceof Error ? e : new Error('CDR failed'));
        throw e;
      },
    );
    const { size } = await stored;
    await repo.insertCdrFile(deps.db, {
      id: newId(),
      tenantId,
      day,
      fileName,
      rows,
      sizeBytes: size,
      now: deps.clock.now(),
    });
    written++;
  }
  return written;
}

/** Schedules the next midnight run unless one is pending (called at start when the job worker runs). */
export async function ensureCdrJob(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  const live = await deps.db.query("select 1 from jobs where kind = $1 and status in ('pending', 'running') limit 1", [
    CDR_JOB,
  ]);
  if (live.length > 0) return;
  const at = nextMidnightUtc(deps.clock.now());
  await scheduleJob(deps, {
    kind: CDR_JOB,
    runAt: at,
    payload: {},
    dedupeKey: `${CDR_JOB}:${at.toISOString().slice(0, 10)}`,
  });
}

export const DELIVERY_JOBS: JobHandlers = {
  /** At 00:00 UTC: the previous UTC day's CDR file of every tenant, then the next run (a late run catches up to now). */
  [CDR_JOB]: async (deps, job) => {
    const runAt = new Date(job.run_at);
    await writeDailyCdr(deps, new Date(runAt.getTime() - DAY_MS).toISOString().slice(0, 10));
    const at = nextMidnightUtc(runAt.getTime() > deps.clock.now().getTime() ? runAt : deps.clock.now());
    await scheduleJob(deps, {
      kind: CDR_JOB,
      runAt: at,
      payload: {},
      dedupeKey: `${CDR_JOB}:${at.toISOString().slice(0, 10)}`,
    });
  },
};

const toCdrFile = (r: repo.CdrFileRow): TCdrFile => ({
  id: r.id,
  day: r.day,
  fileName: r.file_name,
  rows: r.rows,
  sizeBytes: r.size_bytes,
  createdAt: r.created_at.toISOString(),
});
export async function listCdrFiles(ctx: AuthedCtx) {
  return { items: (await repo.listCdrFiles(ctx.db, ctx.auth.tenantId)).map(toCdrFile) };
}
export async function openCdrFile(
  ctx: AuthedCtx,
  id: string,
): Promise<{ stream: Readable; size: number; name: string }> {
  const f = await repo.getCdrFile(ctx.db, ctx.auth.tenantId, id);
  if (!f) throw new AppError('NOT_FOUND');
  const file = await ctx.files.open(cdrKey(ctx.auth.tenantId, f.file_name));
  if (!file) throw new AppError('NOT_FOUND');
  await audit(ctx, { action: 'calls.cdr_download', resource: 'cdr_file', resourceId: id });
  return { stream: file.stream, size: file.size, name: f.file_name };
}
