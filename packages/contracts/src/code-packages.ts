import { z } from 'zod';
import { ZId, ZIsoDateTime, ZIsoDay, ZPageQuery, page } from './common.ts';
import { ITEM_TYPES, ZItemType } from './billing.ts';

/**
 * Code packages (issue 17; staff-portal spec §2 "code package management", §3 "Code package", §5 "All fields required
 * for a code package"). A package is a batch of redemption codes sold to an organization; each code, redeemed once in
 * the app, makes the package's upgrade plan the user's plan for its months.
 */

/**
 * Redemption codes: 12 characters of a 32-letter alphabet without the look-alikes 0, O, 1 and I (5 bits each: 60
 * random bits), shown in groups of four (ABCD-EFGH-JKLM). Typed codes are read case-insensitively, spaces and dashes
 * ignored.
 */
export const REDEEM_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const REDEEM_CODE_LENGTH = 12;
/** The canonical form of a typed code: upper case, without spaces and dashes. */
export const normalizeRedeemCode = (s: string): string => s.replace(/[\s-]+/g, '').toUpperCase();
/** The printed form: groups of four joined by dashes. */
export const formatRedeemCode = (s: string): string => (s.match(/.{1,4}/g) ?? []).join('-');
export const REDEEM_CODE_RE = /^[2-9A-HJ-NP-Z]{12}$/;

/** At most this many codes in one package (they are generated in one request). */
export const CODE_PACKAGE_MAX_CODES = 10_000;

export const CODE_STATUSES = ['not_paid', 'paid', 'used', 'locked'] as const;
export const ZCodeStatus = z.enum(CODE_STATUSES);
export type TCodeStatus = z.infer<typeof ZCodeStatus>;
/** What staff may set: used is only ever reached by a redemption, and a used code never changes. */
export const SETTABLE_CODE_STATUSES = ['not_paid', 'paid', 'locked'] as const;
export const ZSettableCodeStatus = z.enum(SETTABLE_CODE_STATUSES);

/** A missing field says "Required"; a wrong type keeps Zod's message. */
const missing = {
  error: (iss: { input: unknown }) => (iss.input === undefined || iss.input === null ? 'Required' : undefined),
};
const ZRequiredText = (max: number) => z.string(missing).trim().min(1, 'Required').max(max, `Max length is ${max}`);
const ZRequiredInt = (min: number, max: number) =>
  z.number(missing).int('Whole number').min(min, `Min value is ${min}`).max(max, `Max value is ${max}`);

/**
 * Create a code package. Every field is required (spec §5): a missing one is a 400 naming it (details.fields lists
 * each). "Created by" is the signed-in staff member.
 */
export const ZCodePackageInput = z
  .object({
    name: ZRequiredText(120),
    type: z.enum(ITEM_TYPES, missing),
    totalCodes: ZRequiredInt(1, CODE_PACKAGE_MAX_CODES),
    availableFrom: z.string(missing).min(1, 'Required').pipe(ZIsoDay),
    expiresOn: z.string(missing).min(1, 'Required').pipe(ZIsoDay),
    benefits: ZRequiredText(2000),
    totalVouchers: ZRequiredInt(1, 1_000_000),
    recipientOrganization: ZRequiredText(200),
    upgradePackageId: z.string(missing).min(1, 'Required').pipe(ZId),
    upgradeMonths: ZRequiredInt(1, 60),
  })
  .superRefine((v, c) => {
    if (v.availableFrom && v.expiresOn && v.expiresOn < v.availableFrom)
      c.addIssue({ code: 'custom', path: ['expiresOn'], message: 'Expiry must not be before the availability date' });
  });
export type TCodePackageInput = z.infer<typeof ZCodePackageInput>;
/** The form's fields, in the order the form shows them. */
export const CODE_PACKAGE_FIELDS = [
  'name',
  'type',
  'totalCodes',
  'availableFrom',
  'expiresOn',
  'benefits',
  'totalVouchers',
  'recipientOrganization',
  'upgradePackageId',
  'upgradeMonths',
] as const;

export const ZCodeCounts = z.object({
  total: z.number().int(),
  notPaid: z.number().int(),
  paid: z.number().int(),
  used: z.number().int(),
  locked: z.number().int(),
});
export type TCodeCounts = z.infer<typeof ZCodeCounts>;

export const ZCodePackage = z.object({
  id: ZId,
  name: z.string(),
  type: ZItemType,
  totalCodes: z.number().int(),
  availableFrom: ZIsoDay,
  expiresOn: ZIsoDay,
  benefits: z.string(),
  totalVouchers: z.number().int(),
  recipientOrganization: z.string(),
  upgradePackage: z.object({ id: ZId, name: z.string() }),
  upgradeMonths: z.number().int(),
  /** The series prefix of its codes (CP0001): a code's series is prefix-sequence (CP0001-000042). */
  seriesPrefix: z.string(),
  createdBy: z.object({ id: ZId, name: z.string() }),
  createdAt: ZIsoDateTime,
  counts: ZCodeCounts,
});
export type TCodePackage = z.infer<typeof ZCodePackage>;
export const ZCodePackagePage = page(ZCodePackage);

export const ZCodePackageListQuery = ZPageQuery.extend({
  search: z.string().trim().max(120).optional(),
  type: ZItemType.optional(),
});
export type TCodePackageListQuery = z.infer<typeof ZCodePackageListQuery>;

export const ZRedeemCodeRow = z.object({
  id: ZId,
  /** Staff reference: the package's series prefix and the code's sequence number. */
  series: z.string(),
  seq: z.number().int(),
  /** The redemption code, printed form (ABCD-EFGH-JKLM). */
  code: z.string(),
  status: ZCodeStatus,
  purchasedAt: ZIsoDateTime.nullable(),
  activatedAt: ZIsoDateTime.nullable(),
  redeemedBy: z.object({ id: ZId, name: z.string() }).nullable(),
});
export type TRedeemCodeRow = z.infer<typeof ZRedeemCodeRow>;
export const ZRedeemCodePage = page(ZRedeemCodeRow);

export const ZCodeListQuery = ZPageQuery.extend({
  status: ZCodeStatus.optional(),
  /** Part of a code (any form) or a series. */
  search: z.string().trim().max(40).optional(),
});
export type TCodeListQuery = z.infer<typeof ZCodeListQuery>;

/** Set the status of codes: a selection (`codeIds`) or a series range (`seqFrom`..`seqTo`, inclusive). Used codes are skipped. */
export const ZCodeStatusRequest = z
  .object({
    status: ZSettableCodeStatus,
    codeIds: z.array(ZId).min(1, 'Required').max(1000, 'At most 1000 codes').optional(),
    seqFrom: z.number().int().min(1).max(CODE_PACKAGE_MAX_CODES, `Max value is ${CODE_PACKAGE_MAX_CODES}`).optional(),
    seqTo: z.number().int().min(1).max(CODE_PACKAGE_MAX_CODES, `Max value is ${CODE_PACKAGE_MAX_CODES}`).optional(),
  })
  .superRefine((v, c) => {
    const range = v.seqFrom !== undefined || v.seqTo !== undefined;
    if (!v.codeIds && !range)
      c.addIssue({ code: 'custom', path: ['codeIds'], message: 'Choose codes or a series range' });
    if (v.codeIds && range)
      c.addIssue({ code: 'custom', path: ['seqFrom'], message: 'Choose codes or a series range, not both' });
    if (range && (v.seqFrom === undefined || v.seqTo === undefined))
      c.addIssue({ code: 'custom', path: [v.seqFrom === undefined ? 'seqFrom' : 'seqTo'], message: 'Required' });
    if (v.seqFrom !== undefined && v.seqTo !== undefined && v.seqTo < v.seqFrom)
      c.addIssue({ code: 'custom', path: ['seqTo'], message: 'Must not be before the start' });
  });
export type TCodeStatusRequest = z.infer<typeof ZCodeStatusRequest>;
export const ZCodeStatusResult = z.object({ updated: z.number().int(), skipped: z.number().int() });
export type TCodeStatusResult = z.infer<typeof ZCodeStatusResult>;

/** Statistics of one package: counts by status, and redemptions by month of activation (YYYY-MM, oldest first). */
export const ZCodePackageStats = z.object({
  packageId: ZId,
  counts: ZCodeCounts,
  byActivationMonth: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), used: z.number().int() })),
});
export type TCodePackageStats = z.infer<typeof ZCodePackageStats>;

/** The app: redeem a code (patient-app spec §1 "code redemption"). */
export const ZRedeemRequest = z.object({
  code: z.string(missing).trim().min(1, 'Required').max(40, 'Max length is 40'),
});
export type TRedeemRequest = z.infer<typeof ZRedeemRequest>;
export const ZRedeemResult = z.object({
  plan: z.object({ id: ZId, name: z.string() }),
  months: z.number().int(),
  /** The end of the plan after the redemption (extended when the same plan was already active). */
  endsAt: ZIsoDateTime.nullable(),
  activatedAt: ZIsoDateTime,
});
export type TRedeemResult = z.infer<typeof ZRedeemResult>;
