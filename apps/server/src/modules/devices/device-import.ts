import { Readable } from 'node:stream';
import { loadExcel } from '../../platform/lazy.ts';
import { DEVICE_IMPORT_HEADER, DEVICE_IMPORT_MAX_BYTES, type TDeviceImportResult } from '@carewatch/contracts/devices';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { audit } from '../../platform/audit.ts';
import { patientVisibility } from '../patients/patient-access.ts';
import * as repo from './devices.repo.ts';
import { checkDevice, type CheckedDevice } from './devices.service.ts';

const CHUNK = 500;
const MAX_ERRORS = 10_000;

/** The import template: one sheet with the header row. */
export async function deviceTemplate(): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet('Devices');
  ws.addRow([...DEVICE_IMPORT_HEADER]);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => {
    c.width = 22;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A cell's text: numbers (IMEIs typed as numbers), hyperlinks (e-mails), rich text and formulas alike. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : String(v);
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as { text?: unknown; richText?: { text: string }[]; result?: unknown; hyperlink?: string };
    if (Array.isArray(o.richText))
      return o.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
  }
  return '';
}

/** Checks the upload is an .xlsx (by name and by the zip signature) within the size limit. */
export function checkXlsx(data: Buffer, filename: string) {
  if (!/\.xlsx$/i.test(filename)) throw new AppError('INVALID_FILE_TYPE', { field: 'file', rule: 'xlsx' });
  if (data.length > DEVICE_IMPORT_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
  if (data.length === 0) throw new AppError('FILE_EMPTY', { field: 'file', rule: 'empty' });
  if (data.length < 4 || data[0] !== 0x50 || data[1] !== 0x4b || data[2] !== 0x03 || data[3] !== 0x04) {
    throw new AppError('INVALID_FILE_TYPE', { field: 'file', rule: 'xlsx' });
  }
}

/** A database failure while storing a chunk: passed through, unlike a file the reader cannot parse. */
class StoreFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('store failed');
  }
}

type Pending = { line: number; device: CheckedDevice };
type LineError = TDeviceImportResult['errors'][number];

/**
 * Imports devices from an .xlsx read with the exceljs streaming reader: the first sheet's first row must be the
 * template header; every row is checked by the form's rules, duplicates within the file and the tenant are refused;
 * good rows are inserted in chunks, bad rows listed with line and field.
 */
export async function importDevices(ctx: AuthedCtx, data: Buffer, filename: string): Promise<TDeviceImportResult> {
  checkXlsx(data, filename);
  const tenantId = ctx.auth.tenantId;
  const v = patientVisibility(ctx.auth);
  const errors: LineError[] = [];
  const seen = { macs: new Set<string>(), imeis: new Set<string>(), serials: new Set<string>() };
  let imported = 0;
  let rows = 0;
  let pending: Pending[] = [];
  const err = (e: LineError) => {
    if (errors.length < MAX_ERRORS) errors.push(e);
  };

  const flush = async () => {
    const batch = pending;
    pending = [];
    if (!batch.length) return;
    const taken = await repo.existingIdentifiers(
      ctx.db,
      tenantId,
      batch.flatMap((p) => (p.device.mac ? [p.device.mac] : [])),
      batch.flatMap((p) => (p.device.imei ? [p.device.imei] : [])),
      batch.map((p) => p.device.serial),
    );
    const fresh: Pending[] = [];
    for (const p of batch) {
      const field =
        p.device.mac && taken.macs.has(p.device.mac)
          ? 'mac'
          : p.device.imei && taken.imeis.has(p.device.imei)
            ? 'imei'
            : taken.serials.has(p.device.serial)
              ? 'serial'
              : null;
      if (field) err({ line: p.line, field, message: 'Device exists' });
      else fresh.push(p);
    }
    const accounts = await repo.resolveAccounts(ctx.db, tenantId, v, [
      ...new Set(fresh.map((p) => p.device.account.toLowerCase())),
    ]);
    const devices = fresh.map((p) => {
      const m = accounts.get(p.device.account.toLowerCase());
      const { category: _category, ...d } = p.device;
      return {
        line: p.line,
        row: { id: newId(), ...d, userId: m?.user_id ?? null, patientId: m?.patient_visible ? m.patient_id : null },
      };
    });
    const inserted = await repo.insertMany(
      ctx.db,
      tenantId,
      devices.map((d) => d.row),
      ctx.clock.now(),
    );
    for (const d of devices) {
      if (inserted.has(d.row.id)) imported += 1;
      else err({ line: d.line, field: 'serial', message: 'Device exists' });
    }
  };

  const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(Readable.from(data), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  let headerSeen = false;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as unknown[]).slice(1);
        const cells = DEVICE_IMPORT_HEADER.map((_, i) => cellText(values[i]));
        if (!headerSeen) {
          const extra = values.slice(DEVICE_IMPORT_HEADER.length).some((x) => cellText(x) !== '');
          if (extra || cells.some((c, i) => c.toLowerCase() !== DEVICE_IMPORT_HEADER[i]!.toLowerCase())) {
            throw new AppError('FILE_INVALID_TEMPLATE', { field: 'file', rule: 'header' });
          }
          headerSeen = true;
          continue;
        }
        if (cells.every((c) => c === '')) continue;
        rows += 1;
        const [account = '', mac = '', imei = '', model = '', serial = '', name = ''] = cells;
        const line = row.number;
        const missing = [
          ['account', account],
          ['model', model],
          ['serial', serial],
        ].find(([, val]) => !val);
        if (missing) {
          err({ line, field: missing[0]!, message: 'Required' });
          continue;
        }
        if (account.length > 254) {
          err({ line, field: 'account', message: 'Max length is 254' });
          continue;
        }
        if (serial.length > 64) {
          err({ line, field: 'serial', message: 'Max length is 64' });
          continue;
        }
        if (name.length > 64) {
          err({ line, field: 'name', message: 'Max length is 64' });
          continue;
        }
        const checked = checkDevice({
          model,
          account,
          mac: mac || null,
          imei: imei || null,
          serial,
          name: name || null,
        });
        if (!checked.ok) {
          err({ line, field: checked.field, message: checked.message });
          continue;
        }
        const d = checked.device;
        const dup =
          d.mac && seen.macs.has(d.mac)
            ? 'mac'
            : d.imei && seen.imeis.has(d.imei)
              ? 'imei'
              : seen.serials.has(d.serial)
                ? 'serial'
                : null;
        if (dup) {
          err({ line, field: dup, message: 'Duplicated in the file' });
          continue;
        }
        if (d.mac) seen.macs.add(d.mac);
        if (d.imei) seen.imeis.add(d.imei);
        seen.serials.add(d.serial);
        pending.push({ line, device: d });
        if (pending.length >= CHUNK)
          await flush().catch((e: unknown) => {
            throw new StoreFailure(e);
          });
      }
      break; // only the first sheet
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (e instanceof StoreFailure) throw e.cause;
    throw new AppError('FILE_INVALID_TEMPLATE', { field: 'file', rule: 'unreadable' });
  }
  if (!headerSeen) throw new AppError('FILE_EMPTY', { field: 'file', rule: 'empty' });
  if (rows === 0) throw new AppError('FILE_EMPTY', { field: 'file', rule: 'no_rows' });
  await flush();
  errors.sort((a, b) => a.line - b.line);
  await audit(ctx, { action: 'device.import', resource: 'device', details: { imported, errors: errors.length } });
  return { imported, errors };
}
