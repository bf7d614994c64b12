import crypto from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import {
  REDEEM_CODE_ALPHABET,
  REDEEM_CODE_LENGTH,
  REDEEM_CODE_RE,
  formatRedeemCode,
  normalizeRedeemCode,
  type TCodeListQuery,
  type TCodePackage,
  type TCodePackageInput,
  type TCodePackageListQuery,
  type TCodePackageStats,
  type TCodeStatus,
  type TCodeStatusRequest,
  type TCodeStatusResult,
  type TRedeemCodeRow,
  type TRedeemResult,
} from '@carewatch/contracts/code-packages';
import { personName } from '@carewatch/contracts/names';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { audit } from '../../platform/audit.ts';
import { loadExcel } from '../../platform/lazy.ts';
import { enforceRateLimit, type RateRule } from '../../platform/rate-buckets.ts';
import { getPackage as getPlanPackage } from '../packages/packages.service.ts';
import { activatePlanTx, subscriptionOf } from '../subscriptions/subscriptions.service.ts';
import { recordCodeOrderTx } from '../payments/orders.service.ts';
import * as repo from './code-packages.repo.ts';

/** Guessing codes is pointless at 60 bits, and this keeps it so: 10 redemption attempts per user per 15 minutes. */
export const REDEEM_RATE: RateRule = { name: 'code-redeem', limit: 10, windowMs: 15 * 60_000 };

/** One redemption code: REDEEM_CODE_LENGTH characters drawn uniformly (crypto.randomInt) from the 32-letter alphabet. */
export function generateRedeemCode(): string {
  let s = '';
  for (let i = 0; i < REDEEM_CODE_LENGTH; i++) s += REDEEM_CODE_ALPHABET[crypto.randomInt(REDEEM_CODE_ALPHABET.length)];
  return s;
}

export const seriesPrefixOf = (n: number) => `CP${String(n).padStart(4, '0')}`;
export const seriesOf = (prefix: string, seq: number) => `${prefix}-${String(seq).padStart(6, '0')}`;

function toPackage(r: repo.PackageRow, language: string): TCodePackage {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    totalCodes: r.total_codes,
    availableFrom: r.available_from,
    expiresOn: r.expires_on,
    benefits: r.benefits,
    totalVouchers: r.total_vouchers,
    recipientOrganization: r.recipient_organization,
    upgradePackage: { id: r.upgrade_package_id, name: r.upgrade_package_name },
    upgradeMonths: r.upgrade_months,
    seriesPrefix: seriesPrefixOf(r.number),
    createdBy: {
      id: r.created_by,
      name: personName({ firstName: r.creator_first, lastName: r.creator_last }, language),
    },
    createdAt: r.created_at.toISOString(),
    counts: { total: r.c_total, notPaid: r.c_not_paid, paid: r.c_paid, used: r.c_used, locked: r.c_locked },
  };
}

function toCode(r: repo.CodeRow, prefix: string, language: string): TRedeemCodeRow {
  return {
    id: r.id,
    series: seriesOf(prefix, r.seq),
    seq: r.seq,
    code: formatRedeemCode(r.code),
    status: r.status,
    purchasedAt: r.purchased_at?.toISOString() ?? null,
    activatedAt: r.activated_at?.toISOString() ?? null,
    redeemedBy: r.redeemed_by
      ? { id: r.redeemed_by, name: personName({ firstName: r.redeemer_first, lastName: r.redeemer_last }, language) }
      : null,
  };
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/**
 * Creates a package and its codes in one transaction: the package gets the next per-tenant number (its series prefix),
 * its codes the sequence 1..totalCodes, each with a fresh random redemption code (a code colliding with one the tenant
 * already has is drawn again).
 */
export async function createCodePackage(ctx: AuthedCtx, input: TCodePackageInput): Promise<TCodePackage> {
  const t = ctx.auth.tenantId;
  const now = ctx.clock.now();
  const plan = await getPlanPackage(ctx.db, t, input.upgradePackageId).catch((e: unknown) => {
    throw e instanceof AppError && e.code === 'PACKAGE_NOT_FOUND'
      ? fieldError('PACKAGE_NOT_FOUND', 'upgradePackageId')
      : e;
  });
  if (plan.kind !== 'plan' || plan.is_default)
    throw new AppError(
      'VALIDATION_ERROR',
      { field: 'upgradePackageId', rule: 'plan' },
      'upgradePackageId: Choose a paid plan',
    );
  if (await repo.nameTaken(ctx.db, t, input.name)) throw fieldError('CODE_PACKAGE_NAME_EXISTS', 'name');
  const id = newId(now.getTime());
  for (let attempt = 0; ; attempt++) {
    try {
      await ctx.db.tx(async (tx) => {
        await repo.insertPackage(tx, t, {
          id,
          number: await repo.nextNumber(tx, t),
          name: input.name,
          type: input.type,
          totalCodes: input.totalCodes,
          availableFrom: input.availableFrom,
          expiresOn: input.expiresOn,
          benefits: input.benefits,
          totalVouchers: input.totalVouchers,
          recipientOrganization: input.recipientOrganization,
          upgradePackageId: input.upgradePackageId,
          upgradeMonths: input.upgradeMonths,
          createdBy: ctx.auth.userId,
          createdAt: now,
        });
        let missing = Array.from({ length: input.totalCodes }, (_, i) => i + 1);
        for (let round = 0; missing.length > 0; round++) {
          if (round > 5) throw new Error('could not draw unique codes');
          const written = new Set<number>();
          for (let i = 0; i < missing.length; i += 1000) {
            const batch = missing
              .slice(i, i + 1000)
              .map((seq) => ({ id: newId(now.getTime()), seq, code: generateRedeemCode() }));
            for (const s of await repo.insertCodes(tx, t, id, batch, now)) written.add(s);
          }
          missing = missing.filter((s) => !written.has(s));
        }
      });
      break;
    } catch (e) {
      // Two packages created at once: the same number (retry) or the same name.
      if (!isUniqueViolation(e) || attempt >= 3) throw e;
      if (await repo.nameTaken(ctx.db, t, input.name)) throw fieldError('CODE_PACKAGE_NAME_EXISTS', 'name');
    }
  }
  await audit(ctx, {
    action: 'code_package.create',
    resource: 'code_package',
    resourceId: id,
    details: { codes: input.totalCodes, type: input.type },
  });
  return getCodePackage(ctx, id);
}

async function packageRow(ctx: AuthedCtx, id: string): Promise<repo.PackageRow> {
  const r = await repo.getPackage(ctx.db, ctx.auth.tenantId, id);
  if (!r) throw new AppError('CODE_PACKAGE_NOT_FOUND');
  return r;
}

export async function getCodePackage(ctx: AuthedCtx, id: string): Promise<TCodePackage> {
  return toPackage(await packageRow(ctx, id), ctx.auth.language);
}

export async function listCodePackages(ctx: AuthedCtx, q: TCodePackageListQuery) {
  const { rows, total } = await repo.listPackages(ctx.db, ctx.auth.tenantId, q);
  return { items: rows.map((r) => toPackage(r, ctx.auth.language)), total, page: q.page, size: q.size };
}

export async function listCodes(ctx: AuthedCtx, id: string, q: TCodeListQuery) {
  const p = await packageRow(ctx, id);
  const prefix = seriesPrefixOf(p.number);
  const { rows, total } = await repo.listCodes(ctx.db, ctx.auth.tenantId, id, q, prefix);
  return { items: rows.map((r) => toCode(r, prefix, ctx.auth.language)), total, page: q.page, size: q.size };
}

/**
 * Marks codes paid / not paid or locks them (a selection or a series range). Used codes are never changed; a range
 * leaves locked codes locked (a lock is lifted only by choosing that code), so "mark 1–500 paid" cannot unlock one.
 */
export async function setCodeStatus(ctx: AuthedCtx, id: string, req: TCodeStatusRequest): Promise<TCodeStatusResult> {
  await packageRow(ctx, id);
  const r = await repo.setStatus(ctx.db, ctx.auth.tenantId, id, req, ctx.clock.now(), { keepLocked: !req.codeIds });
  await audit(ctx, {
    action: 'code_package.codes_status',
    resource: 'code_package',
    resourceId: id,
    details: { status: req.status, updated: r.updated, range: req.codeIds ? null : `${req.seqFrom}-${req.seqTo}` },
  });
  return { updated: r.updated, skipped: r.matched - r.updated };
}

export async function codePackageStats(ctx: AuthedCtx, id: string): Promise<TCodePackageStats> {
  const p = toPackage(await packageRow(ctx, id), ctx.auth.language);
  const tz = await repo.userTimeZone(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  return {
    packageId: id,
    counts: p.counts,
    byActivationMonth: await repo.activationMonths(ctx.db, ctx.auth.tenantId, id, tz),
  };
}

const EXPORT_TEXT = {
  en: {
    headers: ['Series', 'Code', 'Status', 'Purchase date', 'Activation date', 'Redeemed by'],
    status: { not_paid: 'Not paid', paid: 'Paid', used: 'Used', locked: 'Locked' } as Record<TCodeStatus, string>,
  },
  vi: {
    headers: ['Số sê-ri', 'Mã', 'Trạng thái', 'Ngày mua', 'Ngày kích hoạt', 'Người sử dụng'],
    status: { not_paid: 'Chưa thanh toán', paid: 'Đã thanh toán', used: 'Đã sử dụng', locked: 'Đã khóa' } as Record<
      TCodeStatus,
      string
    >,
  },
};

/** dd/MM/yyyy HH:mm:ss in a time zone (the spec's formats). */
function dateTimeIn(d: Date | null, timeZone: string): string {
  if (!d) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The package's codes as .xlsx (exceljs streaming writer, keyset chunks: bounded memory). Audited. */
export async function exportCodes(ctx: AuthedCtx, id: string): Promise<{ stream: Readable; name: string }> {
  const t = ctx.auth.tenantId;
  const p = await packageRow(ctx, id);
  const prefix = seriesPrefixOf(p.number);
  const tz = await repo.userTimeZone(ctx.db, t, ctx.auth.userId);
  const text = ctx.auth.language.startsWith('vi') ? EXPORT_TEXT.vi : EXPORT_TEXT.en;
  await audit(ctx, {
    action: 'code_package.export',
    resource: 'code_package',
    resourceId: id,
    details: { codes: p.c_total },
  });
  const out = new PassThrough();
  const wb = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet('Codes');
  void (async () => {
    ws.addRow(text.headers).commit();
    for await (const chunk of repo.exportCodes(ctx.db, t, id)) {
      for (const r of chunk) {
        ws.addRow([
          seriesOf(prefix, r.seq),
          formatRedeemCode(r.code),
          text.status[r.status],
          dateTimeIn(r.purchased_at, tz),
          dateTimeIn(r.activated_at, tz),
          r.redeemed_by
            ? personName({ firstName: r.redeemer_first, lastName: r.redeemer_last }, ctx.auth.language)
            : '',
        ]).commit();
      }
    }
    ws.commit();
    await wb.commit();
  })().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error('export failed')));
  return { stream: out, name: `code-package-${prefix}.xlsx` };
}

/**
 * The app user redeems a code: once only, within its package's days (in the user's time zone), not locked. In one
 * transaction the code flips to used with a conditional update (of two concurrent redemptions one wins, the other
 * answers CODE_USED) and the package's plan becomes the user's for its months. Every attempt counts against REDEEM_RATE.
 * The same transaction records a zero-total order of channel CODE (so the redemption shows in the transactions), kept on
 * the code; its order code is the plan's receipt id.
 */
export async function redeemCode(ctx: AuthedCtx, typed: string): Promise<TRedeemResult> {
  const t = ctx.auth.tenantId;
  const userId = ctx.auth.userId;
  await enforceRateLimit(ctx, REDEEM_RATE, userId);
  const code = normalizeRedeemCode(typed);
  if (!REDEEM_CODE_RE.test(code)) throw fieldError('CODE_UNKNOWN', 'code');
  const now = ctx.clock.now();
  const result = await ctx.db.tx(async (tx) => {
    const row = await repo.findForRedeem(tx, t, code, userId, now);
    if (!row) throw fieldError('CODE_UNKNOWN', 'code');
    if (row.status === 'used') throw fieldError('CODE_USED', 'code');
    if (row.status === 'locked') throw fieldError('CODE_LOCKED', 'code');
    // A code works once its organization paid for it (staff mark codes paid in the portal).
    if (row.status === 'not_paid') throw fieldError('CODE_NOT_PAID', 'code');
    if (row.today < row.available_from) throw fieldError('CODE_NOT_YET_AVAILABLE', 'code');
    if (row.today > row.expires_on) throw fieldError('CODE_EXPIRED', 'code');
    if (!(await repo.claimCode(tx, t, row.id, userId, now))) throw fieldError('CODE_USED', 'code');
    const order = await recordCodeOrderTx(
      tx,
      t,
      { userId, packageId: row.upgrade_package_id, months: row.upgrade_months, currency: row.upgrade_currency },
      now,
    );
    await repo.setOrderOfCode(tx, t, row.id, order.id);
    await activatePlanTx(
      tx,
      t,
      userId,
      { packageId: row.upgrade_package_id, months: row.upgrade_months, source: 'code', sourceId: order.code },
      now,
    );
    await audit(
      { ...ctx, db: tx },
      {
        action: 'code_package.redeem',
        resource: 'code_package_code',
        resourceId: row.id,
        details: { packageId: row.package_id },
      },
    );
    return row;
  });
  const sub = await subscriptionOf(ctx.db, t, userId, now);
  return {
    plan: { id: result.upgrade_package_id, name: result.upgrade_package_name },
    months: result.upgrade_months,
    endsAt: sub.package.id === result.upgrade_package_id ? sub.endsAt : null,
    activatedAt: now.toISOString(),
  };
}
