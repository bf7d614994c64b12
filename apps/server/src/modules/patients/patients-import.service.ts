import fs from 'node:fs';
import { makeTempDir } from '../../platform/temp-files.ts';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../platform/lazy.ts';
import { isValidPhone, type PhoneRuleName } from '@carewatch/contracts/rules';
import {
  IMPORT_HEADER,
  IMPORT_MAX_BYTES,
  ZPatientFields,
  checkPatientIdentifiers,
  type TCurrentImport,
  type TPatientImport,
} from '@carewatch/contracts/patients';
import type { AuthedCtx, Deps } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import { FileTooLargeError, newFileKey, type FileStore } from '../../platform/file-store.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import { phoneRuleOf } from '../tenants/tenants.service.ts';
import * as repo from './patients.repo.ts';

export const IMPORT_JOB_KIND = 'patients.import';
const BATCH = 1000;

const toImport = (r: repo.ImportRow): TPatientImport => ({
  id: r.id,
  fileName: r.file_name,
  status: r.status,
  totalRows: r.total_rows,
  processedRows: r.processed_rows,
  importedRows: r.imported_rows,
  errorRows: r.error_rows,
  hasErrorFile: !!r.error_file_path,
  failure: r.failure,
  createdAt: new Date(r.created_at).toISOString(),
  finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

// ---------------------------------------------------------------- template

/** The import template: one sheet with the header row only (no sample rows). */
export async function importTemplate(): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet('Patients');
  ws.addRow([...IMPORT_HEADER]);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => {
    c.width = 22;
  });
  // Text columns stay text (phone numbers keep their leading zero).
  for (const i of [1, 4, 8, 9, 12, 13]) ws.getColumn(i).numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---------------------------------------------------------------- cell values

type CellValue = ExcelJS.CellValue;
const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
/** Excel serial day (1900 system) → yyyy-mm-dd. */
const serialToDay = (n: number) => isoDay(new Date(Math.round((n - 25569) * 86_400_000)));

/** A cell as text: rich text, hyperlinks and formula results flattened; dates as yyyy-mm-dd. */
export function cellText(v: CellValue, isDate = false): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return isoDay(v);
  if (typeof v === 'number') return isDate && v > 0 && v < 2_958_466 ? serialToDay(v) : String(v);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in v && typeof v.text === 'string') return v.text.trim();
    if ('result' in v) return cellText(v.result as CellValue, isDate);
    if ('error' in v) return '';
  }
  return '';
}

// ---------------------------------------------------------------- start (request)

const isBlank = (vals: string[]) => vals.every((v) => v === '');

/**
 * Checks the header (unmodified template) and that at least one data row exists, reading only the start of the file.
 * Read by the reader worker like the job does, so the spreadsheet library never loads into the server's own heap.
 */
export async function checkImportFile(file: string): Promise<void> {
  const fd = await fsp.open(file, 'r');
  const magic = Buffer.alloc(4);
  try {
    await fd.read(magic, 0, 4, 0);
  } finally {
    await fd.close();
  }
  if (!magic.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
    throw new AppError('INVALID_FILE_TYPE', { field: 'file', rule: 'file_type' });
  let header: string[] | null = null;
  let hasData = false;
  try {
    // One column more than the template: an added column is seen (and refused).
    scan: for await (const chunk of workerRows(file, IMPORT_HEADER.length + 1)) {
      for (let k = 0; k < chunk.lines.length; k++) {
        const cells = chunk.values[k]!;
        if (!header) {
          if (chunk.lines[k] !== 1) break scan;
          header = cells.map((v) => cellText(v));
          while (header.length && header[header.length - 1] === '') header.pop();
          continue;
        }
        if (!isBlank(IMPORT_HEADER.map((_h, i) => cellText(cells[i], i === 3 || i === 12)))) {
          hasData = true;
          break scan;
        }
      }
    }
  } catch {
    throw new AppError('INVALID_FILE_TYPE', { field: 'file', rule: 'file_type' });
  }
  if (!header || header.length !== IMPORT_HEADER.length || header.some((h, i) => h !== IMPORT_HEADER[i])) {
    throw new AppError('FILE_INVALID_TEMPLATE', { field: 'file', rule: 'template' });
  }
  if (!hasData) throw new AppError('FILE_EMPTY', { field: 'file', rule: 'empty' });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Upload = { filename: string; file: Readable & { truncated?: boolean } };

/**
 * Starts a bulk import: streams the upload to a temporary file of this process (never buffered whole), checks type,
 * header and emptiness there, streams it into the file store (any process may run the job), records the import (one
 * queued/running per tenant) and schedules the job.
 */
export async function startImport(ctx: AuthedCtx, upload: Upload | null): Promise<TPatientImport> {
  const t = ctx.auth.tenantId;
  if (!upload) throw new AppError('VALIDATION_ERROR', { field: 'file', rule: 'required' }, 'Required');
  if (!/\.xlsx$/i.test(upload.filename)) {
    upload.file.resume();
    throw new AppError('INVALID_FILE_TYPE', { field: 'file', rule: 'file_type' });
  }
  const running = await repo.currentImport(ctx.db, t);
  if (running && (running.status === 'queued' || running.status === 'running')) {
    upload.file.resume();
    throw new AppError('IMPORT_IN_PROGRESS');
  }
  const rel = newFileKey('patient-imports', t, 'xlsx');
  const dir = await makeTempDir('cw-upload-');
  try {
    const tmp = path.join(dir, 'upload.xlsx');
    await pipeline(upload.file, fs.createWriteStream(tmp));
    if (upload.file.truncated || (await fsp.stat(tmp)).size > IMPORT_MAX_BYTES)
      throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
    await checkImportFile(tmp);
    await ctx.files.put(rel, fs.createReadStream(tmp), { maxBytes: IMPORT_MAX_BYTES, contentType: XLSX_TYPE });
  } catch (e) {
    await ctx.files.remove(rel).catch(() => undefined);
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || e instanceof FileTooLargeError)
      throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
    throw e;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
  const id = newId();
  try {
    await ctx.db.tx(async (db) => {
      await repo.insertImport(db, t, {
        id,
        createdBy: ctx.auth.userId,
        fileName: upload.filename.slice(0, 255),
        filePath: rel,
        now: ctx.clock.now(),
      });
      await scheduleJob(
        { db },
        {
          kind: IMPORT_JOB_KIND,
          runAt: ctx.clock.now(),
          tenantId: t,
          payload: { importId: id, centerId: ctx.auth.centerId },
        },
      );
    });
  } catch (e) {
    await ctx.files.remove(rel).catch(() => undefined);
    if ((e as { code?: string }).code === '23505') throw new AppError('IMPORT_IN_PROGRESS');
    throw e;
  }
  await audit(ctx, { action: 'patient.import.start', resource: 'patient_import', resourceId: id });
  return toImport((await repo.findImport(ctx.db, t, id))!);
}

export async function getImport(ctx: AuthedCtx, id: string): Promise<TPatientImport> {
  const r = await repo.findImport(ctx.db, ctx.auth.tenantId, id);
  if (!r) throw new AppError('IMPORT_NOT_FOUND');
  return toImport(r);
}
export async function currentImport(ctx: AuthedCtx): Promise<TCurrentImport> {
  const r = await repo.currentImport(ctx.db, ctx.auth.tenantId);
  return { item: r ? toImport(r) : null };
}
/** The import's error file, streamed from the file store (whichever process wrote it). */
export async function importErrors(
  ctx: AuthedCtx,
  id: string,
): Promise<{ stream: Readable; size: number; name: string }> {
  const r = await repo.findImport(ctx.db, ctx.auth.tenantId, id);
  if (!r) throw new AppError('IMPORT_NOT_FOUND');
  const f = r.error_file_path ? await ctx.files.open(r.error_file_path) : null;
  if (!f) throw new AppError('NOT_FOUND');
  await audit(ctx, { action: 'patient.import.errors', resource: 'patient_import', resourceId: id });
  return { stream: f.stream, size: f.size, name: `import-errors-${id}.txt` };
}

// ---------------------------------------------------------------- the job

const FIELD_KEYS = [
  'patientCode',
  'firstName',
  'lastName',
  'birthday',
  'gender',
  'heightCm',
  'weightKg',
  'bloodType',
  'phone',
  'email',
  'address',
  'contractId',
  'packageExpiry',
] as const;

/** Validates one spreadsheet row with the form's rules (everything but uniqueness); returns the errors or the data. */
export function validateImportRow(
  vals: string[],
  phoneRule: PhoneRuleName,
  centerId: string | null,
): { errors: string[] } | { data: repo.BulkPatient } {
  const raw: Record<string, unknown> = { centerId: null, relatives: [] };
  FIELD_KEYS.forEach((k, i) => {
    raw[k] = vals[i] ?? '';
  });
  if (typeof raw.gender === 'string') raw.gender = raw.gender.toLowerCase();
  if (typeof raw.bloodType === 'string') raw.bloodType = raw.bloodType.toUpperCase();
  const parsed = ZPatientFields.safeParse(raw);
  const errors: string[] = [];
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.') || 'row';
      if (seen.has(field)) continue;
      seen.add(field);
      errors.push(`${field}: ${issue.message}`);
    }
    return { errors };
  }
  const p = parsed.data;
  const idError = checkPatientIdentifiers(p);
  if (idError) errors.push(`patientCode: ${idError}`);
  if (p.phone && !isValidPhone(p.phone, phoneRule)) errors.push('phone: Phone number is not valid');
  if (errors.length) return { errors };
  return {
    data: {
      id: newId(),
      status: 'unassigned',
      patientCode: p.patientCode,
      firstName: p.firstName,
      lastName: p.lastName,
      birthday: p.birthday,
      gender: p.gender,
      heightCm: p.heightCm,
      weightKg: p.weightKg,
      bloodType: p.bloodType,
      phone: p.phone,
      email: p.email,
      address: p.address,
      centerId,
      packageExpiry: p.packageExpiry,
      contractId: p.contractId,
    },
  };
}

/** Rows of the current window that passed validation, encoded straight into a reusable off-heap buffer. */
class EncodedBatch {
  buf = Buffer.allocUnsafeSlow(1 << 19);
  len = 0;
  n = 0;
  /** Byte offset where row i starts (row i ends where i+1 starts, minus the comma). */
  starts: number[] = [];
  lines: number[] = [];
  reset() {
    this.len = 0;
    this.n = 0;
    this.starts = [];
    this.lines = [];
  }
  add(line: number, json: string) {
    const need = this.len + Buffer.byteLength(json) + 2;
    if (need > this.buf.length) {
      const next = Buffer.allocUnsafeSlow(Math.max(need, this.buf.length * 2));
      this.buf.copy(next, 0, 0, this.len);
      this.buf = next;
    }
    this.buf[this.len++] = this.n === 0 ? 0x5b /* [ */ : 0x2c; /* , */
    this.starts.push(this.len);
    this.len += this.buf.write(json, this.len);
    this.lines.push(line);
    this.n++;
  }
  /** The JSON array (a view: valid until the next `reset`). */
  payload(): Buffer {
    this.buf[this.len] = 0x5d; // ]
    return this.buf.subarray(0, this.len + 1);
  }
  row(i: number): { line: number; values: Array<string | null> } {
    const end = i + 1 < this.n ? this.starts[i + 1]! - 1 : this.len;
    return {
      line: this.lines[i]!,
      values: JSON.parse(this.buf.toString('utf8', this.starts[i], end)) as Array<string | null>,
    };
  }
}

const READER_URL = new URL('./patients-import.reader.mjs', import.meta.url);
const READ_BATCH = 500;

/** The first worksheet's rows, read by a worker thread (see patients-import.reader.mjs), in batches. */
async function* workerRows(
  file: string,
  width: number = IMPORT_HEADER.length,
): AsyncGenerator<{ lines: number[]; values: CellValue[][] }> {
  // A bounded heap so the reader's garbage is collected early instead of growing the process (a shared-strings table,
  // kept whole by exceljs, needs room in proportion to the file). A 2 MB young generation: the reader's garbage is
  // short-lived, and V8's default for a worker kept ~40 MB more resident during a 200k-row import (bench import-rss:
  // 365-400 MB → 327-344 MB) without making it slower.
  const maxOldGenerationSizeMb = 48 + Math.ceil((await fsp.stat(file)).size / 1048576) * 4;
  const worker = new Worker(READER_URL, {
    workerData: { file, batchRows: READ_BATCH, width, credit: 2 },
    execArgv: [],
    stdout: false,
    stderr: false,
    resourceLimits: { maxOldGenerationSizeMb, maxYoungGenerationSizeMb: 2 },
  });
  type Msg = { lines: number[]; values: CellValue[][] } | { done: true } | { error: string };
  const queue: Msg[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  worker.on('message', (m: Msg) => {
    queue.push(m);
    notify();
  });
  worker.on('error', (e) => {
    failure = e;
    notify();
  });
  worker.on('exit', (code) => {
    if (code !== 0 && !failure) failure = new Error(`Spreadsheet reader stopped (${code})`);
    notify();
  });
  try {
    for (;;) {
      const m = queue.shift();
      if (!m) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      if ('error' in m) throw new Error(m.error);
      if ('done' in m) return;
      worker.postMessage(1); // one more batch may be sent
      yield m;
    }
  } finally {
    await worker.terminate();
  }
}

const FIELD_INDEX = Object.fromEntries(repo.IMPORT_ROW_FIELDS.map((f, i) => [f, i])) as Record<
  (typeof repo.IMPORT_ROW_FIELDS)[number],
  number
>;

/** The spreadsheet cannot be read (gone, damaged): trying again would not help, the import ends as failed. */
class ImportFileError extends Error {}
/** Another worker claimed this import meanwhile (this one was too slow to renew its claim): stop, it carries on. */
class ImportTakenOver extends Error {}

/**
 * The stored spreadsheet's rows. The reader (a worker thread) needs a file, so the stored file is first copied,
 * streamed, to a temporary file of this process, deleted when the rows end. The failure texts are fixed: they are
 * shown to the user, and the reader's own messages may name that temporary path.
 */
async function* fileRows(files: FileStore, key: string): AsyncGenerator<{ lines: number[]; values: CellValue[][] }> {
  const stored = await files.open(key);
  if (!stored) throw new ImportFileError('The uploaded file is no longer available');
  const dir = await makeTempDir('cw-import-');
  try {
    const file = path.join(dir, 'import.xlsx');
    try {
      await pipeline(stored.stream, fs.createWriteStream(file));
    } catch {
      // The store could not be read (a database failure): the job runner retries.
      throw new Error('The uploaded file could not be fetched from the file store');
    }
    try {
      yield* workerRows(file);
    } catch {
      throw new ImportFileError('The file could not be read');
    }
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs one import as a resumable job: streams the rows, validates each like the form, inserts good rows in batches
 * (skipping those whose patient id, phone or contract id is taken — in the database or by an earlier row — or whose
 * e-mail has an account) and keeps the error lines of bad ones. Each batch commits in one transaction with the
 * import's progress (last line covered, counts) and its error lines, so after a crash the job — claimed again by any
 * process, reading the upload from the file store — resumes after the last committed line: nothing is inserted twice
 * and the counts and error lines are exactly what was committed. When the import ends, the error file is written to
 * the file store from the committed lines. A database
 * failure is thrown to the job runner, which retries (resumes) with backoff; on the last attempt, or when the file
 * cannot be read, the import ends as failed with the committed counts. The database write of one batch overlaps the
 * reading and validation of the next.
 */
export async function runPatientImport(
  deps: Pick<Deps, 'db' | 'clock' | 'files'>,
  importId: string,
  centerId: string | null = null,
  opts: { lastAttempt?: boolean } = {},
): Promise<void> {
  const imp = await repo.findImportById(deps.db, importId);
  if (!imp || imp.status === 'done' || imp.status === 'failed') return;
  const t = imp.tenant_id;
  await repo.markImportRunning(deps.db, importId);
  const phoneRule = await phoneRuleOf(deps.db, t);
  const errRel = `files/patient-imports/${t}/${importId}-errors.txt`;
  let committed: repo.ImportProgress = {
    processed: imp.processed_rows,
    imported: imp.imported_rows,
    errors: imp.error_rows,
    committedLine: imp.committed_line,
    errorBytes: imp.error_file_bytes,
  };
  let processed = committed.processed;
  let lastLine = committed.committedLine;
  // Two buffers: one being filled while the other's insert is in flight.
  const batches = [new EncodedBatch(), new EncodedBatch()];
  let cur = 0;
  // Error lines of the current window, written sorted by line with its batch (the file reads top to bottom).
  let pending: Array<{ line: number; text: string }> = [];
  let inFlight: Promise<void> | null = null;

  /** Stores one window in one transaction: insert, explain skipped rows, error lines, progress. */
  const store = async (
    b: EncodedBatch,
    errors: Array<{ line: number; text: string }>,
    processedSoFar: number,
    upToLine: number,
  ) => {
    committed = await deps.db.tx(async (tx) => {
      let inserted = 0;
      if (b.n) {
        const skipped = await repo.insertImportBatch(tx, t, b.payload(), centerId, imp.created_by, deps.clock.now());
        inserted = b.n - skipped.length;
        if (skipped.length) for (const e of await explainSkipped({ db: tx }, t, b, skipped)) errors.push(e);
      }
      const failed = new Set(errors.map((e) => e.line));
      errors.sort((a, c) => a.line - c.line);
      const text = errors.map((e) => `Line ${e.line}: ${e.text}\n`).join('');
      if (text) await repo.insertImportErrorPart(tx, importId, upToLine, text);
      const next: repo.ImportProgress = {
        processed: processedSoFar,
        imported: committed.imported + inserted,
        errors: committed.errors + failed.size,
        committedLine: upToLine,
        errorBytes: committed.errorBytes + Buffer.byteLength(text),
      };
      if (!(await repo.commitImportProgress(tx, importId, next, committed.committedLine))) throw new ImportTakenOver();
      return next;
    });
  };
  const flush = async () => {
    if (inFlight) await inFlight;
    const b = batches[cur]!;
    cur = 1 - cur;
    batches[cur]!.reset();
    const errors = pending;
    pending = [];
    inFlight = store(b, errors, processed, lastLine);
    // Surfaced by the next await of `inFlight`; keeps an early failure from being an unhandled rejection meanwhile.
    inFlight.catch(() => undefined);
  };
  const finish = async (status: 'done' | 'failed', failure: string | null) => {
    // Written again whole if a crash comes before the import is marked finished (the same key is replaced).
    if (committed.errors)
      await deps.files.put(errRel, Readable.from(repo.importErrorParts(deps.db, importId)), {
        contentType: 'text/plain; charset=utf-8',
      });
    await repo.finishImport(deps.db, importId, {
      status,
      total: committed.processed,
      errorFilePath: committed.errors ? errRel : null,
      failure,
      now: deps.clock.now(),
    });
    await repo.deleteImportErrorParts(deps.db, importId);
    await deps.files.remove(imp.file_path).catch(() => undefined);
  };

  try {
    let pendingRows = 0;
    for await (const chunk of fileRows(deps.files, imp.file_path)) {
      for (let k = 0; k < chunk.lines.length; k++) {
        const line = chunk.lines[k]!;
        // The header, and every line a committed batch already covered (a resumed import).
        if (line === 1 || line <= committed.committedLine) continue;
        lastLine = line;
        const cells = chunk.values[k]!;
        const vals = IMPORT_HEADER.map((_h, i) => cellText(cells[i], i === 3 || i === 12));
        if (isBlank(vals)) continue;
        processed++;
        pendingRows++;
        const res = validateImportRow(vals, phoneRule, centerId);
        if ('errors' in res) for (const e of res.errors) pending.push({ line, text: e });
        else batches[cur]!.add(line, repo.importRowJson(res.data.id, res.data));
        if (pendingRows === BATCH) {
          pendingRows = 0;
          await flush();
        }
      }
    }
    await flush();
    await inFlight;
    inFlight = null;
    await finish('done', null);
  } catch (e) {
    if (inFlight) await (inFlight as Promise<void>).catch(() => undefined);
    if (e instanceof ImportTakenOver) return;
    if (e instanceof ImportFileError) {
      await finish('failed', e.message);
      return;
    }
    if (opts.lastAttempt) {
      // The cause (a database error) is kept in the job's last_error for operators; the user sees a fixed text.
      await finish('failed', 'The import could not be completed');
      return;
    }
    // Resumed by the job runner from the last committed batch.
    throw e;
  }
}

/**
 * Why rows of a batch were not inserted (`skipped`: 1-based positions): a patient id, phone or contract id held by a
 * patient from before the batch or by an earlier row of it, or an e-mail with an account — in that order per row.
 */
async function explainSkipped(
  deps: { db: Db },
  t: string,
  b: EncodedBatch,
  skipped: number[],
): Promise<Array<{ line: number; text: string }>> {
  const rows = skipped.map((ord) => b.row(ord - 1));
  const pick = (f: 'patientCode' | 'phone' | 'contractId' | 'email') =>
    rows.map((r) => r.values[FIELD_INDEX[f]]).filter((v): v is string => !!v);
  const holders = {
    patientCode: await repo.valueHolders(deps.db, t, 'patient_code', pick('patientCode')),
    phone: await repo.valueHolders(deps.db, t, 'phone', pick('phone')),
    contractId: await repo.valueHolders(deps.db, t, 'contract_id', pick('contractId')),
  };
  const emails = await repo.usedEmails(deps.db, t, pick('email'));
  // Line of each row of this batch by id (the holder of a value may be a row inserted just now).
  const batchLine = new Map<string, number>();
  for (let i = 0; i < b.n; i++) batchLine.set(b.row(i).values[0]!, b.lines[i]!);
  const out: Array<{ line: number; text: string }> = [];
  const MESSAGES = [
    ['patientCode', 'patientCode: Patient id exists'],
    ['phone', 'phone: Phone number is used by another account'],
    ['contractId', 'contractId: Contract id exists'],
  ] as const;
  for (const r of rows) {
    const before = out.length;
    for (const [f, msg] of MESSAGES) {
      const v = r.values[FIELD_INDEX[f]];
      const holder = v ? holders[f].get(v) : undefined;
      if (holder === undefined) continue;
      const holderLine = batchLine.get(holder);
      if (holderLine === undefined || holderLine < r.line) out.push({ line: r.line, text: msg });
    }
    const email = r.values[FIELD_INDEX.email];
    if (email && emails.has(email.toLowerCase()))
      out.push({ line: r.line, text: 'email: This email already has an account. Please log in instead' });
    if (out.length === before) out.push({ line: r.line, text: 'patientCode: Patient id, phone or contract id exists' });
  }
  return out;
}
