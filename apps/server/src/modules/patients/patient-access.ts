import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import type { AuthInfo } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './patient-access.repo.ts';
import type { PatientVisibility } from './patient-visibility.ts';

export function patientVisibility(auth: AuthInfo): PatientVisibility {
  if (auth.roleCode === 'patient') return { kind: 'self', userId: auth.userId };
  if (auth.roleCode === 'doctor') return { kind: 'doctor', userId: auth.userId, centerId: auth.centerId };
  if (auth.roleCode === 'doctor_assistant') return { kind: 'assistant', userId: auth.userId, centerId: auth.centerId };
  if (auth.roleCode === 'coach') return { kind: 'coach', userId: auth.userId };
  if (auth.centerId) return { kind: 'center', centerId: auth.centerId };
  if (auth.scopeId) return { kind: 'scope', scopeId: auth.scopeId };
  return { kind: 'tenant' };
}

export type VisiblePatient = repo.PatientAccessRow;

/** A patient the caller may see, or PATIENT_NOT_FOUND: another tenant's, another center's and a missing id answer alike. */
export async function requireVisiblePatient(ctx: AuthedCtx, patientId: string): Promise<VisiblePatient> {
  const row = await repo.findVisible(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), patientId);
  if (!row) throw new AppError('PATIENT_NOT_FOUND');
  return row;
}

/** The patient record of the signed-in patient account, or null when the account is not linked to one. */
export async function ownPatient(ctx: AuthedCtx): Promise<VisiblePatient | null> {
  return repo.findByUser(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
}

/**
 * For the patient app's read screens: a patient the caller may view — themself, a sub-user they manage, or a patient
 * who accepted them as emergency or caring follower. Anything else answers PATIENT_NOT_FOUND, like a missing id.
 * `relation` tells what the caller may do beyond reading (only 'self' and 'sub_user' may write). `me` names the
 * caller's own record (NOT_A_PATIENT for a follower-only account).
 */
export async function requireAppSubject(
  ctx: AuthedCtx,
  patientId: string,
): Promise<VisiblePatient & { relation: repo.AppSubjectRelation }> {
  if (patientId === 'me') {
    const own = await ownPatient(ctx);
    if (!own) throw new AppError('NOT_A_PATIENT');
    return { ...own, relation: 'self' };
  }
  const row = await repo.findAppSubject(ctx.db, ctx.auth.tenantId, ctx.auth.userId, patientId);
  if (!row) throw new AppError('PATIENT_NOT_FOUND');
  return row;
}

/** The app users who may view this patient's data in the app (own account, sub-user manager, accepted followers). */
export async function appAudienceOf(db: Db, tenantId: string, patientId: string): Promise<string[]> {
  return repo.appAudience(db, tenantId, patientId);
}
