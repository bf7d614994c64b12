import { personName } from '@carewatch/contracts/names';
import path from 'node:path';
import { isValidPhone } from '@carewatch/contracts/rules';
import {
  ATTACHMENT_MAX_BYTES,
  DEFAULT_PATIENT_LIST_COLUMNS,
  PATIENT_LIST_COLUMNS,
  checkPatientIdentifiers,
  type TAssignDoctorsRequest,
  type TAttachment,
  type TChangeStatusRequest,
  type TCreatePatientRequest,
  type TPatient,
  type TPatientCounts,
  type TPatientFields,
  type TPatientListColumn,
  type TPatientListQuery,
  type TPatientPage,
  type TPatientRow,
  type TPatientStatus,
  type TStatusHistory,
  type TTargetsRequest,
} from '@carewatch/contracts/patients';
import type { AuthedCtx, Deps } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import { sniffImage } from '../../platform/files.ts';
import { newFileKey } from '../../platform/file-store.ts';
import type { Readable } from 'node:stream';
import { addUserLevel, createUser, findUserByEmail, findUserByPhone } from '../users/users.service.ts';
import { findRoleByCode } from '../roles/roles.service.ts';
import { phoneRuleOf, silentAfterHoursFor, tenantSetting } from '../tenants/tenants.service.ts';
import { patientVisibility, requireVisiblePatient } from './patient-access.ts';
import * as repo from './patients.repo.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.outbox.ts';

// ---------------------------------------------------------------- mapping

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The silent-device rule's inputs (issue 20): the time now and the tenant's SILENT_AFTER_HOURS. */
export type SilenceRule = { now: Date; hours: number };

/**
 * Silent device (issue 20): a patient who has sent readings or has an active paired device (activated, assigned to
 * them) and from whom nothing was received for `hours` — counted from the last reading, or with none from the first
 * activation of a paired device. `silentSince` = that time plus `hours`. (The same rule as
 * `repo.silentPatientsByDoctor`.) The "not worn" reason is `notWornOf`.
 */
export function silenceOf(
  lastReadingAt: Date | null,
  pairedSince: Date | null,
  rule: SilenceRule,
): { silent: boolean; silentSince: string | null } {
  const ref = lastReadingAt ?? pairedSince;
  if (!ref) return { silent: false, silentSince: null };
  const since = new Date(ref).getTime() + rule.hours * 3600_000;
  return since < rule.now.getTime()
    ? { silent: true, silentSince: new Date(since).toISOString() }
    : { silent: false, silentSince: null };
}

/** Not worn (issue 20): a device of the patient reports no skin contact since `notWornSince` (the earliest of them). */
export function notWornOf(notWornSince: Date | null): { notWorn: boolean; notWornSince: string | null } {
  return notWornSince
    ? { notWorn: true, notWornSince: new Date(notWornSince).toISOString() }
    : { notWorn: false, notWornSince: null };
}

/** The rule in force for the caller's tenant now. */
export async function silenceRuleOf(ctx: Pick<AuthedCtx, 'db' | 'clock'>, tenantId: string): Promise<SilenceRule> {
  return { now: ctx.clock.now(), hours: await silentAfterHoursFor(ctx.db, tenantId) };
}

/**
 * A patient row for a reader: the name in their language's convention (contracts/names.ts); the silent flag by
 * `rule` (without one, as in the detail view, which shows no flag: not silent, not "not worn").
 */
export function toRow(r: repo.PatientRow, lang: string, rule?: SilenceRule): TPatientRow {
  return {
    lastReadingAt: iso(r.last_reading_at),
    ...(rule ? silenceOf(r.last_reading_at, r.paired_since, rule) : { silent: false, silentSince: null }),
    ...(rule ? notWornOf(r.not_worn_since) : { notWorn: false, notWornSince: null }),
    id: r.id,
    patientCode: r.patient_code,
    fullName: personName({ firstName: r.first_name, lastName: r.last_name }, lang),
    firstName: r.first_name,
    lastName: r.last_name,
    birthday: r.birthday,
    gender: r.gender,
    phone: r.phone,
    email: r.email,
    status: r.status as TPatientStatus,
    packageExpiry: r.package_expiry,
    contractId: r.contract_id,
    centerId: r.center_id,
    centerName: r.center_name,
    accountCreatedAt: iso(r.account_created_at),
    createdAt: new Date(r.created_at).toISOString(),
  };
}
const toAttachment = (a: repo.AttachmentRow): TAttachment => ({
  id: a.id,
  fileName: a.file_name,
  contentType: a.content_type,
  sizeBytes: Number(a.size_bytes),
  createdAt: new Date(a.created_at).toISOString(),
});

async function detail(db: Db, tenantId: string, id: string, lang: string): Promise<TPatient> {
  const r = await repo.findPatient(db, tenantId, id);
  if (!r) throw new AppError('PATIENT_NOT_FOUND');
  const [relatives, attachments, doctors] = [
    await repo.relativesOf(db, tenantId, id),
    await repo.attachmentsOf(db, tenantId, id),
    await repo.doctorsOf(db, tenantId, id),
  ];
  return {
    ...toRow(r, lang),
    heightCm: r.height_cm,
    weightKg: r.weight_kg,
    bloodType: r.blood_type,
    address: r.address,
    userId: r.user_id,
    doctors: doctors.map((d) => ({
      id: d.id,
      name: personName({ firstName: d.first_name, lastName: d.last_name }, lang),
    })),
    attachments: attachments.map(toAttachment),
    relatives: relatives.map((x) => ({
      id: x.id,
      name: x.name,
      phone: x.phone,
      relationship: x.relationship as TPatient['relatives'][number]['relationship'],
    })),
    sleepTargetMinutes: r.sleep_target_minutes,
    stepsTarget: r.steps_target,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The tenant's list columns (setting PATIENT_LIST_COLUMNS, comma-separated); unknown names are dropped. */
export async function listColumnsOf(db: Db, tenantId: string): Promise<TPatientListColumn[]> {
  const raw = await tenantSetting(db, tenantId, 'PATIENT_LIST_COLUMNS');
  const cols = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is TPatientListColumn => (PATIENT_LIST_COLUMNS as readonly string[]).includes(s));
  return cols.length ? [...new Set(cols)] : [...DEFAULT_PATIENT_LIST_COLUMNS];
}

// ---------------------------------------------------------------- rules (shared with the bulk import)

const IDENTIFIER_FIELDS = ['patientCode', 'phone', 'email'] as const;
export function identifierError(): AppError {
  const message = checkPatientIdentifiers({ patientCode: null, phone: null, email: null }) ?? '';
  return new AppError('PATIENT_IDENTIFIER_REQUIRED', {
    field: 'patientCode',
    rule: 'required',
    fields: IDENTIFIER_FIELDS.map((field) => ({ field, rule: 'required', message })),
  });
}
export const phoneError = (field = 'phone') =>
  new AppError('VALIDATION_ERROR', { field, rule: 'phone' }, 'Phone number is not valid');

/** Identifier, phone rule and uniqueness checks of the form (spec §5). */
async function checkFields(ctx: AuthedCtx, input: TPatientFields, selfId: string | null, selfUserId: string | null) {
  const t = ctx.auth.tenantId;
  if (checkPatientIdentifiers(input)) throw identifierError();
  if (input.phone && !isValidPhone(input.phone, await phoneRuleOf(ctx.db, t))) throw phoneError();
  for (const [i, r] of input.relatives.entries()) {
    if (r.phone && !isValidPhone(r.phone, await phoneRuleOf(ctx.db, t))) throw phoneError(`relatives.${i}.phone`);
  }
  const c = await repo.conflicts(ctx.db, t, input, selfId);
  if (c.code) throw fieldError('PATIENT_ID_EXISTS', 'patientCode');
  if (c.phone) throw fieldError('PHONE_USED', 'phone');
  if (c.contract) throw fieldError('CONTRACT_ID_EXISTS', 'contractId');
  if (input.email) {
    const u = await findUserByEmail(ctx.db, t, input.email);
    if (u && u.id !== selfUserId)
      throw new AppError('PATIENT_EMAIL_EXISTS', { field: 'email', rule: 'exists', redirect: 'login' });
  }
}

export async function resolveCenter(ctx: AuthedCtx, centerId: string | null): Promise<string | null> {
  const wanted = centerId ?? ctx.auth.centerId ?? null;
  if (!wanted) return null;
  if (!(await repo.centerVisible(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), wanted)))
    throw fieldError('CENTER_NOT_FOUND', 'centerId');
  return wanted;
}

/** Whether the center is the tenant's and within what the caller sees (a FHIR Group export names one). */
export function centerVisibleTo(ctx: AuthedCtx, centerId: string): Promise<boolean> {
  return repo.centerVisible(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), centerId);
}

/**
 * Adds a patient record as given, inside the caller's transaction (`db`): for the app's self-registration, which has
 * checked the account and the claimed phone itself. Staff create records through `createPatient`.
 */
export function insertPatientRecord(
  db: Db,
  tenantId: string,
  p: Parameters<typeof repo.insertPatient>[2],
): Promise<void> {
  return repo.insertPatient(db, tenantId, p);
}

export async function checkDoctors(ctx: AuthedCtx, doctorIds: string[]): Promise<string[]> {
  const ids = [...new Set(doctorIds)];
  const ok = await repo.activeDoctorIds(ctx.db, ctx.auth.tenantId, ids);
  const bad = ids.findIndex((id) => !ok.has(id));
  if (bad >= 0) throw fieldError('DOCTOR_NOT_FOUND', `doctorIds.${doctorIds.indexOf(ids[bad]!)}`);
  return ids;
}

const dataOf = (input: TPatientFields, centerId: string | null): repo.PatientData => ({
  patientCode: input.patientCode,
  firstName: input.firstName,
  lastName: input.lastName,
  birthday: input.birthday,
  gender: input.gender,
  heightCm: input.heightCm,
  weightKg: input.weightKg,
  bloodType: input.bloodType,
  phone: input.phone,
  email: input.email,
  address: input.address,
  centerId,
  packageExpiry: input.packageExpiry,
  contractId: input.contractId,
});

/** Maps a unique-index race to the same answer as the checked case. */
function uniqueViolation(e: unknown): AppError | null {
  const err = e as { code?: string; constraint?: string; message?: string };
  if (err.code !== '23505') return null;
  const text = `${err.constraint ?? ''} ${err.message ?? ''}`;
  if (text.includes('patients_code_unique')) return fieldError('PATIENT_ID_EXISTS', 'patientCode');
  if (text.includes('patients_phone_unique')) return fieldError('PHONE_USED', 'phone');
  if (text.includes('patients_contract_unique')) return fieldError('CONTRACT_ID_EXISTS', 'contractId');
  if (text.includes('users_email_unique')) return fieldError('EMAIL_USED', 'email');
  if (text.includes('users_phone_unique')) return fieldError('PHONE_USED', 'phone');
  return null;
}

// ---------------------------------------------------------------- reads

export async function getPatient(ctx: AuthedCtx, id: string): Promise<TPatient> {
  await requireVisiblePatient(ctx, id);
  const out = await detail(ctx.db, ctx.auth.tenantId, id, ctx.auth.language);
  await audit(ctx, { action: 'patient.read', resource: 'patient', resourceId: id });
  return out;
}

type Cursor = { key: string; id: string };
/** A cursor's sort key, by the sort's kind: a name (any text), a severity rank, a UTC time (±infinity: no readings). */
function cursorKeyOk(sort: string, key: string): boolean {
  const kind = repo.sortKeyKind(sort as TPatientListQuery['sort']);
  if (kind === 'text') return true;
  if (kind === 'rank') return /^[0-5]$/.test(key);
  if (sort.endsWith('lastReadingAt') && /^-?infinity$/.test(key)) return true;
  // A real UTC time as the database writes it (a well-shaped but impossible date would fail in SQL: a 500).
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?$/.exec(key);
  if (!m) return false;
  const [y, mo, d, h, mi, se] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, se));
  return (
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    t.getUTCSeconds() === se
  );
}
const encodeCursor = (sort: string, c: Cursor) =>
  Buffer.from(JSON.stringify([sort, c.key, c.id])).toString('base64url');
function decodeCursor(sort: string, s: string): Cursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 3 &&
      v[0] === sort &&
      typeof v[1] === 'string' &&
      typeof v[2] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(v[2]) &&
      cursorKeyOk(sort, v[1])
    ) {
      return { key: v[1], id: v[2] };
    }
  } catch {
    /* fall through */
  }
  throw new AppError('VALIDATION_ERROR', { field: 'cursor', rule: 'invalid' }, 'Invalid cursor');
}

export const filterOf = (q: Pick<TPatientListQuery, 'search' | 'status' | 'mhscId'>): repo.ListFilter => ({
  search: q.search || undefined,
  status: q.status,
  centerId: q.mhscId,
});

export async function listPatients(ctx: AuthedCtx, q: TPatientListQuery): Promise<TPatientPage> {
  const t = ctx.auth.tenantId;
  const v = patientVisibility(ctx.auth);
  const f = filterOf(q);
  const after = q.cursor ? decodeCursor(q.sort, q.cursor) : null;
  const rule = await silenceRuleOf(ctx, t);
  const rows = await repo.listPage(ctx.db, t, v, f, q.sort, { limit: q.size + 1, offset: q.page * q.size, after });
  const more = rows.length > q.size;
  const items = rows.slice(0, q.size);
  const last = items[items.length - 1];
  return {
    items: items.map((r) => toRow(r, ctx.auth.language, rule)),
    total: await repo.countList(ctx.db, t, v, f),
    page: q.page,
    size: q.size,
    nextCursor: more && last ? encodeCursor(q.sort, { key: last.sort_key, id: last.id }) : null,
    columns: await listColumnsOf(ctx.db, t),
  };
}

// ---------------------------------------------------------------- writes

export async function createPatient(ctx: AuthedCtx, input: TCreatePatientRequest): Promise<TPatient> {
  const t = ctx.auth.tenantId;
  await checkFields(ctx, input, null, null);
  const centerId = await resolveCenter(ctx, input.centerId);
  const doctorIds = await checkDoctors(ctx, input.doctorIds);
  let userId: string | null = null;
  if (input.createAccount) {
    if (!input.email && !input.phone)
      throw new AppError(
        'VALIDATION_ERROR',
        { field: 'email', rule: 'required' },
        'An account needs an email or a phone number',
      );
    if (input.phone && (await findUserByPhone(ctx.db, t, input.phone))) throw fieldError('PHONE_USED', 'phone');
    userId = newId();
  }
  const patientRole = input.createAccount ? await findRoleByCode(ctx.db, t, 'patient') : null;
  const id = newId();
  const now = ctx.clock.now();
  try {
    await ctx.db.tx(async (db) => {
      if (userId) {
        await createUser(db, t, {
          id: userId,
          email: input.email,
          phone: input.phone,
          passwordHash: null,
          firstName: input.firstName,
          lastName: input.lastName,
          status: 'active',
          now,
        });
        if (patientRole)
          await addUserLevel(db, t, { id: newId(), userId, roleId: patientRole.id, centerId, isMain: true });
      }
      await repo.insertPatient(db, t, {
        ...dataOf(input, centerId),
        id,
        userId,
        status: doctorIds.length ? 'assigned' : 'unassigned',
        createdBy: ctx.auth.userId,
        now,
      });
      await repo.replaceRelatives(
        db,
        t,
        id,
        input.relatives.map((r) => ({ ...r, id: newId() })),
        now,
      );
      await repo.setDoctors(db, t, id, doctorIds, now);
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
  await audit(ctx, { action: 'patient.create', resource: 'patient', resourceId: id, details: { account: !!userId } });
  return detail(ctx.db, t, id, ctx.auth.language);
}

export async function updatePatient(ctx: AuthedCtx, id: string, input: TPatientFields): Promise<TPatient> {
  const t = ctx.auth.tenantId;
  await requireVisiblePatient(ctx, id);
  const current = await repo.findPatient(ctx.db, t, id);
  if (!current) throw new AppError('PATIENT_NOT_FOUND');
  if (current.contract_id && input.contractId !== current.contract_id)
    throw fieldError('CONTRACT_ID_LOCKED', 'contractId');
  await checkFields(ctx, input, id, current.user_id);
  const centerId = input.centerId === current.center_id ? current.center_id : await resolveCenter(ctx, input.centerId);
  const now = ctx.clock.now();
  try {
    await ctx.db.tx(async (db) => {
      await repo.updatePatient(db, t, id, { ...dataOf(input, centerId), now });
      await repo.replaceRelatives(
        db,
        t,
        id,
        input.relatives.map((r) => ({ ...r, id: newId() })),
        now,
      );
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
  await audit(ctx, { action: 'patient.update', resource: 'patient', resourceId: id });
  return detail(ctx.db, t, id, ctx.auth.language);
}

/**
 * Changes a patient's status and keeps the "from → to" history (who, why, when). Called by the status route and by
 * other modules (the alert engine) with `byUserId` null for automatic changes. Returns false when nothing changed.
 */
export async function changePatientStatus(
  deps: Pick<Deps, 'db' | 'clock'>,
  tenantId: string,
  patientId: string,
  to: TPatientStatus,
  byUserId: string | null,
  reason: string | null,
): Promise<boolean> {
  return deps.db.tx(async (db) => {
    const rows = await db.query<{ status: string }>(
      'select status from patients where tenant_id = $1 and id = $2 for update',
      [tenantId, patientId],
    );
    const from = rows[0]?.status;
    if (!from || from === to) return false;
    const now = deps.clock.now();
    await repo.setStatus(db, tenantId, patientId, to, now);
    await repo.insertStatusHistory(db, tenantId, { id: newId(), patientId, from, to, by: byUserId, reason, at: now });
    await emitWebhookEvent(db, tenantId, {
      type: 'patient.status_changed',
      aggregateKey: `patient:${patientId}`,
      data: { patientId, from, to, reason },
      occurredAt: now,
    });
    return true;
  });
}

const HEALTH_TIERS: readonly TPatientStatus[] = ['at_risk', 'high_risk', 'sos'];

export async function changeStatus(ctx: AuthedCtx, id: string, input: TChangeStatusRequest): Promise<TPatient> {
  const p = await requireVisiblePatient(ctx, id);
  if (p.status === input.status) throw fieldError('PATIENT_STATUS_CHANGE_REFUSED', 'status', 'same_status');
  // The health tiers follow the open alerts (an SOS status always has its open SOS case, so someone is prompted): a
  // doctor changes the status by hand only while no alert is open, and only between normal, assigned and unassigned.
  const level = await ctx.ports.openAlertLevel(ctx.db, ctx.auth.tenantId, id);
  if (level !== 'normal' || HEALTH_TIERS.includes(input.status)) {
    throw new AppError(
      'PATIENT_STATUS_CHANGE_REFUSED',
      { field: 'status', rule: 'follows_alerts' },
      "Can't change patient status: at risk, high risk and SOS follow the patient's open alerts",
    );
  }
  const changed = await changePatientStatus(ctx, ctx.auth.tenantId, id, input.status, ctx.auth.userId, input.reason);
  if (!changed) throw fieldError('PATIENT_STATUS_CHANGE_REFUSED', 'status', 'same_status');
  await audit(ctx, {
    action: 'patient.status',
    resource: 'patient',
    resourceId: id,
    details: { from: p.status, to: input.status },
  });
  return detail(ctx.db, ctx.auth.tenantId, id, ctx.auth.language);
}

export async function statusHistory(ctx: AuthedCtx, id: string): Promise<TStatusHistory> {
  await requireVisiblePatient(ctx, id);
  const rows = await repo.statusHistory(ctx.db, ctx.auth.tenantId, id);
  await audit(ctx, { action: 'patient.status_history.read', resource: 'patient', resourceId: id });
  return {
    items: rows.map((r) => ({
      id: r.id,
      fromStatus: r.from_status as TPatientStatus,
      toStatus: r.to_status as TPatientStatus,
      changedBy:
        r.by_first === null && r.by_last === null
          ? null
          : personName({ firstName: r.by_first, lastName: r.by_last }, ctx.auth.language),
      reason: r.reason,
      changedAt: new Date(r.changed_at).toISOString(),
    })),
  };
}

export async function assignDoctors(ctx: AuthedCtx, id: string, input: TAssignDoctorsRequest): Promise<TPatient> {
  const t = ctx.auth.tenantId;
  const p = await requireVisiblePatient(ctx, id);
  const doctorIds = await checkDoctors(ctx, input.doctorIds);
  await ctx.db.tx(async (db) => repo.setDoctors(db, t, id, doctorIds, ctx.clock.now()));
  if (p.status === 'unassigned' || p.status === 'assigned') {
    await changePatientStatus(ctx, t, id, doctorIds.length ? 'assigned' : 'unassigned', ctx.auth.userId, null);
  }
  await audit(ctx, {
    action: 'patient.doctors',
    resource: 'patient',
    resourceId: id,
    details: { doctors: doctorIds.length },
  });
  return detail(ctx.db, t, id, ctx.auth.language);
}

/**
 * The caller (an active doctor) starts following the patient, keeping the other doctors: one row added, so two doctors
 * doing it at once, or a list changed meanwhile by someone else, lose nothing (the worklist's "Assign to me").
 */
export async function followAsDoctor(ctx: AuthedCtx, id: string): Promise<TPatient> {
  const t = ctx.auth.tenantId;
  const p = await requireVisiblePatient(ctx, id);
  const me = ctx.auth.userId;
  if (!(await repo.activeDoctorIds(ctx.db, t, [me])).has(me)) throw new AppError('PERMISSION_DENIED');
  await repo.addDoctor(ctx.db, t, id, me, ctx.clock.now());
  if (p.status === 'unassigned') await changePatientStatus(ctx, t, id, 'assigned', me, null);
  await audit(ctx, { action: 'patient.doctors.follow', resource: 'patient', resourceId: id });
  return detail(ctx.db, t, id, ctx.auth.language);
}

/**
 * Bulk "assign doctor" for one patient (issue 20): the doctor (checked once by the caller with `checkDoctors`) starts
 * following the patient and the other doctors stay, as in `followAsDoctor`; unassigned becomes assigned.
 */
export async function addPatientDoctor(ctx: AuthedCtx, id: string, doctorId: string): Promise<void> {
  const t = ctx.auth.tenantId;
  const p = await requireVisiblePatient(ctx, id);
  const current = await repo.doctorsOf(ctx.db, t, id);
  if (current.some((d) => d.id === doctorId)) return;
  // The same cap as the doctors list of `assignDoctors` (ZAssignDoctorsRequest).
  if (current.length >= 10)
    throw new AppError('VALIDATION_ERROR', { field: 'doctorId', rule: 'max' }, 'Max length is 10');
  await repo.addDoctor(ctx.db, t, id, doctorId, ctx.clock.now());
  if (p.status === 'unassigned') await changePatientStatus(ctx, t, id, 'assigned', ctx.auth.userId, null);
  await audit(ctx, {
    action: 'patient.doctors',
    resource: 'patient',
    resourceId: id,
    details: { doctors: current.length + 1, bulk: true },
  });
}

/** Bulk "change center" for one patient: only the center changes (checked once by the caller with `resolveCenter`). */
export async function changePatientCenter(ctx: AuthedCtx, id: string, centerId: string): Promise<void> {
  const p = await requireVisiblePatient(ctx, id);
  if (p.center_id === centerId) return;
  await repo.setCenter(ctx.db, ctx.auth.tenantId, id, centerId, ctx.clock.now());
  await audit(ctx, {
    action: 'patient.update',
    resource: 'patient',
    resourceId: id,
    details: { center: true, bulk: true },
  });
}

export async function updateTargets(ctx: AuthedCtx, id: string, input: TTargetsRequest): Promise<TPatient> {
  await requireVisiblePatient(ctx, id);
  await repo.setTargets(ctx.db, ctx.auth.tenantId, id, input, ctx.clock.now());
  await audit(ctx, { action: 'patient.targets', resource: 'patient', resourceId: id });
  return detail(ctx.db, ctx.auth.tenantId, id, ctx.auth.language);
}

// ---------------------------------------------------------------- attachments

const KIND: Record<string, { type: string; ext: string }> = {
  pdf: { type: 'application/pdf', ext: 'pdf' },
  png: { type: 'image/png', ext: 'png' },
  jpeg: { type: 'image/jpeg', ext: 'jpg' },
};
/** pdf, png or jpeg by content (magic bytes), never by name. */
export function sniffAttachment(buf: Buffer): { type: string; ext: string } | null {
  if (buf.length >= 5 && buf.subarray(0, 5).toString('latin1') === '%PDF-') return KIND.pdf!;
  const img = sniffImage(buf);
  return img ? KIND[img]! : null;
}
/** A file name safe for a Content-Disposition header (no path, no quotes or control characters). */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = path
    .basename(name.replaceAll('\\', '/'))
    .replace(/[^\w.\- ()]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 120);
  return base || fallback;
}

export async function addAttachment(
  ctx: AuthedCtx,
  id: string,
  file: { name: string; data: Buffer } | null,
): Promise<TAttachment> {
  await requireVisiblePatient(ctx, id);
  if (!file) throw new AppError('VALIDATION_ERROR', { field: 'file', rule: 'required' }, 'Required');
  if (file.data.length > ATTACHMENT_MAX_BYTES)
    throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
  const kind = sniffAttachment(file.data);
  if (!kind) throw new AppError('INVALID_FILE_TYPE', { field: 'file', rule: 'file_type' });
  const t = ctx.auth.tenantId;
  const { key: rel } = await ctx.files.put(newFileKey('patient-attachments', t, kind.ext), file.data, {
    contentType: kind.type,
  });
  const attachmentId = newId();
  const now = ctx.clock.now();
  const fileName = safeFileName(file.name, `attachment.${kind.ext}`);
  await repo.insertAttachment(ctx.db, t, {
    id: attachmentId,
    patientId: id,
    fileName,
    contentType: kind.type,
    size: file.data.length,
    path: rel,
    createdBy: ctx.auth.userId,
    now,
  });
  await audit(ctx, { action: 'patient.attachment.add', resource: 'patient', resourceId: id });
  return {
    id: attachmentId,
    fileName,
    contentType: kind.type,
    sizeBytes: file.data.length,
    createdAt: now.toISOString(),
  };
}

/** Stores the row of a file already put in the file store (the SOS recording); the caller checks and audits. */
export function insertPatientAttachment(
  db: Db,
  tenantId: string,
  a: Parameters<typeof repo.insertAttachment>[2],
): Promise<void> {
  return repo.insertAttachment(db, tenantId, a);
}

/** One attachment of the patient, or null (another patient's id answers null like a missing one). */
export function findPatientAttachment(
  db: Db,
  tenantId: string,
  patientId: string,
  id: string,
): Promise<repo.AttachmentRow | null> {
  return repo.findAttachment(db, tenantId, patientId, id);
}

/** The attachment as a stream from the file store (never read whole) with its size. */
export async function readAttachment(
  ctx: AuthedCtx,
  id: string,
  fileId: string,
): Promise<{ stream: Readable; size: number; type: string; name: string }> {
  await requireVisiblePatient(ctx, id);
  const a = await repo.findAttachment(ctx.db, ctx.auth.tenantId, id, fileId);
  const f = a ? await ctx.files.open(a.path) : null;
  if (!a || !f) throw new AppError('NOT_FOUND');
  await audit(ctx, { action: 'patient.attachment.read', resource: 'patient', resourceId: id });
  return { stream: f.stream, size: f.size, type: a.content_type, name: safeFileName(a.file_name) };
}

export async function deleteAttachment(ctx: AuthedCtx, id: string, fileId: string): Promise<{ ok: true }> {
  await requireVisiblePatient(ctx, id);
  const a = await repo.findAttachment(ctx.db, ctx.auth.tenantId, id, fileId);
  if (!a) throw new AppError('NOT_FOUND');
  await repo.deleteAttachment(ctx.db, ctx.auth.tenantId, fileId);
  await ctx.files.remove(a.path);
  await audit(ctx, { action: 'patient.attachment.delete', resource: 'patient', resourceId: id });
  return { ok: true };
}

// ---------------------------------------------------------------- dashboard counts

export async function patientCounts(
  ctx: AuthedCtx,
  centerId: string | undefined,
  centerRequired = false,
): Promise<TPatientCounts> {
  const t = ctx.auth.tenantId;
  const v = patientVisibility(ctx.auth);
  if (centerId && !(await repo.centerVisible(ctx.db, t, v, centerId))) throw fieldError('CENTER_NOT_FOUND', 'mhscId');
  if (centerRequired && !centerId)
    throw new AppError('VALIDATION_ERROR', { field: 'mhscId', rule: 'required' }, 'Required');
  const c = await repo.counts(ctx.db, t, v, centerId);
  return {
    total: c.total,
    normal: c.normal,
    atRisk: c.at_risk,
    highRisk: c.high_risk,
    sos: c.sos,
    unassigned: c.unassigned,
    assigned: c.assigned,
  };
}
