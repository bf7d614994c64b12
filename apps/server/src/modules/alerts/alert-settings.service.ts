import {
  DEFAULT_ALERT_SETTINGS,
  type TAlertSettings,
  type TPatientAlertSettings,
  type TPutAlertSettingsRequest,
} from '@carewatch/contracts/alerts';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { ownPatient, requireVisiblePatient } from '../patients/patient-access.ts';
import * as repo from './alerts.repo.ts';
import { engineContextCache } from './engine-cache.ts';

type SettingsColumns = Pick<
  repo.AlertSettingsRow,
  'push' | 'sms' | 'automatic_call' | 'in_app' | 'valid_from' | 'valid_to' | 'confirm_seconds'
>;
type Nullable<T> = { [K in keyof T]: T[K] | null };

/** Stored settings as they apply (defaults for a patient who never set them; columns are null when no row exists). */
export function storedSettingsOf(r: Nullable<SettingsColumns> | null): repo.StoredAlertSettings {
  const d = DEFAULT_ALERT_SETTINGS;
  return {
    push: r?.push ?? d.push,
    sms: r?.sms ?? d.sms,
    automaticCall: r?.automatic_call ?? d.automaticCall,
    inApp: r?.in_app ?? d.inApp,
    validFrom: r?.valid_from ?? null,
    validTo: r?.valid_to ?? null,
    confirmSeconds: r?.confirm_seconds ?? null,
  };
}
/** The settings the engine applies (a null confirmation delay is the 15 s default). */
export function settingsOf(r: Nullable<SettingsColumns> | null): TAlertSettings {
  const s = storedSettingsOf(r);
  return { ...s, confirmSeconds: s.confirmSeconds ?? DEFAULT_ALERT_SETTINGS.confirmSeconds };
}

async function view(ctx: AuthedCtx, patientId: string): Promise<TPatientAlertSettings> {
  const row = await repo.alertSettingsRow(ctx.db, ctx.auth.tenantId, patientId);
  return { patientId, ...settingsOf(row), updatedAt: row?.updated_at ? new Date(row.updated_at).toISOString() : null };
}

/**
 * Merges a subset into the stored settings and checks the result: the valid time needs both ends or neither, and
 * distinct ends (a subset may set one end against the other stored one). `confirmSeconds` is the same stored value as
 * the one of PUT thresholds (one source of truth).
 */
async function put(
  ctx: AuthedCtx,
  patientId: string,
  input: TPutAlertSettingsRequest,
  self: boolean,
): Promise<TPatientAlertSettings> {
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    const cur = storedSettingsOf(await repo.alertSettingsRow(db, ctx.auth.tenantId, patientId));
    const next: repo.StoredAlertSettings = {
      push: input.push ?? cur.push,
      sms: input.sms ?? cur.sms,
      automaticCall: input.automaticCall ?? cur.automaticCall,
      inApp: input.inApp ?? cur.inApp,
      validFrom: input.validFrom === undefined ? cur.validFrom : input.validFrom,
      validTo: input.validTo === undefined ? cur.validTo : input.validTo,
      confirmSeconds: input.confirmSeconds ?? cur.confirmSeconds,
    };
    if ((next.validFrom === null) !== (next.validTo === null)) {
      // Name the end that is missing after the merge.
      const field = next.validFrom === null ? 'validFrom' : 'validTo';
      throw new AppError('VALIDATION_ERROR', { field, rule: 'required' }, `${field}: Give both times or neither`);
    }
    if (next.validFrom !== null && next.validFrom === next.validTo) {
      throw new AppError(
        'VALIDATION_ERROR',
        { field: input.validTo !== undefined ? 'validTo' : 'validFrom', rule: 'custom' },
        'Start time and end time must differ',
      );
    }
    await repo.upsertAlertSettings(db, ctx.auth.tenantId, patientId, next, ctx.auth.userId, now);
  });
  engineContextCache.invalidate(ctx.auth.tenantId, patientId);
  await audit(ctx, {
    action: 'patient.alert_settings.update',
    resource: 'patient',
    resourceId: patientId,
    details: { fields: Object.keys(input).sort().join(','), ...(self ? { self: true } : {}) },
  });
  return view(ctx, patientId);
}

export async function getAlertSettings(ctx: AuthedCtx, patientId: string): Promise<TPatientAlertSettings> {
  await requireVisiblePatient(ctx, patientId);
  return view(ctx, patientId);
}

export async function putAlertSettings(
  ctx: AuthedCtx,
  patientId: string,
  input: TPutAlertSettingsRequest,
): Promise<TPatientAlertSettings> {
  await requireVisiblePatient(ctx, patientId);
  return put(ctx, patientId, input, false);
}

async function requireOwn(ctx: AuthedCtx) {
  const own = await ownPatient(ctx);
  if (!own) throw new AppError('NOT_A_PATIENT');
  return own;
}

export async function getMyAlertSettings(ctx: AuthedCtx): Promise<TPatientAlertSettings> {
  return view(ctx, (await requireOwn(ctx)).id);
}

export async function putMyAlertSettings(
  ctx: AuthedCtx,
  input: TPutAlertSettingsRequest,
): Promise<TPatientAlertSettings> {
  return put(ctx, (await requireOwn(ctx)).id, input, true);
}
