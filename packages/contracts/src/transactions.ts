import { z } from 'zod';
import { ZId, ZIsoDateTime, ZIsoDay, ZPageQuery } from './common.ts';
import { ZChannel, ZCurrency, ZItemType, ZPaymentProvider, ZTxStatus } from './billing.ts';

/**
 * Transactions (the tenant's orders seen by staff), their .xlsx export and the reconciliation of a provider's
 * settlement file (issue 17; staff-portal spec §2 "transaction management and export, package transaction
 * reconciliation", §3 Transaction, §5 "Export needs payment channel, date and at least one attribute").
 * Money is an integer in minor units with its currency (billing.ts).
 */

/** A status filter: 0 failed, 1 pending, 2 success, 3 refund, -1 all (spec §3). */
export const ZTxStatusFilter = z.coerce
  .number('Invalid status')
  .int('Invalid status')
  .refine((n) => n >= -1 && n <= 3, 'Invalid status');
export const TRANSACTION_SORTS = [
  '-createdAt',
  'createdAt',
  '-total',
  'total',
  'code',
  '-code',
  'status',
  '-status',
  'customer',
  '-customer',
] as const;
export const ZTransactionSort = z.enum(TRANSACTION_SORTS, 'Invalid sort');
export type TTransactionSort = z.infer<typeof ZTransactionSort>;

const dayOrder = <T extends { from?: string; to?: string }>(v: T, c: z.RefinementCtx) => {
  if (v.from && v.to && v.from > v.to)
    c.addIssue({ code: 'custom', path: ['to'], message: 'End date must be on or after the start date' });
};

/** GET /api/account/transactions. Days are the reader's (profile time zone), both inclusive. */
export const ZTransactionListQuery = ZPageQuery.extend({
  status: ZTxStatusFilter.default(-1),
  provider: ZPaymentProvider.optional(),
  channel: ZChannel.optional(),
  from: ZIsoDay.optional(),
  to: ZIsoDay.optional(),
  /** Customer name, phone or order code (part of). */
  search: z.string().trim().max(100, 'Max length is 100').optional(),
  sort: ZTransactionSort.default('-createdAt'),
}).superRefine(dayOrder);
export type TTransactionListQuery = z.infer<typeof ZTransactionListQuery>;

/** Plan (a subscription) or add-on pack (uses). */
export const ZTransactionCategory = z.enum(['plan', 'addon']);

export const ZTransactionRow = z.object({
  id: ZId,
  code: z.string(),
  customerId: ZId,
  customerName: z.string(),
  phone: z.string().nullable(),
  packageName: z.string(),
  provider: ZPaymentProvider.nullable(),
  channel: ZChannel,
  itemType: ZItemType,
  category: ZTransactionCategory,
  amountMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
  currency: ZCurrency,
  status: ZTxStatus,
  createdAt: ZIsoDateTime,
  paidAt: ZIsoDateTime.nullable(),
});
export type TTransactionRow = z.infer<typeof ZTransactionRow>;
export const ZTransactionPage = z.object({
  items: z.array(ZTransactionRow),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type TTransactionPage = z.infer<typeof ZTransactionPage>;

export const ZTransactionItem = z.object({
  type: ZItemType,
  name: z.string(),
  /** Months of a plan (null for an add-on pack). */
  months: z.number().int().nullable(),
  quantity: z.number().int(),
  amountMinor: z.number().int(),
});
export type TTransactionItem = z.infer<typeof ZTransactionItem>;

/** GET /api/account/transactions/:id (spec §3 Transaction). */
export const ZTransaction = ZTransactionRow.extend({
  email: z.string().nullable(),
  /** The provider's reference id (VNPay transaction number, Stripe payment intent, …). */
  referenceId: z.string().nullable(),
  merchant: z.string().nullable(),
  responseCode: z.string().nullable(),
  responseMessage: z.string().nullable(),
  items: z.array(ZTransactionItem),
  updatedAt: ZIsoDateTime,
});
export type TTransaction = z.infer<typeof ZTransaction>;

/** The attributes (columns) an export may include, in file order. */
export const TRANSACTION_EXPORT_COLUMNS = [
  'code',
  'createdAt',
  'paidAt',
  'customerName',
  'phone',
  'packageName',
  'category',
  'itemType',
  'provider',
  'channel',
  'amount',
  'tax',
  'total',
  'currency',
  'status',
  'referenceId',
  'merchant',
  'responseCode',
  'responseMessage',
] as const;
export const ZTransactionExportColumn = z.enum(TRANSACTION_EXPORT_COLUMNS, 'Invalid attribute');
export type TTransactionExportColumn = z.infer<typeof ZTransactionExportColumn>;
/** The payment channel of an export: one channel, or every one (chosen explicitly: the field is required). */
export const EXPORT_CHANNELS = ['ALL', 'APP', 'PORTAL', 'CODE'] as const;

/** POST /api/account/transactions/export → .xlsx. Payment channel, both dates and at least one attribute are required. */
export const ZTransactionExportRequest = z
  .object({
    channel: z.enum(EXPORT_CHANNELS, 'Required'),
    from: z.string('Required').pipe(ZIsoDay),
    to: z.string('Required').pipe(ZIsoDay),
    attributes: z
      .array(ZTransactionExportColumn, 'Required')
      .min(1, 'Choose at least one attribute')
      .max(TRANSACTION_EXPORT_COLUMNS.length)
      .refine((a) => new Set(a).size === a.length, 'Each attribute once'),
    status: ZTxStatusFilter.default(-1),
    provider: ZPaymentProvider.optional(),
    search: z.string().trim().max(100, 'Max length is 100').optional(),
  })
  .superRefine(dayOrder);
export type TTransactionExportRequest = z.infer<typeof ZTransactionExportRequest>;

// ---------------------------------------------------------------- reconciliation

/** Largest settlement file accepted (bytes). */
export const RECONCILIATION_MAX_BYTES = 10 * 1024 * 1024;
/** Most data lines a settlement file may hold. */
export const RECONCILIATION_MAX_LINES = 50_000;
/**
 * The four groups: matched (same code and amount), missing_ours (in the file, not one of our successful orders),
 * missing_theirs (our successful orders of the provider in the file's date range that the file lacks), amount_mismatch.
 */
export const RECONCILIATION_GROUPS = ['matched', 'missing_ours', 'missing_theirs', 'amount_mismatch'] as const;
export const ZReconciliationGroup = z.enum(RECONCILIATION_GROUPS, 'Invalid group');
export type TReconciliationGroup = z.infer<typeof ZReconciliationGroup>;

/** The multipart fields besides `file` (a .csv or .xlsx with columns order code, amount, provider reference, date). */
export const ZReconciliationUploadFields = z.object({
  provider: ZPaymentProvider,
  currency: ZCurrency.default('VND'),
});
export type TReconciliationUploadFields = z.infer<typeof ZReconciliationUploadFields>;

export const ZGroupCount = z.object({ total: z.number().int(), unresolved: z.number().int() });
export const ZReconciliation = z.object({
  id: ZId,
  provider: ZPaymentProvider,
  currency: ZCurrency,
  fileName: z.string(),
  /** The file's date range (days in the uploader's time zone, inclusive). */
  periodFrom: z.string(),
  periodTo: z.string(),
  lines: z.number().int(),
  counts: z.record(ZReconciliationGroup, ZGroupCount),
  createdBy: z.string().nullable(),
  createdAt: ZIsoDateTime,
});
export type TReconciliation = z.infer<typeof ZReconciliation>;
export const ZReconciliationListQuery = ZPageQuery.extend({ provider: ZPaymentProvider.optional() });
export type TReconciliationListQuery = z.infer<typeof ZReconciliationListQuery>;
export const ZReconciliationPage = z.object({
  items: z.array(ZReconciliation),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type TReconciliationPage = z.infer<typeof ZReconciliationPage>;

export const ZReconciliationItem = z.object({
  id: ZId,
  group: ZReconciliationGroup,
  /** The line of the file (1 = header), null for missing_theirs. */
  line: z.number().int().nullable(),
  orderCode: z.string(),
  /** Our order when we have one (any status). */
  transactionId: ZId.nullable(),
  ourStatus: ZTxStatus.nullable(),
  fileAmountMinor: z.number().int().nullable(),
  ourAmountMinor: z.number().int().nullable(),
  providerRef: z.string().nullable(),
  /** The date the file gives (YYYY-MM-DD), or our payment time's day for missing_theirs. */
  date: z.string().nullable(),
  resolved: z.boolean(),
  resolutionNote: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: ZIsoDateTime.nullable(),
});
export type TReconciliationItem = z.infer<typeof ZReconciliationItem>;
export const ZReconciliationItemsQuery = ZPageQuery.extend({
  group: ZReconciliationGroup,
  /** 'true': only unresolved items. */
  unresolved: z.enum(['true', 'false'], 'Invalid value').optional(),
});
export type TReconciliationItemsQuery = z.infer<typeof ZReconciliationItemsQuery>;
export const ZReconciliationItemPage = z.object({
  items: z.array(ZReconciliationItem),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type TReconciliationItemPage = z.infer<typeof ZReconciliationItemPage>;
export const ZReconciliationItemParams = z.object({ id: ZId, itemId: ZId });

export const ZResolveRequest = z.object({
  note: z.string('Required').trim().min(1, 'Required').max(1000, 'Max length is 1000'),
});
export type TResolveRequest = z.infer<typeof ZResolveRequest>;

/** What can be wrong with one line of a settlement file. */
export const BAD_LINE_PROBLEMS = [
  'code_missing',
  'code_too_long',
  'amount_invalid',
  'date_invalid',
  'reference_too_long',
  'code_repeated',
] as const;
export const ZBadLineProblem = z.enum(BAD_LINE_PROBLEMS);
export type TBadLineProblem = z.infer<typeof ZBadLineProblem>;
/**
 * details.lines of a 400 for a settlement file with unreadable lines: each bad line, its problems (codes the apps
 * translate), the earlier line a repeated order code was on, and the reason in English (for API readers).
 */
export const ZBadLine = z.object({
  line: z.number().int(),
  problems: z.array(ZBadLineProblem),
  repeatOf: z.number().int().nullable(),
  reason: z.string(),
});
export type TBadLine = z.infer<typeof ZBadLine>;
