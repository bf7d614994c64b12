import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { isValidPhone, type PhoneRuleName } from '@carewatch/contracts/rules';
import {
  IMPORT_HEADER, IMPORT_MAX_BYTES, ZPatientFields, checkPatientIdentifiers, type TCurrentImport, type TPatientImport,
} from '@carewatch/contracts/patients';
import type { AuthedCtx, Deps } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId, randomToken } from '../../platform/ids.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import { phoneRuleOf } from '../tenants/tenants.service.ts';
import * as repo from './patients.repo.ts';

export const IMPORT_JOB_KIND = 'patients.import';
const BATCH = 1000;

const toImport = (r: repo.ImportRow): TPatientImport => ({
  id: r.id, fileName: r.file_name, status: r.status, totalRows: r.total_rows, processedRows: r.processed_rows, importedRows: r.imported_rows,
  errorRows: r.error_rows, hasErrorFile: !!r.error_file_path, failure: r.failure, createdAt: new Date(r.created_at).toISOString(),
  finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

// ---------------------------------------------------------------- template

/** The import template: one sheet with the header row only (no sample rows). */
export async function importTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Patients');
  ws.addRow([...IMPORT_HEADER]);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => { c.width = 22; });
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
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('').trim();
    if ('text' in v && typeof v.text === 'string') return v.text.trim();
    if ('result' in v) return cellText(v.result as CellValue, isDate);
    if ('error' in v) return '';
  }
  return '';
}

function rowValues(row: ExcelJS.Row): string[] {
  const values = Array.isArray(row.values) ? row.values : [];
  return IMPORT_HEADER.map((_h, i) => cellText(values[i + 1] as CellValue, i === 3 || i === 12));
}

// ---------------------------------------------------------------- start (request)

/** Opens the first worksheet with the streaming reader; yields its rows; the file is closed when the caller stops. */
async function* sheetRows(file: string): AsyncGenerator<ExcelJS.Row> {
  const input: Readable = fs.createReadStream(file);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
    for await (const sheet of reader) {
      for await (const row of sheet) yield row;
      return; // first worksheet only
    }
  } finally {
    input.destroy();
  }
}

const isBlank = (vals: string[]) => vals.every((v) => v === '');

/** Checks the header (unmodified template) and that at least one data row exists, reading only the start of the file. */
export async function checkImportFile(file: string): Promise<void> {
  const fd = await fsp.open(file, 'r');
  const magic = Buffer.alloc(4);
  try {
    await fd.read(magic, 0, 4, 0);
  } finally {
    await fd.close();
  }
  if (!magic.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) throw new AppError('INVALID_FILE_TYPE', { field: 'file', rule: 'file_type' });
  let header: string[] | null = null;
  let hasData = false;
  try {
    for await (const row of sheetRows(file)) {
      if (!header) {
        if (row.number !== 1) break;
        const values = Array.isArray(row.values) ? row.values : [];
        header = values.slice(1).map((v) => cellText(v as CellValue));
        while (header.length && header[header.length - 1] === '') header.pop();
        continue;
      }
      if (!isBlank(rowValues(row))) { hasData = true; break; }
    }
  } catch {
    throw new AppError('INVALID_FILE_TYPE', { field: 'file', rule: 'file_type' });
  }
  if (!header || header.length !== IMPORT_HEADER.length || header.some((h, i) => h !== IMPORT_HEADER[i])) {
    throw new AppError('FILE_INVALID_TEMPLATE', { field: 'file', rule: 'template' });
  }
  if (!hasData) throw new AppError('FILE_EMPTY', { field: 'file', rule: 'empty' });
}

type Upload = { filename: string; file: Readable & { truncated?: boolean } };

/**
 * Starts a bulk import: streams the upload to DATA_DIR (never buffered), checks type, header and emptiness, records
 * the import (one queued/running per tenant) and schedules the background job.
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
  const rel = path.join('files', 'patient-imports', t, `${randomToken(18)}.xlsx`);
  const abs = path.join(ctx.config.dataDir, rel);
  await fsp.mkdir(path.dirname(abs), { recursive: true });
  try {
    await pipeline(upload.file, fs.createWriteStream(abs));
    if (upload.file.truncated || (await fsp.stat(abs)).size > IMPORT_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
    await checkImportFile(abs);
  } catch (e) {
    await fsp.rm(abs, { force: true });
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
    throw e;
  }
  const id = newId();
  try {
    await ctx.db.tx(async (db) => {
      await repo.insertImport(db, t, { id, createdBy: ctx.auth.userId, fileName: upload.filename.slice(0, 255), filePath: rel, now: ctx.clock.now() });
      await scheduleJob({ db }, { kind: IMPORT_JOB_KIND, runAt: ctx.clock.now(), tenantId: t, payload: { importId: id, centerId: ctx.auth.centerId } });
    });
  } catch (e) {
    await fsp.rm(abs, { force: true });
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
export async function importErrors(ctx: AuthedCtx, id: string): Promise<{ stream: Readable; name: string }> {
  const r = await repo.findImport(ctx.db, ctx.auth.tenantId, id);
  if (!r) throw new AppError('IMPORT_NOT_FOUND');
  const abs = r.error_file_path ? path.resolve(ctx.config.dataDir, r.error_file_path) : null;
  if (!abs || !abs.startsWith(path.resolve(ctx.config.dataDir) + path.sep) || !fs.existsSync(abs)) throw new AppError('NOT_FOUND');
  await audit(ctx, { action: 'patient.import.errors', resource: 'patient_import', resourceId: id });
  return { stream: fs.createReadStream(abs), name: `import-errors-${id}.txt` };
}

// ---------------------------------------------------------------- the job

type Candidate = { line: number; data: repo.BulkPatient };
const FIELD_KEYS = ['patientCode', 'firstName', 'lastName', 'birthday', 'gender', 'heightCm', 'weightKg', 'bloodType', 'phone', 'email', 'address', 'contractId', 'packageExpiry'] as const;

/** Validates one spreadsheet row with the form's rules (everything but uniqueness); returns the errors or the data. */
export function validateImportRow(vals: string[], phoneRule: PhoneRuleName, centerId: string | null): { errors: string[] } | { data: repo.BulkPatient } {
  const raw: Record<string, unknown> = { centerId: null, relatives: [] };
  FIELD_KEYS.forEach((k, i) => { raw[k] = vals[i] ?? ''; });
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
      id: newId(), status: 'unassigned', patientCode: p.patientCode, firstName: p.firstName, lastName: p.lastName, birthday: p.birthday, gender: p.gender,
      heightCm: p.heightCm, weightKg: p.weightKg, bloodType: p.bloodType, phone: p.phone, email: p.email, address: p.address, centerId,
      packageExpiry: p.packageExpiry, contractId: p.contractId,
    },
  };
}

/**
 * Runs one import: streams the rows, validates each like the form, checks uniqueness against the database and the
 * rows before it, inserts good rows in batches, writes bad ones to the error file, records progress per batch.
 */
export async function runPatientImport(deps: Pick<Deps, 'db' | 'clock' | 'config'>, importId: string, centerId: string | null = null): Promise<void> {
  const imp = await repo.findImportById(deps.db, importId);
  if (!imp || imp.status === 'done' || imp.status === 'failed') return;
  const t = imp.tenant_id;
  await repo.startImport(deps.db, importId);
  const phoneRule = await phoneRuleOf(deps.db, t);
  const errRel = path.join('files', 'patient-imports', t, `${importId}-errors.txt`);
  const errAbs = path.join(deps.config.dataDir, errRel);
  await fsp.mkdir(path.dirname(errAbs), { recursive: true });
  const out = fs.createWriteStream(errAbs);
  const writeLine = (s: string) => new Promise<void>((resolve) => { if (out.write(`${s}\n`)) resolve(); else out.once('drain', () => resolve()); });
  let processed = 0;
  let imported = 0;
  let errorRows = 0;
  let batch: Candidate[] = [];
  // Error lines of the current window, written sorted by line at each flush (the file reads top to bottom).
  let pending: Array<{ line: number; text: string }> = [];
  const bad = (line: number, msg: string) => { pending.push({ line, text: msg }); return Promise.resolve(); };
  const failedLines = new Set<number>();

  const flush = async () => {
    const good = await uniqueInBatch(deps, t, batch, bad);
    imported += await insertBatch(deps, t, good, imp.created_by, bad);
    for (const p of pending) failedLines.add(p.line);
    errorRows += failedLines.size;
    pending.sort((a, b) => a.line - b.line);
    for (const p of pending) await writeLine(`Line ${p.line}: ${p.text}`);
    pending = [];
    failedLines.clear();
    batch = [];
    await repo.importProgress(deps.db, importId, { processed, imported, errors: errorRows });
  };

  try {
    for await (const row of sheetRows(path.resolve(deps.config.dataDir, imp.file_path))) {
      if (row.number === 1) continue;
      const vals = rowValues(row);
      if (isBlank(vals)) continue;
      processed++;
      const res = validateImportRow(vals, phoneRule, centerId);
      if ('errors' in res) for (const e of res.errors) await bad(row.number, e);
      else batch.push({ line: row.number, data: res.data });
      if (processed % BATCH === 0) await flush();
    }
    await flush();
    await new Promise<void>((resolve) => out.end(() => resolve()));
    if (errorRows === 0) await fsp.rm(errAbs, { force: true });
    await repo.importProgress(deps.db, importId, { processed, imported, errors: errorRows });
    await repo.finishImport(deps.db, importId, { status: 'done', total: processed, errorFilePath: errorRows ? errRel : null, failure: null, now: deps.clock.now() });
  } catch (e) {
    await new Promise<void>((resolve) => out.end(() => resolve()));
    await repo.finishImport(deps.db, importId, {
      status: 'failed', total: processed, errorFilePath: errorRows ? errRel : null, failure: (e as Error).message.slice(0, 500) || 'Import failed', now: deps.clock.now(),
    });
  }
  await fsp.rm(path.resolve(deps.config.dataDir, imp.file_path), { force: true }).catch(() => undefined);
}

/** Drops rows whose patient id, phone or contract id is taken (in the database or earlier in the batch), or whose e-mail has an account. */
async function uniqueInBatch(deps: Pick<Deps, 'db'>, t: string, batch: Candidate[], bad: (line: number, msg: string) => Promise<void>): Promise<Candidate[]> {
  const vals = (k: 'patientCode' | 'phone' | 'contractId') => batch.map((c) => c.data[k]).filter((v): v is string => !!v);
  const codes = await repo.takenValues(deps.db, t, 'patient_code', vals('patientCode'));
  const phones = await repo.takenValues(deps.db, t, 'phone', vals('phone'));
  const contracts = await repo.takenValues(deps.db, t, 'contract_id', vals('contractId'));
  const emails = await repo.usedEmails(deps.db, t, batch.map((c) => c.data.email).filter((v): v is string => !!v));
  const good: Candidate[] = [];
  for (const c of batch) {
    const d = c.data;
    const problems: string[] = [];
    if (d.patientCode && codes.has(d.patientCode)) problems.push('patientCode: Patient id exists');
    if (d.phone && phones.has(d.phone)) problems.push('phone: Phone number is used by another account');
    if (d.contractId && contracts.has(d.contractId)) problems.push('contractId: Contract id exists');
    if (d.email && emails.has(d.email.toLowerCase())) problems.push('email: This email already has an account. Please log in instead');
    if (problems.length) {
      for (const p of problems) await bad(c.line, p);
      continue;
    }
    if (d.patientCode) codes.add(d.patientCode);
    if (d.phone) phones.add(d.phone);
    if (d.contractId) contracts.add(d.contractId);
    good.push(c);
  }
  return good;
}

/** One multi-row insert; if a concurrent write makes it collide, row by row so only the colliding rows fail. */
async function insertBatch(deps: Pick<Deps, 'db' | 'clock'>, t: string, good: Candidate[], createdBy: string | null, bad: (line: number, msg: string) => Promise<void>): Promise<number> {
  if (!good.length) return 0;
  const now = deps.clock.now();
  try {
    await repo.insertPatientsBulk(deps.db, t, good.map((c) => c.data), createdBy, now);
    return good.length;
  } catch (e) {
    if ((e as { code?: string }).code !== '23505') throw e;
  }
  let n = 0;
  for (const c of good) {
    try {
      await repo.insertPatientsBulk(deps.db, t, [c.data], createdBy, now);
      n++;
    } catch (e) {
      if ((e as { code?: string }).code !== '23505') throw e;
      await bad(c.line, 'patientCode: Patient id, phone or contract id exists');
    }
  }
  return n;
}
