import {
  DEFAULT_CONFIRM_SECONDS,
  DEFAULT_THRESHOLDS,
  THRESHOLD_INDEXES,
  type TPatientThresholds,
  type TPutMyThresholdsRequest,
  type TPutTenantThresholdsRequest,
  type TPutThresholdsRequest,
  type TResetThresholdsRequest,
  type TTenantThresholds,
  type TThreshold,
  type TThresholdIndex,
  type TThresholdSide,
} from '@carewatch/contracts/alerts';
import { personalizeThreshold, type PatientContext } from '@carewatch/clinical/thresholds';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { ownPatient, requireVisiblePatient } from '../patients/patient-access.ts';
import * as repo from './alerts.repo.ts';
import { engineContextCache } from './engine-cache.ts';

const side = (v: Record<string, number | null> | null | undefined): TThresholdSide => ({
  atRisk: v?.atRisk ?? null,
  highRisk: v?.highRisk ?? null,
  sos: v?.sos ?? null,
});

/** A custom threshold as stored (absolute values: never personalized). */
export const thresholdOfRow = (r: repo.ThresholdRow): TThreshold => ({
  index: r.idx as TThresholdIndex,
  low: side(r.low),
  high: side(r.high),
  locked: r.locked,
  patientMayEdit: r.patient_may_edit,
  personalized: false,
});

/** Age in whole years at `now` from an ISO birthday (YYYY-MM-DD); null when unknown. */
export function ageAt(birthday: string | null, now: Date): number | null {
  if (!birthday) return null;
  const [y, m, d] = birthday.split('-').map(Number);
  if (!y || !m || !d) return null;
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age >= 0 ? age : null;
}
export const patientContext = (birthday: string | null, gender: string | null, now: Date): PatientContext => ({
  age: ageAt(birthday, now),
  sex: gender === 'male' || gender === 'female' ? gender : null,
});

/** A tenant default as stored: applies to every patient without a threshold of their own (never locked, not editable). */
export const thresholdOfTenantRow = (r: repo.TenantThresholdRow): TThreshold => ({
  index: r.idx as TThresholdIndex,
  low: side(r.low),
  high: side(r.high),
  locked: false,
  patientMayEdit: false,
  personalized: r.personalized,
});

/** The tenant's default per index: its own row, else CareWatch's built-in one. */
export function tenantDefaults(tenantRows: readonly repo.TenantThresholdRow[]): TThreshold[] {
  const own = new Map(tenantRows.map((r) => [r.idx, thresholdOfTenantRow(r)]));
  return DEFAULT_THRESHOLDS.map((d) => own.get(d.index) ?? d);
}

/**
 * The thresholds evaluation uses: built-in defaults ← the tenant's defaults (both personalized by `evaluate` when
 * `personalized`) ← the patient's own, index by index.
 */
export function effectiveThresholds(
  rows: readonly repo.ThresholdRow[],
  tenantRows: readonly repo.TenantThresholdRow[] = [],
): TThreshold[] {
  const custom = new Map(rows.map((r) => [r.idx, thresholdOfRow(r)]));
  return tenantDefaults(tenantRows).map((d) => custom.get(d.index) ?? d);
}

/**
 * A patient's effective thresholds as shown: the patient's own, else the tenant default personalised by age and sex.
 * Unchecked: the caller has decided access (staff visibility here, a follower's consent in app-subjects).
 */
export async function thresholdsView(
  db: Db,
  tenantId: string,
  patientId: string,
  pctx: PatientContext,
): Promise<TPatientThresholds> {
  const [rows, tenantRows, seconds] = await Promise.all([
    repo.thresholdRows(db, tenantId, patientId),
    repo.tenantThresholdRows(db, tenantId),
    repo.confirmSeconds(db, tenantId, patientId),
  ]);
  const byIndex = new Map(rows.map((r) => [r.idx, r]));
  const defaults = tenantDefaults(tenantRows);
  const tenantRow = new Map(tenantRows.map((r) => [r.idx, r]));
  return {
    patientId,
    confirmSeconds: seconds ?? DEFAULT_CONFIRM_SECONDS,
    items: THRESHOLD_INDEXES.map((index) => {
      const r = byIndex.get(index);
      if (r) {
        return {
          ...thresholdOfRow(r),
          source: 'custom' as const,
          updatedAt: new Date(r.updated_at).toISOString(),
          updatedBy: r.updated_by,
        };
      }
      const d = defaults.find((x) => x.index === index)!;
      const t = tenantRow.get(index);
      return {
        ...personalizeThreshold(d, pctx),
        source: 'default' as const,
        updatedAt: t ? new Date(t.updated_at).toISOString() : null,
        updatedBy: t?.updated_by ?? null,
      };
    }),
  };
}

async function contextOf(ctx: AuthedCtx, patientId: string): Promise<PatientContext> {
  const rows = await ctx.db.query<{ birthday: string | null; gender: string | null }>(
    "select to_char(birthday, 'YYYY-MM-DD') as birthday, gender from patients where tenant_id = $1 and id = $2::uuid",
    [ctx.auth.tenantId, patientId],
  );
  return patientContext(rows[0]?.birthday ?? null, rows[0]?.gender ?? null, ctx.clock.now());
}

export async function getThresholds(ctx: AuthedCtx, patientId: string): Promise<TPatientThresholds> {
  await requireVisiblePatient(ctx, patientId);
  await audit(ctx, { action: 'patient.thresholds.view', resource: 'patient', resourceId: patientId });
  return thresholdsView(ctx.db, ctx.auth.tenantId, patientId, await contextOf(ctx, patientId));
}

/** A doctor (or an assistant of a followed doctor: visibility decides) sets thresholds, lock and patient editing. */
export async function putThresholds(
  ctx: AuthedCtx,
  patientId: string,
  input: TPutThresholdsRequest,
): Promise<TPatientThresholds> {
  await requireVisiblePatient(ctx, patientId);
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    for (const t of input.items) await repo.upsertThreshold(db, ctx.auth.tenantId, patientId, t, ctx.auth.userId, now);
    if (input.confirmSeconds !== undefined)
      await repo.setConfirmSeconds(db, ctx.auth.tenantId, patientId, input.confirmSeconds, ctx.auth.userId, now);
  });
  engineContextCache.invalidate(ctx.auth.tenantId, patientId);
  await audit(ctx, {
    action: 'patient.thresholds.update',
    resource: 'patient',
    resourceId: patientId,
    details: { indexes: input.items.map((t) => t.index).join(','), confirmSeconds: input.confirmSeconds ?? null },
  });
  return thresholdsView(ctx.db, ctx.auth.tenantId, patientId, await contextOf(ctx, patientId));
}

export async function resetThresholds(
  ctx: AuthedCtx,
  patientId: string,
  input: TResetThresholdsRequest,
): Promise<TPatientThresholds> {
  await requireVisiblePatient(ctx, patientId);
  const all = !input.indexes || input.indexes.length === 0;
  await ctx.db.tx(async (db) => {
    await repo.deleteThresholds(db, ctx.auth.tenantId, patientId, all ? null : input.indexes!);
    if (all) await repo.setConfirmSeconds(db, ctx.auth.tenantId, patientId, null, ctx.auth.userId, ctx.clock.now());
  });
  engineContextCache.invalidate(ctx.auth.tenantId, patientId);
  await audit(ctx, {
    action: 'patient.thresholds.reset',
    resource: 'patient',
    resourceId: patientId,
    details: { indexes: all ? 'all' : input.indexes!.join(',') },
  });
  return thresholdsView(ctx.db, ctx.auth.tenantId, patientId, await contextOf(ctx, patientId));
}

async function requireOwn(ctx: AuthedCtx) {
  const own = await ownPatient(ctx);
  if (!own) throw new AppError('NOT_A_PATIENT');
  return own;
}

export async function getMyThresholds(ctx: AuthedCtx): Promise<TPatientThresholds> {
  const own = await requireOwn(ctx);
  return thresholdsView(ctx.db, ctx.auth.tenantId, own.id, await contextOf(ctx, own.id));
}

/** The patient changes their own thresholds, only for indexes the doctor let them edit (and never locked ones). */
export async function putMyThresholds(ctx: AuthedCtx, input: TPutMyThresholdsRequest): Promise<TPatientThresholds> {
  const own = await requireOwn(ctx);
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    const rows = new Map((await repo.thresholdRows(db, ctx.auth.tenantId, own.id)).map((r) => [r.idx, r]));
    input.items.forEach((t, i) => {
      const r = rows.get(t.index);
      if (!r || r.locked || !r.patient_may_edit)
        throw new AppError('THRESHOLD_LOCKED', { field: `items.${i}.index`, rule: 'locked' });
    });
    for (const t of input.items) {
      await repo.upsertThreshold(
        db,
        ctx.auth.tenantId,
        own.id,
        { ...t, locked: false, patientMayEdit: true },
        ctx.auth.userId,
        now,
      );
    }
  });
  engineContextCache.invalidate(ctx.auth.tenantId, own.id);
  await audit(ctx, {
    action: 'patient.thresholds.update',
    resource: 'patient',
    resourceId: own.id,
    details: { indexes: input.items.map((t) => t.index).join(','), self: true },
  });
  return thresholdsView(ctx.db, ctx.auth.tenantId, own.id, await contextOf(ctx, own.id));
}

// ---------------------------------------------------------------- tenant defaults

async function tenantView(db: Db, tenantId: string): Promise<TTenantThresholds> {
  const rows = new Map((await repo.tenantThresholdRows(db, tenantId)).map((r) => [r.idx, r]));
  return {
    items: THRESHOLD_INDEXES.map((index) => {
      const r = rows.get(index);
      if (r)
        return {
          ...thresholdOfTenantRow(r),
          source: 'tenant' as const,
          updatedAt: new Date(r.updated_at).toISOString(),
          updatedBy: r.updated_by,
        };
      return {
        ...DEFAULT_THRESHOLDS.find((x) => x.index === index)!,
        source: 'builtin' as const,
        updatedAt: null,
        updatedBy: null,
      };
    }),
  };
}

export async function getTenantThresholds(ctx: AuthedCtx): Promise<TTenantThresholds> {
  return tenantView(ctx.db, ctx.auth.tenantId);
}

/** Sets the tenant's defaults of some indexes (locked / patient editing are per patient only, so never stored here). */
export async function putTenantThresholds(
  ctx: AuthedCtx,
  input: TPutTenantThresholdsRequest,
): Promise<TTenantThresholds> {
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    for (const t of input.items) await repo.upsertTenantThreshold(db, ctx.auth.tenantId, t, ctx.auth.userId, now);
  });
  engineContextCache.invalidate(ctx.auth.tenantId);
  await audit(ctx, {
    action: 'tenant.thresholds.update',
    resource: 'tenant',
    resourceId: ctx.auth.tenantId,
    details: { indexes: input.items.map((t) => t.index).join(',') },
  });
  return tenantView(ctx.db, ctx.auth.tenantId);
}

/** Back to CareWatch's built-in defaults (the given indexes, or all). */
export async function resetTenantThresholds(
  ctx: AuthedCtx,
  input: TResetThresholdsRequest,
): Promise<TTenantThresholds> {
  const all = !input.indexes || input.indexes.length === 0;
  await repo.deleteTenantThresholds(ctx.db, ctx.auth.tenantId, all ? null : input.indexes!);
  engineContextCache.invalidate(ctx.auth.tenantId);
  await audit(ctx, {
    action: 'tenant.thresholds.reset',
    resource: 'tenant',
    resourceId: ctx.auth.tenantId,
    details: { indexes: all ? 'all' : input.indexes!.join(',') },
  });
  return tenantView(ctx.db, ctx.auth.tenantId);
}

/**
 * The thresholds the alert engine judges a patient's readings against (no access check, no audit: the caller has done
 * both), for other modules that flag readings (the vitals export's out-of-range column). Personalize with `patientContext`.
 */
export async function thresholdsForEvaluation(db: Db, tenantId: string, patientId: string): Promise<TThreshold[]> {
  const [rows, tenantRows] = await Promise.all([
    repo.thresholdRows(db, tenantId, patientId),
    repo.tenantThresholdRows(db, tenantId),
  ]);
  return effectiveThresholds(rows, tenantRows);
}
