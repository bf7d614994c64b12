import {
  DEFAULT_CONFIRM_SECONDS, DEFAULT_THRESHOLDS, THRESHOLD_INDEXES,
  type TPatientThresholds, type TPutMyThresholdsRequest, type TPutThresholdsRequest, type TResetThresholdsRequest, type TThreshold,
  type TThresholdIndex, type TThresholdSide,
} from '@carewatch/contracts/alerts';
import { personalizeThreshold, type PatientContext } from '@carewatch/clinical/thresholds';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { ownPatient, requireVisiblePatient } from '../patients/patient-access.ts';
import * as repo from './alerts.repo.ts';

const side = (v: Record<string, number | null> | null | undefined): TThresholdSide =>
  ({ atRisk: v?.atRisk ?? null, highRisk: v?.highRisk ?? null, sos: v?.sos ?? null });

/** A custom threshold as stored (absolute values: never personalized). */
export const thresholdOfRow = (r: repo.ThresholdRow): TThreshold => ({
  index: r.idx as TThresholdIndex, low: side(r.low), high: side(r.high), locked: r.locked, patientMayEdit: r.patient_may_edit, personalized: false,
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
export const patientContext = (birthday: string | null, gender: string | null, now: Date): PatientContext =>
  ({ age: ageAt(birthday, now), sex: gender === 'male' || gender === 'female' ? gender : null });

/** The thresholds evaluation uses: tenant defaults (personalized by `evaluate`) overridden by the patient's own. */
export function effectiveThresholds(rows: readonly repo.ThresholdRow[]): TThreshold[] {
  const custom = new Map(rows.map((r) => [r.idx, thresholdOfRow(r)]));
  return DEFAULT_THRESHOLDS.map((d) => custom.get(d.index) ?? d);
}

async function view(db: Db, tenantId: string, patientId: string, pctx: PatientContext): Promise<TPatientThresholds> {
  const [rows, seconds] = await Promise.all([repo.thresholdRows(db, tenantId, patientId), repo.confirmSeconds(db, tenantId, patientId)]);
  const byIndex = new Map(rows.map((r) => [r.idx, r]));
  return {
    patientId,
    confirmSeconds: seconds ?? DEFAULT_CONFIRM_SECONDS,
    items: THRESHOLD_INDEXES.map((index) => {
      const r = byIndex.get(index);
      if (r) {
        return { ...thresholdOfRow(r), source: 'custom' as const, updatedAt: new Date(r.updated_at).toISOString(), updatedBy: r.updated_by };
      }
      const d = DEFAULT_THRESHOLDS.find((x) => x.index === index)!;
      return { ...personalizeThreshold(d, pctx), source: 'default' as const, updatedAt: null, updatedBy: null };
    }),
  };
}

async function contextOf(ctx: AuthedCtx, patientId: string): Promise<PatientContext> {
  const rows = await ctx.db.query<{ birthday: string | null; gender: string | null }>(
    "select to_char(birthday, 'YYYY-MM-DD') as birthday, gender from patients where tenant_id = $1 and id = $2::uuid", [ctx.auth.tenantId, patientId]);
  return patientContext(rows[0]?.birthday ?? null, rows[0]?.gender ?? null, ctx.clock.now());
}

export async function getThresholds(ctx: AuthedCtx, patientId: string): Promise<TPatientThresholds> {
  await requireVisiblePatient(ctx, patientId);
  await audit(ctx, { action: 'patient.thresholds.view', resource: 'patient', resourceId: patientId });
  return view(ctx.db, ctx.auth.tenantId, patientId, await contextOf(ctx, patientId));
}

/** A doctor (or an assistant of a followed doctor: visibility decides) sets thresholds, lock and patient editing. */
export async function putThresholds(ctx: AuthedCtx, patientId: string, input: TPutThresholdsRequest): Promise<TPatientThresholds> {
  await requireVisiblePatient(ctx, patientId);
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    for (const t of input.items) await repo.upsertThreshold(db, ctx.auth.tenantId, patientId, t, ctx.auth.userId, now);
    if (input.confirmSeconds !== undefined) await repo.setConfirmSeconds(db, ctx.auth.tenantId, patientId, input.confirmSeconds, ctx.auth.userId, now);
  });
  await audit(ctx, {
    action: 'patient.thresholds.update', resource: 'patient', resourceId: patientId,
    details: { indexes: input.items.map((t) => t.index).join(','), confirmSeconds: input.confirmSeconds ?? null },
  });
  return view(ctx.db, ctx.auth.tenantId, patientId, await contextOf(ctx, patientId));
}

export async function resetThresholds(ctx: AuthedCtx, patientId: string, input: TResetThresholdsRequest): Promise<TPatientThresholds> {
  await requireVisiblePatient(ctx, patientId);
  const all = !input.indexes || input.indexes.length === 0;
  await ctx.db.tx(async (db) => {
    await repo.deleteThresholds(db, ctx.auth.tenantId, patientId, all ? null : input.indexes!);
    if (all) await repo.setConfirmSeconds(db, ctx.auth.tenantId, patientId, null, ctx.auth.userId, ctx.clock.now());
  });
  await audit(ctx, { action: 'patient.thresholds.reset', resource: 'patient', resourceId: patientId, details: { indexes: all ? 'all' : input.indexes!.join(',') } });
  return view(ctx.db, ctx.auth.tenantId, patientId, await contextOf(ctx, patientId));
}

async function requireOwn(ctx: AuthedCtx) {
  const own = await ownPatient(ctx);
  if (!own) throw new AppError('NOT_A_PATIENT');
  return own;
}

export async function getMyThresholds(ctx: AuthedCtx): Promise<TPatientThresholds> {
  const own = await requireOwn(ctx);
  return view(ctx.db, ctx.auth.tenantId, own.id, await contextOf(ctx, own.id));
}

/** The patient changes their own thresholds, only for indexes the doctor let them edit (and never locked ones). */
export async function putMyThresholds(ctx: AuthedCtx, input: TPutMyThresholdsRequest): Promise<TPatientThresholds> {
  const own = await requireOwn(ctx);
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    const rows = new Map((await repo.thresholdRows(db, ctx.auth.tenantId, own.id)).map((r) => [r.idx, r]));
    input.items.forEach((t, i) => {
      const r = rows.get(t.index);
      if (!r || r.locked || !r.patient_may_edit) throw new AppError('THRESHOLD_LOCKED', { field: `items.${i}.index`, rule: 'locked' });
    });
    for (const t of input.items) {
      await repo.upsertThreshold(db, ctx.auth.tenantId, own.id, { ...t, locked: false, patientMayEdit: true }, ctx.auth.userId, now);
    }
  });
  await audit(ctx, { action: 'patient.thresholds.update', resource: 'patient', resourceId: own.id, details: { indexes: input.items.map((t) => t.index).join(','), self: true } });
  return view(ctx.db, ctx.auth.tenantId, own.id, await contextOf(ctx, own.id));
}
