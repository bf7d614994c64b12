import crypto from 'node:crypto';
import type {
  TPartnerVerifyStatus,
  TPaymentMethodInformation,
  TPaymentMethodKind,
  TPaymentTaxRequest,
  TVerifyPartnerRequest,
  TVerifyPaymentMethodRequest,
} from '@carewatch/contracts/payment-config';
import type { AuthedCtx, Deps } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import { findTenantById } from '../tenants/tenants.service.ts';
import { isPlatformAdmin } from '../tenants/tenant-admin.service.ts';
import * as repo from './payment-config.repo.ts';
import { mask, methodKeyProblem, partnerKeyValid } from './partner-keys.ts';

/** The tenant's tax rate in basis points (1000 = 10 %), 0 when not configured. */
export async function getTaxRateBp(deps: Deps, tenantId: string): Promise<number> {
  return repo.taxRateBp(deps.db, tenantId);
}

// ---------------------------------------------------------------- the tenant configured

/**
 * Which tenant a payment-config call configures: `?tenantId=` when given (a platform admin — root or super admin —
 * reaches any tenant, like the tenant admin pages), otherwise the caller's current tenant (the one signed in to).
 * Another tenant's id from anyone else answers 404 like a missing tenant.
 */
async function targetTenant(ctx: AuthedCtx, tenantId: string | undefined): Promise<string> {
  const id = tenantId ?? ctx.auth.tenantId;
  if (id !== ctx.auth.tenantId && !isPlatformAdmin(ctx)) throw new AppError('TENANT_NOT_FOUND');
  if (!(await findTenantById(ctx.db, id))) throw new AppError('TENANT_NOT_FOUND');
  return id;
}

// ---------------------------------------------------------------- step 1: partner

export async function verifyPartner(
  ctx: AuthedCtx,
  tenantIdQ: string | undefined,
  body: TVerifyPartnerRequest,
): Promise<TPartnerVerifyStatus> {
  const tenantId = await targetTenant(ctx, tenantIdQ);
  if (!partnerKeyValid(body.partnerId, body.apiKey)) {
    await audit(ctx, {
      action: 'payment_config.partner_verify',
      tenantId,
      resource: 'payment_config',
      resourceId: tenantId,
      outcome: 'failed',
      details: { partnerId: body.partnerId.slice(0, 40) },
    });
    throw new AppError('PARTNER_VERIFY_FAILED');
  }
  await repo.savePartner(ctx.db, tenantId, {
    partnerId: body.partnerId,
    apiKeyEnc: ctx.secrets.seal(body.apiKey),
    now: ctx.clock.now(),
    by: ctx.auth.userId,
  });
  await audit(ctx, {
    action: 'payment_config.partner_verify',
    tenantId,
    resource: 'payment_config',
    resourceId: tenantId,
    details: { partnerId: body.partnerId },
  });
  return statusOf(ctx, tenantId);
}

// ---------------------------------------------------------------- step 2: payment method

export async function verifyPaymentMethod(
  ctx: AuthedCtx,
  tenantIdQ: string | undefined,
  body: TVerifyPaymentMethodRequest,
): Promise<TPartnerVerifyStatus> {
  const tenantId = await targetTenant(ctx, tenantIdQ);
  const cfg = await repo.getConfig(ctx.db, tenantId);
  if (!cfg?.partner_verified_at) throw new AppError('PARTNER_NOT_VERIFIED');
  const problem = methodKeyProblem(body);
  if (problem) {
    await audit(ctx, {
      action: 'payment_config.method_verify',
      tenantId,
      resource: 'payment_method',
      resourceId: tenantId,
      outcome: 'failed',
      details: { method: body.method, field: problem },
    });
    throw fieldError('PAYMENT_KEY_WRONG', problem, 'format');
  }
  await repo.saveMethod(ctx.db, tenantId, {
    id: newId(),
    method: body.method,
    accessKey: body.accessKey,
    shareKeyEnc: ctx.secrets.seal(body.shareKey),
    secretKeyEnc: ctx.secrets.seal(body.secretKey),
    callbackUrl: body.callbackUrl,
    now: ctx.clock.now(),
    by: ctx.auth.userId,
  });
  await audit(ctx, {
    action: 'payment_config.method_verify',
    tenantId,
    resource: 'payment_method',
    resourceId: tenantId,
    details: { method: body.method },
  });
  return statusOf(ctx, tenantId);
}

// ---------------------------------------------------------------- step 3: tax

export async function setTax(
  ctx: AuthedCtx,
  tenantIdQ: string | undefined,
  body: TPaymentTaxRequest,
): Promise<TPartnerVerifyStatus> {
  const tenantId = await targetTenant(ctx, tenantIdQ);
  const cfg = await repo.getConfig(ctx.db, tenantId);
  if (!cfg?.partner_verified_at) throw new AppError('PARTNER_NOT_VERIFIED');
  if ((await repo.listMethods(ctx.db, tenantId)).length === 0) throw new AppError('PAYMENT_METHOD_NOT_FINALIZED');
  await repo.saveTax(ctx.db, tenantId, { rateBp: body.rateBp, now: ctx.clock.now(), by: ctx.auth.userId });
  await audit(ctx, {
    action: 'payment_config.tax',
    tenantId,
    resource: 'payment_config',
    resourceId: tenantId,
    details: { rateBp: body.rateBp },
  });
  return statusOf(ctx, tenantId);
}

// ---------------------------------------------------------------- reads

export async function partnerVerifyStatus(
  ctx: AuthedCtx,
  tenantIdQ: string | undefined,
): Promise<TPartnerVerifyStatus> {
  return statusOf(ctx, await targetTenant(ctx, tenantIdQ));
}

async function statusOf(deps: Deps, tenantId: string): Promise<TPartnerVerifyStatus> {
  const cfg = await repo.getConfig(deps.db, tenantId);
  const methods = await repo.listMethods(deps.db, tenantId);
  const partnerVerified = Boolean(cfg?.partner_verified_at);
  const taxSet = Boolean(cfg?.tax_set_at);
  return {
    tenantId,
    partnerVerified,
    partnerId: cfg?.partner_id ?? null,
    partnerVerifiedAt: cfg?.partner_verified_at?.toISOString() ?? null,
    methods: methods.map((m) => ({ method: m.method, verifiedAt: m.verified_at.toISOString() })),
    taxRateBp: Number(cfg?.tax_rate_bp ?? 0),
    taxSet,
    step: !partnerVerified ? 'partner' : methods.length === 0 ? 'method' : !taxSet ? 'tax' : 'done',
    sandboxActive: sandboxOffered(deps, methods),
  };
}

/** Masked keys only: a secret never leaves the server. */
export async function paymentMethodInformation(
  ctx: AuthedCtx,
  tenantIdQ: string | undefined,
): Promise<TPaymentMethodInformation> {
  const tenantId = await targetTenant(ctx, tenantIdQ);
  const cfg = await repo.getConfig(ctx.db, tenantId);
  const methods = await repo.listMethods(ctx.db, tenantId);
  const opened = (v: string) => {
    try {
      return mask(ctx.secrets.open(v));
    } catch {
      return '••••';
    }
  };
  return {
    tenantId,
    partner:
      cfg?.partner_verified_at && cfg.partner_id && cfg.partner_api_key_enc
        ? {
            partnerId: cfg.partner_id,
            apiKeyMasked: opened(cfg.partner_api_key_enc),
            verifiedAt: cfg.partner_verified_at.toISOString(),
          }
        : null,
    methods: methods.map((m) => ({
      method: m.method,
      accessKeyMasked: mask(m.access_key),
      shareKeyMasked: opened(m.share_key_enc),
      secretKeyMasked: opened(m.secret_key_enc),
      callbackUrl: m.callback_url,
      verifiedAt: m.verified_at.toISOString(),
    })),
    taxRateBp: Number(cfg?.tax_rate_bp ?? 0),
  };
}

// ---------------------------------------------------------------- for the payment providers

/** A verified method with its keys opened (server side only). */
export type MethodCredentials = {
  tenantId: string;
  method: TPaymentMethodKind;
  accessKey: string;
  shareKey: string;
  secretKey: string;
  callbackUrl: string;
};

/** The keys opened; null when they cannot be (sealed under another master key): the method then counts as not configured. */
function openRow(deps: Deps, m: repo.PaymentMethodRow): MethodCredentials | null {
  try {
    return {
      tenantId: m.tenant_id,
      method: m.method,
      accessKey: m.access_key,
      shareKey: deps.secrets.open(m.share_key_enc),
      secretKey: deps.secrets.open(m.secret_key_enc),
      callbackUrl: m.callback_url,
    };
  } catch {
    return null;
  }
}
const opened = (deps: Deps, rows: repo.PaymentMethodRow[]) => rows.flatMap((m) => openRow(deps, m) ?? []);

export async function methodCredentials(
  deps: Deps,
  tenantId: string,
  method: TPaymentMethodKind,
): Promise<MethodCredentials | null> {
  const row = await repo.getMethod(deps.db, tenantId, method);
  return row ? openRow(deps, row) : null;
}

/** The tenants' VNPay methods with this TmnCode (normally one). */
export async function vnpayByTmnCode(deps: Deps, tmnCode: string): Promise<MethodCredentials[]> {
  return opened(deps, await repo.methodsByAccessKey(deps.db, 'vnpay', tmnCode));
}

/** Every tenant's Stripe method (the webhook finds its tenant by the signing secret that verifies it). */
export async function allStripeMethods(deps: Deps): Promise<MethodCredentials[]> {
  return opened(deps, await repo.methodsOfKind(deps.db, 'stripe'));
}

/**
 * The embedded sandbox provider is offered when PAYMENT_SANDBOX=on, never when off, and by default (auto) while the
 * tenant has no real method (stripe, vnpay) verified — or when the sandbox method itself was verified.
 */
function sandboxOffered(deps: Deps, methods: repo.PaymentMethodRow[]): boolean {
  if (deps.config.paymentSandbox === 'on') return true;
  if (deps.config.paymentSandbox === 'off') return false;
  return (
    methods.some((m) => m.method === 'sandbox') || !methods.some((m) => m.method === 'stripe' || m.method === 'vnpay')
  );
}

export async function sandboxActive(deps: Deps, tenantId: string): Promise<boolean> {
  return sandboxOffered(deps, await repo.listMethods(deps.db, tenantId));
}

/** The sandbox signing key: the verified sandbox method's secret key, else one derived from the server secret and the tenant. */
export async function sandboxKey(deps: Deps, tenantId: string): Promise<string> {
  const m = await methodCredentials(deps, tenantId, 'sandbox');
  return m?.secretKey ?? crypto.createHmac('sha256', deps.pepper).update(`payments:sandbox:${tenantId}`).digest('hex');
}
