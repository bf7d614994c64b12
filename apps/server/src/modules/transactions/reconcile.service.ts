import { Readable } from 'node:stream';
import { localDayRange } from '@carewatch/clinical/medication';
import {
  RECONCILIATION_MAX_LINES,
  ZReconciliationUploadFields,
  type TReconciliation,
} from '@carewatch/contracts/transactions';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { loadExcel } from '../../platform/lazy.ts';
import { newId } from '../../platform/ids.ts';
import { countGroups, matchSettlement } from './reconcile-match.ts';
import { isZip, looksLikeText, parseCsv, readSettlementRows, type ReadOutcome } from './settlement-file.ts';
import * as repo from './transactions.repo.ts';
import { getReconciliation, readerZone } from './transactions.service.ts';

export type SettlementUpload = { fields: Record<string, string>; file: { filename: string; data: Buffer } | null };

/** A spreadsheet cell as text (numbers as written, dates as YYYY-MM-DD, rich text and formula results flattened). */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'object') {
    const o = v as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
  }
  return '';
}

async function xlsxRows(data: Buffer): Promise<Array<{ line: number; cells: string[] }>> {
  const out: Array<{ line: number; cells: string[] }> = [];
  const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(Readable.from(data), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      out.push({ line: row.number, cells: (row.values as unknown[]).slice(1).map(cellText) });
      if (out.length > RECONCILIATION_MAX_LINES + 2) break;
    }
    break; // first worksheet only
  }
  return out;
}

/** Reads the upload by its content (a zip container → .xlsx; UTF-8 text → CSV; anything else refused). */
async function readFile(
  upload: { filename: string; data: Buffer },
  currency: Parameters<typeof readSettlementRows>[1],
): Promise<ReadOutcome> {
  let rows: Array<{ line: number; cells: string[] }>;
  if (isZip(upload.data)) {
    try {
      rows = await xlsxRows(upload.data);
    } catch {
      throw new AppError('INVALID_FILE_TYPE', { field: 'file', rule: 'file_type' });
    }
  } else if (looksLikeText(upload.data)) {
    rows = parseCsv(upload.data.toString('utf8')).map((cells, i) => ({ line: i + 1, cells }));
  } else {
    throw new AppError('INVALID_FILE_TYPE', { field: 'file', rule: 'file_type' });
  }
  return readSettlementRows(rows, currency, RECONCILIATION_MAX_LINES);
}

/**
 * Reconciles a provider's settlement file (CSV or .xlsx, checked by content) against our orders: every line is
 * matched, missing on our side or an amount mismatch; our successful orders of that provider paid in the file's date
 * range (its first to last day, in the uploader's time zone) that the file lacks are missing on theirs. Bad files
 * answer 400 naming the problem (bad lines listed with their reasons); nothing is stored then.
 */
export async function reconcile(ctx: AuthedCtx, body: SettlementUpload): Promise<TReconciliation> {
  const t = ctx.auth.tenantId;
  const parsed = ZReconciliationUploadFields.safeParse(body.fields);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const upload = body.file;
  if (!upload) throw new AppError('VALIDATION_ERROR', { field: 'file', rule: 'required' }, 'file: Required');
  if (!upload.data.length) throw new AppError('FILE_EMPTY', { field: 'file', rule: 'empty' });
  const { provider, currency } = parsed.data;
  const read = await readFile(upload, currency);
  if (!read.ok) {
    if (read.reason === 'empty') throw new AppError('FILE_EMPTY', { field: 'file', rule: 'empty' });
    if (read.reason === 'header')
      throw new AppError(
        'FILE_INVALID_TEMPLATE',
        { field: 'file', rule: 'header', missing: read.missing },
        `The header lacks: ${read.missing.join(', ')}`,
      );
    if (read.reason === 'too_many')
      throw new AppError(
        'SETTLEMENT_FILE_INVALID',
        { field: 'file', rule: 'max_lines', max: RECONCILIATION_MAX_LINES },
        `At most ${RECONCILIATION_MAX_LINES} lines`,
      );
    throw new AppError(
      'SETTLEMENT_FILE_INVALID',
      { field: 'file', rule: 'lines', lines: read.bad },
      `File invalid: ${read.bad
        .map((b) => `line ${b.line}: ${b.reason}`)
        .slice(0, 5)
        .join('; ')}${read.bad.length > 5 ? '; …' : ''}`,
    );
  }
  const tz = await readerZone(ctx);
  const days = read.lines.map((l) => l.date).sort();
  const periodFrom = days[0]!;
  const periodTo = days[days.length - 1]!;
  // A line naming an order paid through another provider is not this provider's payment: missing on our side.
  const byCode = await repo.ordersByCodes(
    ctx.db,
    t,
    provider,
    read.lines.map((l) => l.orderCode),
    tz,
  );
  const inPeriod = await repo.successfulOrdersIn(
    ctx.db,
    t,
    provider,
    localDayRange(periodFrom, tz).fromUtc,
    localDayRange(periodTo, tz).toUtc,
    tz,
  );
  const now = ctx.clock.now();
  const items = matchSettlement(read.lines, byCode, inPeriod).map((it) => ({ ...it, id: newId(now.getTime()) }));
  const id = newId(now.getTime());
  const fileName = (upload.filename || 'settlement').replace(/[^\p{L}\p{N} ._-]/gu, '_').slice(0, 120);
  await ctx.db.tx(async (tx) => {
    await repo.insertReconciliation(
      tx,
      t,
      {
        id,
        provider,
        currency,
        fileName,
        periodFrom,
        periodTo,
        lines: read.lines.length,
        createdBy: ctx.auth.userId,
        now,
      },
      items,
    );
  });
  const c = countGroups(items);
  await audit(ctx, {
    action: 'reconciliation.create',
    resource: 'reconciliation',
    resourceId: id,
    details: {
      provider,
      lines: read.lines.length,
      matched: c.matched,
      missingOurs: c.missing_ours,
      missingTheirs: c.missing_theirs,
      amountMismatch: c.amount_mismatch,
    },
  });
  return getReconciliation(ctx, id);
}
