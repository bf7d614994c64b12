import crypto from 'node:crypto';
import { checkPassword, looksLikeEmail, isValidPhone } from '@carewatch/contracts/rules';
import type {
  TOtpSentResponse,
  TOtpTokenRequest,
  TPermissionResponse,
  TRegisterRequest,
  TTokenRequest,
  TTokenResponse,
  TForgotResetRequest,
  TLevel,
} from '@carewatch/contracts/auth';
import type { AuthedCtx, Ctx, Deps } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId, randomOtp, randomToken } from '../../platform/ids.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import {
  clearLoginFailures,
  createUser,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  listUserLevels,
  loginFailureOf,
  recordLoginFailure,
  setUserPassword,
  type LevelRow,
  type UserRow,
} from '../users/users.service.ts';
import * as sessions from './sessions.repo.ts';
import * as otps from './otp.repo.ts';
import { activeTenantByCode, passwordRuleOf, phoneRuleOf } from '../tenants/tenants.service.ts';
import { reenableIfDue } from '../users/account-status.service.ts';
import { emailTemplateOf } from '../tenants/tenant-admin.service.ts';

export const MAX_LOGIN_FAILURES = 5;
export const LOCK_MS = 24 * 3600 * 1000;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_FAILURES = 3;
export const OTP_RESEND_MS = 30 * 1000;
/** A verified registration code stays good this long for the final submit. */
export const REGISTER_VERIFIED_MS = 30 * 60 * 1000;

type Client = 'portal' | 'app';
const keyed = (ctx: Ctx, s: string) => crypto.createHmac('sha256', ctx.pepper).update(s).digest('hex');
const loginName = (username: string) => (looksLikeEmail(username) ? username.trim().toLowerCase() : username.trim());

async function findByLogin(ctx: Ctx, tenantId: string, username: string) {
  const u = loginName(username);
  return looksLikeEmail(u) ? findUserByEmail(ctx.db, tenantId, u) : findUserByPhone(ctx.db, tenantId, u);
}

/**
 * What the lockout counts: the account, whichever of its login names (e-mail, phone) is typed, so five failures by
 * e-mail also lock the phone; an unknown login name counts on its own, so it answers exactly like an account.
 */
const lockKey = (user: { id: string } | null, name: string) => (user ? `user:${user.id}` : `name:${name}`);
const isLocked = (lock: { locked_until: Date | null } | null, now: Date) =>
  !!lock?.locked_until && lock.locked_until.getTime() > now.getTime();

/**
 * Recovers a deactivated account after its password was verified (lifecycle passes it for POST /api/auth/recover);
 * answers whether it did.
 */
export type AccountRecovery = (deps: Pick<Deps, 'db' | 'clock'>, tenantId: string, user: UserRow) => Promise<boolean>;

/** Password grant. Unknown user and wrong password get the same answer, in the same time, and count alike toward the lockout. */
export async function passwordLogin(
  ctx: Ctx,
  input: TTokenRequest,
  client: Client,
  opts: { recover?: AccountRecovery } = {},
): Promise<TTokenResponse> {
  const tenant = await activeTenantByCode(ctx.db, input.tenant);
  const now = ctx.clock.now();
  const name = loginName(input.username);
  const user = await findByLogin(ctx, tenant.id, name);
  const key = lockKey(user, name);
  const lock = await loginFailureOf(ctx.db, tenant.id, key);
  if (isLocked(lock, now)) {
    await audit(ctx, {
      tenantId: tenant.id,
      actorId: user?.id ?? null,
      action: 'auth.login',
      outcome: 'denied',
      details: { reason: 'locked' },
    });
    throw new AppError('ACCOUNT_LOCKED');
  }
  const ok = user
    ? await verifyPassword(user.password_hash, input.password)
    : (await verifyPassword(await dummyHash(), input.password), false);
  if (!ok || !user) {
    const r = await recordLoginFailure(
      ctx.db,
      tenant.id,
      key,
      now,
      MAX_LOGIN_FAILURES,
      new Date(now.getTime() + LOCK_MS),
    );
    await audit(ctx, {
      tenantId: tenant.id,
      actorId: user?.id ?? null,
      action: 'auth.login',
      outcome: 'failed',
      details: { reason: r.locked ? 'locked_now' : 'wrong_credentials' },
    });
    throw new AppError('WRONG_LOGIN');
  }
  await clearLoginFailures(ctx.db, tenant.id, [key]);
  if (opts.recover && (await opts.recover(ctx, tenant.id, user))) {
    await audit(ctx, {
      tenantId: tenant.id,
      actorId: user.id,
      action: 'account.recover',
      resource: 'user',
      resourceId: user.id,
    });
    return startSession(ctx, tenant.id, { ...user, status: 'active' }, client, input.remember_me ?? false, 'password');
  }
  return startSession(ctx, tenant.id, user, client, input.remember_me ?? false, 'password');
}

export async function startSession(
  ctx: Ctx,
  tenantId: string,
  userIn: UserRow,
  client: Client,
  rememberMe: boolean,
  method: string,
): Promise<TTokenResponse> {
  let user = userIn;
  if (user.status === 'pending_approval') throw new AppError('ACCOUNT_PENDING_APPROVAL');
  if (user.status === 'deactivated') {
    const until = user.deactivated_at
      ? new Date(user.deactivated_at.getTime() + 30 * 24 * 3600 * 1000).toISOString()
      : null;
    throw new AppError('ACCOUNT_DEACTIVATED', { recoverableUntil: until });
  }
  if (user.status === 'disabled' && (await reenableIfDue(ctx, tenantId, user.id))) user = { ...user, status: 'active' };
  if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  const levels = await listUserLevels(ctx.db, tenantId, user.id);
  const usable = client === 'portal' ? levels.filter((l) => l.role_code !== 'patient') : levels;
  const level = usable[0];
  if (!level) {
    await audit(ctx, {
      tenantId,
      actorId: user.id,
      action: 'auth.login',
      outcome: 'denied',
      details: { reason: 'no_role_for_client', client },
    });
    throw new AppError('PERMISSION_DENIED');
  }
  const now = ctx.clock.now();
  const sessionId = newId();
  const ttl = rememberMe ? ctx.config.refreshTtlRememberSeconds : ctx.config.refreshTtlSeconds;
  const refresh = randomToken();
  await ctx.db.tx(async (db) => {
    // One active session per account and client: the older one learns it was replaced on its next call.
    const ended = await sessions.revokeUserSessions(db, tenantId, user.id, 'replaced', now, { client });
    await sessions.insertSession(db, tenantId, {
      id: sessionId,
      userId: user.id,
      levelId: level.id,
      client,
      rememberMe,
      pv: user.permissions_version,
      expiresAt: new Date(now.getTime() + ttl * 1000),
      now,
    });
    await sessions.insertRefreshToken(db, tenantId, sessionId, keyed(ctx, refresh), now);
    if (ended > 0)
      await audit(
        { ...ctx, db },
        {
          tenantId,
          actorId: user.id,
          action: 'auth.session.replaced',
          resource: 'session',
          outcome: 'ok',
          details: { ended },
        },
      );
  });
  await audit(ctx, {
    tenantId,
    actorId: user.id,
    action: 'auth.login',
    resource: 'session',
    resourceId: sessionId,
    outcome: 'ok',
    details: { method, client },
  });
  return tokenResponse(ctx, sessionId, user.id, tenantId, user.permissions_version, refresh);
}

async function tokenResponse(
  ctx: Ctx,
  sessionId: string,
  userId: string,
  tenantId: string,
  pv: number,
  refresh: string,
): Promise<TTokenResponse> {
  const access = await ctx.signer.sign({ sid: sessionId, uid: userId, tid: tenantId, pv }, ctx.clock.now());
  return { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: ctx.signer.ttl };
}

/** Rotates the refresh token. Reusing a rotated one is theft or a bug: the whole session ends. */
export async function refreshTokens(ctx: Ctx, refreshToken: string): Promise<TTokenResponse> {
  const now = ctx.clock.now();
  const row = await sessions.consumeRefreshToken(ctx.db, keyed(ctx, refreshToken), now);
  if (!row) throw new AppError('UNAUTHORIZED');
  const s = await sessions.findSession(ctx.db, row.tenant_id, row.session_id);
  if (!s) throw new AppError('UNAUTHORIZED');
  if (row.was_used) {
    await sessions.revokeSession(ctx.db, row.tenant_id, s.id, 'refresh_reuse', now);
    await audit(ctx, {
      tenantId: row.tenant_id,
      actorId: s.user_id,
      action: 'auth.refresh.reuse',
      resource: 'session',
      resourceId: s.id,
      outcome: 'denied',
    });
    throw new AppError('UNAUTHORIZED');
  }
  if (s.revoked_at) throw new AppError('UNAUTHORIZED');
  if (s.expires_at.getTime() <= now.getTime()) throw new AppError('SESSION_EXPIRED');
  const user = await findUserById(ctx.db, row.tenant_id, s.user_id);
  if (!user || user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  if (user.permissions_version !== s.permissions_version) throw new AppError('PERMISSIONS_CHANGED');
  const next = randomToken();
  await sessions.insertRefreshToken(ctx.db, row.tenant_id, s.id, keyed(ctx, next), now);
  return tokenResponse(ctx, s.id, user.id, row.tenant_id, user.permissions_version, next);
}

export async function checkToken(ctx: AuthedCtx, token: string) {
  const claims = await ctx.signer.verify(token, ctx.clock.now());
  const exp = claims && claims !== 'expired' ? claims.exp : Math.floor(ctx.clock.now().getTime() / 1000);
  return { valid: true as const, expiresAt: new Date(exp * 1000).toISOString() };
}

export async function logout(ctx: AuthedCtx) {
  await sessions.revokeSession(ctx.db, ctx.auth.tenantId, ctx.auth.sessionId, 'logout', ctx.clock.now());
  await audit(ctx, { action: 'auth.logout', resource: 'session', resourceId: ctx.auth.sessionId });
  return { ok: true as const };
}

// ---- One-time codes ----

/** `deliver: false` stores a code nobody receives, so an unknown account answers (and rate-limits) exactly like a known one. */
export async function issueOtp(
  ctx: Ctx,
  tenantId: string,
  purpose: otps.OtpPurpose,
  channel: 'email' | 'sms',
  target: string,
  opts: { deliver?: boolean } = {},
): Promise<TOtpSentResponse> {
  const now = ctx.clock.now();
  const last = await otps.latestOtp(ctx.db, tenantId, purpose, target);
  if (last && !last.used_at && now.getTime() - last.created_at.getTime() < OTP_RESEND_MS)
    throw new AppError('OTP_TOO_SOON');
  const code = randomOtp();
  const id = newId();
  await otps.insertOtp(ctx.db, tenantId, {
    id,
    purpose,
    channel,
    target,
    codeHash: keyed(ctx, `${id}:${code}`),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    now,
  });
  const minutes = OTP_TTL_MS / 60000;
  if (opts.deliver === false) return { sent: true, expiresInSeconds: OTP_TTL_MS / 1000 };
  const what = { login: 'sign-in', register: 'registration', reset: 'password reset' }[purpose];
  const text = `Your CareWatch ${what} code is ${code}. It expires in ${minutes} minutes. Do not share it.`;
  if (channel === 'email') {
    // The tenant's e-mail template (Email template tab); {{code}} and {{minutes}} are filled in.
    const tpl = await emailTemplateOf(ctx.db, tenantId);
    const fill = (s: string) => s.replaceAll('{{code}}', code).replaceAll('{{minutes}}', String(minutes));
    await ctx.mail.send({ tenantId, to: target, subject: fill(tpl.subject), text: fill(tpl.body), secrets: [code] });
  } else await ctx.sms.send({ tenantId, to: target, text, secrets: [code] });
  return { sent: true, expiresInSeconds: OTP_TTL_MS / 1000 };
}

/** Checks a code: wrong → OTP_WRONG; the failure that makes more than 3 blocks it; expired → OTP_EXPIRED. */
export async function verifyOtp(
  ctx: Ctx,
  tenantId: string,
  purpose: otps.OtpPurpose,
  target: string,
  code: string,
  field: string,
): Promise<otps.OtpRow> {
  const now = ctx.clock.now();
  const row = await otps.latestOtp(ctx.db, tenantId, purpose, target);
  if (!row || row.used_at) throw fieldError('OTP_WRONG', field);
  if (row.attempts > OTP_MAX_FAILURES) throw fieldError('OTP_BLOCKED', field);
  if (row.expires_at.getTime() <= now.getTime()) throw fieldError('OTP_EXPIRED', field);
  const a = Buffer.from(row.code_hash);
  const b = Buffer.from(keyed(ctx, `${row.id}:${code}`));
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) {
    const attempts = await otps.addAttempt(ctx.db, tenantId, row.id);
    await audit(ctx, { tenantId, action: `auth.otp.${purpose}`, outcome: 'failed', details: { attempts } });
    throw fieldError(attempts > OTP_MAX_FAILURES ? 'OTP_BLOCKED' : 'OTP_WRONG', field);
  }
  return row;
}

export async function sendLoginOtpByPhone(ctx: Ctx, tenantCode: string, phone: string) {
  const tenant = await activeTenantByCode(ctx.db, tenantCode);
  if (!isValidPhone(phone.trim(), await phoneRuleOf(ctx.db, tenant.id)))
    throw new AppError('VALIDATION_ERROR', { field: 'phoneNumber', rule: 'phone' }, 'Phone number is not valid');
  const user = await findUserByPhone(ctx.db, tenant.id, phone.trim());
  if (!user) throw fieldError('ACCOUNT_NOT_FOUND', 'phoneNumber');
  return issueOtp(ctx, tenant.id, 'login', 'sms', phone.trim());
}

export async function sendLoginOtpByMail(ctx: Ctx, tenantCode: string, email: string) {
  const tenant = await activeTenantByCode(ctx.db, tenantCode);
  const user = await findUserByEmail(ctx.db, tenant.id, email);
  if (!user) throw fieldError('EMAIL_NOT_FOUND', 'email');
  return issueOtp(ctx, tenant.id, 'login', 'email', email);
}

export async function otpLogin(ctx: Ctx, input: TOtpTokenRequest, client: Client): Promise<TTokenResponse> {
  const tenant = await activeTenantByCode(ctx.db, input.tenantId);
  const target = input.type === 'email' ? input.username.trim().toLowerCase() : input.username.trim();
  const row = await verifyOtp(ctx, tenant.id, 'login', target, input.otp, 'otp');
  const user =
    input.type === 'email'
      ? await findUserByEmail(ctx.db, tenant.id, target)
      : await findUserByPhone(ctx.db, tenant.id, target);
  if (!user) throw fieldError('OTP_WRONG', 'otp');
  // A locked account stays locked whatever the way in (a password reset lifts it).
  if (isLocked(await loginFailureOf(ctx.db, tenant.id, lockKey(user, target)), ctx.clock.now())) {
    await audit(ctx, {
      tenantId: tenant.id,
      actorId: user.id,
      action: 'auth.login',
      outcome: 'denied',
      details: { reason: 'locked', method: 'otp' },
    });
    throw new AppError('ACCOUNT_LOCKED');
  }
  await otps.markUsed(ctx.db, tenant.id, row.id, ctx.clock.now());
  return startSession(ctx, tenant.id, user, client, false, 'otp');
}

// ---- Registration ----

export async function sendRegisterOtp(ctx: Ctx, tenantCode: string, email: string) {
  const tenant = await activeTenantByCode(ctx.db, tenantCode);
  if (await findUserByEmail(ctx.db, tenant.id, email)) throw fieldError('EMAIL_USED', 'email');
  return issueOtp(ctx, tenant.id, 'register', 'email', email);
}

export async function verifyRegisterOtp(ctx: Ctx, tenantCode: string, email: string, code: string) {
  const tenant = await activeTenantByCode(ctx.db, tenantCode);
  const row = await verifyOtp(ctx, tenant.id, 'register', email, code, 'token');
  await otps.markVerified(ctx.db, tenant.id, row.id, ctx.clock.now());
  return { verified: true as const };
}

export async function assertPassword(ctx: Ctx, tenantId: string, pw: string, confirm: string, field: string) {
  const ruleName = await passwordRuleOf(ctx.db, tenantId);
  const problem = checkPassword(pw, ruleName);
  // The tenant's special characters let the client say which ones are allowed (two rule sets exist, spec §5).
  if (problem) throw new AppError('WEAK_PASSWORD', { field, rule: problem, passwordRule: ruleName });
  if (pw !== confirm) throw fieldError('PASSWORD_MISMATCH', 'confirmPassword');
}

/** Staff self-registration: e-mail verified by OTP first, then the account waits for an admin's approval. */
export async function register(ctx: Ctx, input: TRegisterRequest) {
  const tenant = await activeTenantByCode(ctx.db, input.tenant);
  const now = ctx.clock.now();
  const code = await otps.latestOtp(ctx.db, tenant.id, 'register', input.email);
  if (!code || !code.verified_at || code.used_at || now.getTime() - code.verified_at.getTime() > REGISTER_VERIFIED_MS)
    throw fieldError('EMAIL_NOT_VERIFIED', 'email');
  await assertPassword(ctx, tenant.id, input.password, input.confirmPassword, 'password');
  if (input.phone && !isValidPhone(input.phone, await phoneRuleOf(ctx.db, tenant.id)))
    throw new AppError('VALIDATION_ERROR', { field: 'phone', rule: 'phone' }, 'Phone number is not valid');
  if (await findUserByEmail(ctx.db, tenant.id, input.email)) throw fieldError('EMAIL_USED', 'email');
  if (input.phone && (await findUserByPhone(ctx.db, tenant.id, input.phone))) throw fieldError('PHONE_USED', 'phone');
  const id = newId();
  const hash = await hashPassword(input.password);
  await ctx.db.tx(async (db) => {
    await createUser(db, tenant.id, {
      id,
      email: input.email,
      phone: input.phone ?? null,
      passwordHash: hash,
      firstName: input.firstName,
      lastName: input.lastName,
      status: 'pending_approval',
      now,
    });
    await otps.markUsed(db, tenant.id, code.id, now);
  });
  await audit(ctx, { tenantId: tenant.id, actorId: id, action: 'auth.register', resource: 'user', resourceId: id });
  return { status: 'pending_approval' as const };
}

// ---- Forgot password ----

/** Where a reset code goes: the staff portal resets by e-mail, the patient app by e-mail or phone. */
export type ResetTarget = { channel: 'email' | 'sms'; target: string; field: string };
/** `silentUnknown` (patient app): an unknown account is not revealed, neither on sending nor on resetting. */
type ResetOpts = { silentUnknown: boolean };

const findResetUser = (ctx: Ctx, tenantId: string, to: ResetTarget) =>
  to.channel === 'email' ? findUserByEmail(ctx.db, tenantId, to.target) : findUserByPhone(ctx.db, tenantId, to.target);

export async function sendResetOtpTo(ctx: Ctx, tenantId: string, to: ResetTarget, opts: ResetOpts) {
  const user = await findResetUser(ctx, tenantId, to);
  if (!user && !opts.silentUnknown) throw fieldError('EMAIL_NOT_FOUND', to.field);
  return issueOtp(ctx, tenantId, 'reset', to.channel, to.target, { deliver: !!user });
}

export async function sendResetOtp(ctx: Ctx, tenantCode: string, email: string) {
  const tenant = await activeTenantByCode(ctx.db, tenantCode);
  return sendResetOtpTo(ctx, tenant.id, { channel: 'email', target: email, field: 'email' }, { silentUnknown: false });
}

export async function resetPasswordOf(
  ctx: Ctx,
  tenantId: string,
  to: ResetTarget,
  input: { otp: string; newPassword: string; confirmPassword: string },
  opts: ResetOpts,
) {
  const user = await findResetUser(ctx, tenantId, to);
  if (!user && !opts.silentUnknown) throw fieldError('EMAIL_NOT_FOUND', to.field);
  const row = await verifyOtp(ctx, tenantId, 'reset', to.target, input.otp, 'otp');
  // Only reachable with a code nobody received (see sendResetOtpTo): the same answer as a wrong code.
  if (!user) throw fieldError('OTP_WRONG', 'otp');
  await assertPassword(ctx, tenantId, input.newPassword, input.confirmPassword, 'newPassword');
  const now = ctx.clock.now();
  const hash = await hashPassword(input.newPassword);
  await ctx.db.tx(async (db) => {
    await setUserPassword(db, tenantId, user.id, hash, now);
    await otps.markUsed(db, tenantId, row.id, now);
    await sessions.revokeUserSessions(db, tenantId, user.id, 'password_reset', now);
    await clearLoginFailures(db, tenantId, [lockKey(user, '')]);
  });
  await audit(ctx, {
    tenantId,
    actorId: user.id,
    action: 'auth.password.reset',
    resource: 'user',
    resourceId: user.id,
    details: { channel: to.channel },
  });
  return { ok: true as const };
}

export async function resetPassword(ctx: Ctx, input: TForgotResetRequest) {
  const tenant = await activeTenantByCode(ctx.db, input.tenant);
  return resetPasswordOf(ctx, tenant.id, { channel: 'email', target: input.email, field: 'email' }, input, {
    silentUnknown: false,
  });
}

export async function changePassword(
  ctx: AuthedCtx,
  input: { password: string; newPassword: string; confirmPassword: string },
) {
  const { tenantId, userId } = ctx.auth;
  const user = await findUserById(ctx.db, tenantId, userId);
  if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
  if (!(await verifyPassword(user.password_hash, input.password))) {
    await audit(ctx, { action: 'account.password.change', resource: 'user', resourceId: userId, outcome: 'failed' });
    throw fieldError('WRONG_CURRENT_PASSWORD', 'password');
  }
  if (input.newPassword === input.password) throw fieldError('SAME_PASSWORD', 'newPassword');
  await assertPassword(ctx, tenantId, input.newPassword, input.confirmPassword, 'newPassword');
  const now = ctx.clock.now();
  const hash = await hashPassword(input.newPassword);
  await ctx.db.tx(async (db) => {
    await setUserPassword(db, tenantId, userId, hash, now);
    await sessions.revokeUserSessions(db, tenantId, userId, 'password_changed', now, { keep: ctx.auth.sessionId });
  });
  await audit(ctx, { action: 'account.password.change', resource: 'user', resourceId: userId });
  return { ok: true as const };
}

// ---- Permissions and levels ----

function toLevel(l: LevelRow): TLevel {
  return {
    id: l.id,
    roleCode: l.role_code,
    roleName: l.role_name,
    scopeId: l.scope_id,
    scopeName: l.scope_name,
    centerId: l.center_id,
    centerName: l.center_name,
  };
}

async function clientLevels(ctx: AuthedCtx) {
  const levels = await listUserLevels(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  const s = await sessions.findSession(ctx.db, ctx.auth.tenantId, ctx.auth.sessionId);
  return s?.client === 'portal' ? levels.filter((l) => l.role_code !== 'patient') : levels;
}

export async function myPermissions(ctx: AuthedCtx): Promise<TPermissionResponse> {
  const levels = await clientLevels(ctx);
  const current = levels.find((l) => l.id === ctx.auth.levelId);
  if (!current) throw new AppError('LEVEL_NOT_FOUND');
  return {
    userId: ctx.auth.userId,
    tenantId: ctx.auth.tenantId,
    tenantCode: ctx.auth.tenantCode,
    role: ctx.auth.roleCode,
    level: toLevel(current),
    levelCount: levels.length,
    permissions: [...ctx.auth.permissions].sort((a, b) => a - b),
  };
}

export async function myLevels(ctx: AuthedCtx) {
  return { items: (await clientLevels(ctx)).map(toLevel), current: ctx.auth.levelId };
}

/** Switches the session to another of the user's levels; a fresh token pair carries it. */
export async function switchLevel(ctx: AuthedCtx, levelId: string): Promise<TTokenResponse> {
  const level = (await clientLevels(ctx)).find((l) => l.id === levelId);
  if (!level) throw new AppError('LEVEL_NOT_FOUND', { field: 'levelId' });
  const user = await findUserById(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
  const now = ctx.clock.now();
  const refresh = randomToken();
  await sessions.setSessionLevel(ctx.db, ctx.auth.tenantId, ctx.auth.sessionId, level.id, user.permissions_version);
  await sessions.insertRefreshToken(ctx.db, ctx.auth.tenantId, ctx.auth.sessionId, keyed(ctx, refresh), now);
  await audit(ctx, { action: 'auth.level.switch', resource: 'user_role', resourceId: level.id });
  return tokenResponse(ctx, ctx.auth.sessionId, user.id, ctx.auth.tenantId, user.permissions_version, refresh);
}
