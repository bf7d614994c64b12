import { z } from 'zod';
import { ZId, ZIsoDateTime } from './common.ts';

/**
 * Packages, subscriptions and orders (issue 17; staff-portal spec §2–§4, patient-app spec §3, §6, §9).
 * Money is an integer in minor units with its currency: VND has no minor unit (1 = 1 đ), USD and CAD have cents.
 * No floating point anywhere on the money path.
 */
export const CURRENCIES = ['VND', 'USD', 'CAD'] as const;
export const ZCurrency = z.enum(CURRENCIES);
export type TCurrency = z.infer<typeof ZCurrency>;
/** Minor units per major unit (display only: amounts stay integers). */
export const CURRENCY_MINOR_DIGITS: Record<TCurrency, number> = { VND: 0, USD: 2, CAD: 2 };

/** The spec's providers, plus SANDBOX: the local provider of the embedded default (signed callbacks, no account). */
export const PAYMENT_PROVIDERS = ['VIETTEL_PAY', 'VN_PAY', 'BCCS', 'IKITECH', 'STRIPE', 'SANDBOX'] as const;
export const ZPaymentProvider = z.enum(PAYMENT_PROVIDERS);
export type TPaymentProvider = z.infer<typeof ZPaymentProvider>;
/** Providers that redirect to a pay page; the others (scratch card / phone account) settle in one call. */
export const REDIRECT_PROVIDERS = ['VN_PAY', 'STRIPE', 'SANDBOX'] as const;
export const ZRedirectProvider = z.enum(REDIRECT_PROVIDERS);
export const CARD_PROVIDERS = ['VIETTEL_PAY', 'BCCS'] as const;
export const ZCardProvider = z.enum(CARD_PROVIDERS);

/** Spec: transaction status failed 0, pending 1, success 2, refund 3; "all" is -1 (a filter only). */
export const TX_STATUS = { FAILED: 0, PENDING: 1, SUCCESS: 2, REFUND: 3 } as const;
export const TX_STATUS_ALL = -1;
export const ZTxStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type TTxStatus = z.infer<typeof ZTxStatus>;
export const ITEM_TYPES = ['SERVICE_PACKAGE', 'COUPON'] as const;
export const ZItemType = z.enum(ITEM_TYPES);
/** Where an order came from. */
export const CHANNELS = ['APP', 'PORTAL', 'CODE'] as const;
export const ZChannel = z.enum(CHANNELS);

export const PACKAGE_TIERS = ['standard', 'silver', 'gold'] as const;
export const ZPackageTier = z.enum(PACKAGE_TIERS);
/** A plan is what a subscription is on (Zero or a paid plan); an add-on pack sells a number of uses. */
export const PACKAGE_KINDS = ['plan', 'addon'] as const;
export const ZPackageKind = z.enum(PACKAGE_KINDS);

/**
 * Features a plan can include. The Zero package has none of them; Basic has all. Nothing on the alert and SOS
 * path is a feature: alerts, SOS, contacts' notifications and vitals upload are never gated.
 */
export const PACKAGE_FEATURES = ['medical_records', 'doctor_requests', 'video_visits', 'health_report'] as const;
export const ZPackageFeature = z.enum(PACKAGE_FEATURES);
export type TPackageFeature = z.infer<typeof ZPackageFeature>;

/** The default package's code: every account without a purchase is on it. */
export const ZERO_PACKAGE_CODE = 'ZERO';
export const BASIC_PACKAGE_CODE = 'BASIC';
/** Unlimited value (spec §3 "unlimited value -1"). */
export const UNLIMITED = -1;

/** Package code and name: letters (any script), digits, spaces, - and _ only (spec: no special characters). */
const NAME_RE = /^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u;
export const ZPackageCode = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(40, 'At most 40 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only');
export const ZPackageName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(80, 'At most 80 characters')
  .regex(NAME_RE, 'No special characters');
const ZMinor = z.number().int('Whole minor units only').min(0, 'Min value is 0').max(1_000_000_000_000, 'Too large');
const ZLimit = z.number().int('Whole number').min(-1, '-1 means unlimited');

/** One price option of a plan: its length in months and the price per month. */
export const ZPackageOption = z.object({
  months: z.number().int().min(1, 'Min value is 1').max(60, 'Max value is 60'),
  monthlyPriceMinor: ZMinor,
});
export type TPackageOption = z.infer<typeof ZPackageOption>;
export const ZPackageLimits = z.object({ timeMinutes: ZLimit, storageMb: ZLimit, uses: ZLimit });

export const ZPackage = z.object({
  id: ZId,
  code: z.string(),
  name: z.string(),
  kind: ZPackageKind,
  tier: ZPackageTier,
  currency: ZCurrency,
  /** Plans: at least one option (spec "at least 1 option"); the Zero plan has one free option. Add-ons: none. */
  options: z.array(ZPackageOption),
  /** Add-on packs: the uses one purchase adds and its price. */
  addonUses: z.number().int().nullable(),
  addonPriceMinor: z.number().int().nullable(),
  features: z.array(ZPackageFeature),
  limits: ZPackageLimits,
  icon: z.string().nullable(),
  description: z.string(),
  enabled: z.boolean(),
  /** The Zero package: cannot be disabled or deleted. */
  isDefault: z.boolean(),
  createdAt: ZIsoDateTime,
});
export type TPackage = z.infer<typeof ZPackage>;

export const ZPackageInput = z
  .object({
    code: ZPackageCode,
    name: ZPackageName,
    kind: ZPackageKind,
    tier: ZPackageTier.default('standard'),
    currency: ZCurrency.default('VND'),
    options: z.array(ZPackageOption).max(12, 'At most 12 options').default([]),
    addonUses: z.number().int().min(1, 'Min value is 1').nullable().default(null),
    addonPriceMinor: ZMinor.nullable().default(null),
    features: z.array(ZPackageFeature).default([]),
    limits: ZPackageLimits.default({ timeMinutes: UNLIMITED, storageMb: UNLIMITED, uses: UNLIMITED }),
    icon: z.string().max(40).nullable().default(null),
    description: z.string().trim().max(2000).default(''),
  })
  .superRefine((v, c) => {
    if (v.kind === 'plan' && v.options.length === 0)
      c.addIssue({ code: 'custom', path: ['options'], message: 'At least 1 option' });
    if (v.kind === 'plan' && new Set(v.options.map((o) => o.months)).size !== v.options.length)
      c.addIssue({ code: 'custom', path: ['options'], message: 'Each duration once' });
    if (v.kind === 'addon' && (v.addonUses === null || v.addonPriceMinor === null))
      c.addIssue({
        code: 'custom',
        path: [v.addonUses === null ? 'addonUses' : 'addonPriceMinor'],
        message: 'Required',
      });
  });
export type TPackageInput = z.infer<typeof ZPackageInput>;
export const ZPackageEnableRequest = z.object({ enabled: z.boolean() });

/**
 * The caller's subscription (GET /api/account/subscriptions/me). `status`: free (on Zero), active, about_to_expire
 * (7 days or less left), expired (the paid plan ended; the account is back on Zero). `effective` is what the server
 * grants now: a paid plan takes effect only while a wearable is connected (patient-app spec §6).
 */
export const SUBSCRIPTION_STATUSES = ['free', 'active', 'about_to_expire', 'expired'] as const;
export const ZSubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export const ZSubscriptionMe = z.object({
  package: z.object({ id: ZId, code: z.string(), name: z.string(), tier: ZPackageTier }),
  status: ZSubscriptionStatus,
  startsAt: ZIsoDateTime.nullable(),
  endsAt: ZIsoDateTime.nullable(),
  nextRenewal: ZIsoDateTime.nullable(),
  months: z.number().int().nullable(),
  priceMinor: z.number().int(),
  currency: ZCurrency,
  /** The order code of the purchase (the receipt ID), null on Zero. */
  receiptId: z.string().nullable(),
  wearableConnected: z.boolean(),
  /** The features granted right now (empty on Zero, or while no wearable is connected). */
  features: z.array(ZPackageFeature),
  addons: z.array(z.object({ packageId: ZId, name: z.string(), remainingUses: z.number().int() })),
});
export type TSubscriptionMe = z.infer<typeof ZSubscriptionMe>;

/** Buy a plan for `months` (one of its options) or an add-on pack (`quantity` packs). */
export const ZCreateOrderRequest = z.object({
  packageId: ZId,
  months: z.number().int().min(1).max(60).optional(),
  quantity: z.number().int().min(1).max(100).optional(),
});
export type TCreateOrderRequest = z.infer<typeof ZCreateOrderRequest>;

export const ZOrder = z.object({
  id: ZId,
  code: z.string(),
  status: ZTxStatus,
  packageId: ZId,
  packageName: z.string(),
  itemType: ZItemType,
  months: z.number().int().nullable(),
  quantity: z.number().int(),
  amountMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
  currency: ZCurrency,
  provider: ZPaymentProvider.nullable(),
  channel: ZChannel,
  responseCode: z.string().nullable(),
  responseMessage: z.string().nullable(),
  createdAt: ZIsoDateTime,
  paidAt: ZIsoDateTime.nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;

/** Pay an order through a redirecting provider: the app opens `redirectUrl` (VNPay, Stripe Checkout, the sandbox page). */
export const ZCheckoutRequest = z.object({ provider: ZRedirectProvider });
export const ZCheckoutResponse = z.object({ orderCode: z.string(), redirectUrl: z.string() });
/** Pay an order with a scratch card or phone account (patient-app spec §3 "Scratch card: code, security code"). */
export const ZScratchCardRequest = z.object({
  provider: ZCardProvider,
  code: z
    .string()
    .trim()
    .regex(/^\d{12,16}$/, '12 to 16 digits'),
  securityCode: z
    .string()
    .trim()
    .regex(/^\d{10,16}$/, '10 to 16 digits'),
});
export type TScratchCardRequest = z.infer<typeof ZScratchCardRequest>;

/** GET /api/account/packages (staff, PackageManage) and GET /api/account/app/packages (the app: enabled ones only). */
export const ZPackageListQuery = z.object({ kind: ZPackageKind.optional() });
export const ZPackageList = z.object({ items: z.array(ZPackage) });
export type TPackageList = z.infer<typeof ZPackageList>;
export const ZOrderList = z.object({ items: z.array(ZOrder) });
export type TOrderList = z.infer<typeof ZOrderList>;
