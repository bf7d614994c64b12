import { personName } from '@carewatch/contracts/names';
import { localDayRange } from '@carewatch/clinical/medication';
import type { TCurrency, TPaymentProvider, TTxStatus } from '@carewatch/contracts/billing';
import type {
  TReconciliation,
  TReconciliationGroup,
  TReconciliationItem,
  TReconciliationItemPage,
  TReconciliationItemsQuery,
  TReconciliationListQuery,
  TReconciliationPage,
  TResolveRequest,
  TTransaction,
  TTransactionListQuery,
  TTransactionPage,
  TTransactionRow,
} from '@carewatch/contracts/transactions';
import { RECONCILIATION_GROUPS } from '@carewatch/contracts/transactions';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import * as repo from './transactions.repo.ts';

type TChannel = TTransactionRow['channel'];
const DEFAULT_ZONE = 'Asia/Ho_Chi_Minh';

/** The reader's profile time zone: day filters are their days, export times their clock. */
export async function readerZone(ctx: AuthedCtx): Promise<string> {
  const tz = await repo.readerTimeZone(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  try {
    if (tz) {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return tz;
    }
  } catch {
    /* unknown zone: the default */
  }
  return DEFAULT_ZONE;
}

/** [from, to] days (inclusive) of the reader → the instants [fromUtc, toUtc). */
export function dayRange(
  from: string | undefined,
  to: string | undefined,
  tz: string,
): { fromUtc: Date | null; toUtc: Date | null } {
  return { fromUtc: from ? localDayRange(from, tz).fromUtc : null, toUtc: to ? localDayRange(to, tz).toUtc : null };
}

type Filters = Pick<TTransactionListQuery, 'status' | 'provider' | 'search' | 'from' | 'to'> & {
  channel?: TChannel | undefined;
};
export function filterOf(q: Filters, tz: string): repo.TransactionFilter {
  return {
    status: q.status === -1 ? null : q.status,
    provider: q.provider ?? null,
    channel: q.channel ?? null,
    search: q.search || null,
    ...dayRange(q.from, q.to, tz),
  };
}

export const customerName = (r: repo.TransactionDbRow, lang: string) =>
  personName({ firstName: r.first_name, middleName: r.middle_name, lastName: r.last_name }, lang);

export function toRow(r: repo.TransactionDbRow, lang: string): TTransactionRow {
  return {
    id: r.id,
    code: r.code,
    customerId: r.user_id,
    customerName: customerName(r, lang),
    phone: r.phone,
    packageName: r.package_name,
    provider: r.provider as TPaymentProvider | null,
    channel: r.channel as TChannel,
    itemType: r.item_type as TTransactionRow['itemType'],
    category: r.package_kind === 'addon' ? 'addon' : 'plan',
    amountMinor: Number(r.amount_minor),
    taxMinor: Number(r.tax_minor),
    totalMinor: Number(r.total_minor),
    currency: r.currency as TCurrency,
    status: r.status as TTxStatus,
    createdAt: r.created_at.toISOString(),
    paidAt: r.paid_at ? r.paid_at.toISOString() : null,
  };
}

export async function listTransactions(ctx: AuthedCtx, q: TTransactionListQuery): Promise<TTransactionPage> {
  const tz = await readerZone(ctx);
  const { rows, total } = await repo.listTransactions(
    ctx.db,
    ctx.auth.tenantId,
    filterOf(q, tz),
    q.sort,
    q.page,
    q.size,
  );
  return { items: rows.map((r) => toRow(r, ctx.auth.language)), total, page: q.page, size: q.size };
}

export async function getTransaction(ctx: AuthedCtx, id: string): Promise<TTransaction> {
  const r = await repo.findTransaction(ctx.db, ctx.auth.tenantId, id);
  if (!r) throw new AppError('TRANSACTION_NOT_FOUND');
  return {
    ...toRow(r, ctx.auth.language),
    email: r.email,
    referenceId: r.provider_ref,
    merchant: r.merchant,
    responseCode: r.response_code,
    responseMessage: r.response_message,
    items: [
      {
        type: r.item_type as TTransactionRow['itemType'],
        name: r.package_name,
        months: r.months,
        quantity: r.quantity,
        amountMinor: Number(r.amount_minor),
      },
    ],
    updatedAt: r.updated_at.toISOString(),
  };
}

// ---------------------------------------------------------------- reconciliations (reads and resolve)

const actorName = (first: string | null, middle: string | null, last: string | null, lang: string) =>
  first === null && last === null ? null : personName({ firstName: first, middleName: middle, lastName: last }, lang);

function toReconciliation(r: repo.ReconciliationDbRow, counts: repo.GroupCountRow[], lang: string): TReconciliation {
  const c = Object.fromEntries(
    RECONCILIATION_GROUPS.map((g) => {
      const row = counts.find((x) => x.reconciliation_id === r.id && x.grp === g);
      return [g, { total: row?.total ?? 0, unresolved: row?.unresolved ?? 0 }];
    }),
  ) as TReconciliation['counts'];
  return {
    id: r.id,
    provider: r.provider as TPaymentProvider,
    currency: r.currency as TCurrency,
    fileName: r.file_name,
    periodFrom: r.period_from,
    periodTo: r.period_to,
    lines: r.lines,
    counts: c,
    createdBy: actorName(r.creator_first, r.creator_middle, r.creator_last, lang),
    createdAt: r.created_at.toISOString(),
  };
}

const num = (v: string | number | null) => (v === null ? null : Number(v));
function toItem(r: repo.ItemDbRow, lang: string): TReconciliationItem {
  return {
    id: r.id,
    group: r.grp as TReconciliationGroup,
    line: r.line,
    orderCode: r.order_code,
    transactionId: r.order_id,
    ourStatus: r.our_status as TTxStatus | null,
    fileAmountMinor: num(r.file_amount_minor),
    ourAmountMinor: num(r.our_amount_minor),
    providerRef: r.provider_ref,
    date: r.day,
    resolved: r.resolved_at !== null,
    resolutionNote: r.resolution_note,
    resolvedBy: actorName(r.resolver_first, r.resolver_middle, r.resolver_last, lang),
    resolvedAt: r.resolved_at ? r.resolved_at.toISOString() : null,
  };
}

export async function listReconciliations(ctx: AuthedCtx, q: TReconciliationListQuery): Promise<TReconciliationPage> {
  const t = ctx.auth.tenantId;
  const { rows, total } = await repo.listReconciliations(ctx.db, t, q.provider ?? null, q.page, q.size);
  const counts = await repo.groupCounts(
    ctx.db,
    t,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toReconciliation(r, counts, ctx.auth.language)), total, page: q.page, size: q.size };
}

export async function getReconciliation(ctx: AuthedCtx, id: string): Promise<TReconciliation> {
  const r = await repo.findReconciliation(ctx.db, ctx.auth.tenantId, id);
  if (!r) throw new AppError('RECONCILIATION_NOT_FOUND');
  return toReconciliation(r, await repo.groupCounts(ctx.db, ctx.auth.tenantId, [r.id]), ctx.auth.language);
}

export async function listReconciliationItems(
  ctx: AuthedCtx,
  id: string,
  q: TReconciliationItemsQuery,
): Promise<TReconciliationItemPage> {
  const t = ctx.auth.tenantId;
  if (!(await repo.findReconciliation(ctx.db, t, id))) throw new AppError('RECONCILIATION_NOT_FOUND');
  const { rows, total } = await repo.listItems(ctx.db, t, id, q.group, q.unresolved === 'true', q.page, q.size);
  return { items: rows.map((r) => toItem(r, ctx.auth.language)), total, page: q.page, size: q.size };
}

/** Resolves one unmatched item with a note (who and when are kept; audited). A matched or resolved item answers 409. */
export async function resolveReconciliationItem(
  ctx: AuthedCtx,
  id: string,
  itemId: string,
  body: TResolveRequest,
): Promise<TReconciliationItem> {
  const t = ctx.auth.tenantId;
  const item = await repo.findItem(ctx.db, t, id, itemId);
  if (!item) throw new AppError('RECONCILIATION_NOT_FOUND');
  if (!(await repo.resolveItem(ctx.db, t, itemId, ctx.auth.userId, body.note, ctx.clock.now())))
    throw new AppError('RECONCILIATION_ITEM_RESOLVED');
  await audit(ctx, {
    action: 'reconciliation.resolve',
    resource: 'reconciliation_item',
    resourceId: itemId,
    details: { reconciliationId: id, group: item.grp, orderCode: item.order_code },
  });
  const after = await repo.findItem(ctx.db, t, id, itemId);
  return toItem(after!, ctx.auth.language);
}
