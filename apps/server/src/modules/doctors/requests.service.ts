import { personName } from '@carewatch/contracts/names';
import type {
  TCareRequest,
  TCareRequestList,
  TCreateDoctorRequest,
  TCreatePatientRequest,
} from '@carewatch/contracts/doctors';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { requireVisiblePatient } from '../patients/patient-access.ts';
import {
  acceptContactRequest,
  cancelContactRequest,
  isAssignedDoctor,
  rejectContactRequest,
  requestDoctorRelation,
} from '../contacts/contacts.service.ts';
import * as repo from './requests.repo.ts';

/**
 * Doctor and patient requests in the portal are the doctor contacts of the patient app (one implementation: the
 * contacts service's rules and state machine pending → accepted / rejected / cancelled). See contracts/doctors.ts.
 */
type Which = 'doctor' | 'patient';

const name = (first: string, last: string, lang: string) => personName({ firstName: first, lastName: last }, lang);

async function toRequest(ctx: AuthedCtx, r: repo.RequestRow, direction: 'sent' | 'received'): Promise<TCareRequest> {
  const lang = ctx.auth.language;
  const onBehalf = r.requested_by !== r.owner_id && r.requested_by !== r.contact_user_id;
  // The warning before accepting: only a pending family-doctor request replaces anyone.
  const replaces =
    r.status === 'pending' && r.kind === 'family_doctor'
      ? await repo.currentDoctors(ctx.db, ctx.auth.tenantId, r.owner_id, r.contact_user_id, onBehalf)
      : [];
  return {
    id: r.id,
    kind: r.kind === 'specialist' ? 'specialist' : 'family_doctor',
    specialty: r.specialty,
    status: r.status as TCareRequest['status'],
    direction,
    patient: {
      id: r.patient_id,
      userId: r.owner_id,
      name: name(r.owner_first, r.owner_last, lang),
      code: r.patient_code,
    },
    doctor: { id: r.contact_user_id, name: name(r.doctor_first, r.doctor_last, lang) },
    requestedBy: { id: r.requested_by, name: name(r.by_first, r.by_last, lang) },
    replaces: replaces.map((d) => ({ id: d.id, name: name(d.first_name, d.last_name, lang) })),
    createdAt: r.created_at.toISOString(),
    respondedAt: r.responded_at ? r.responded_at.toISOString() : null,
  };
}

async function lists(ctx: AuthedCtx, which: Which, status: string | undefined): Promise<TCareRequestList> {
  const { tenantId, userId } = ctx.auth;
  const [sent, received] = await Promise.all([
    repo.listRequests(ctx.db, tenantId, userId, which === 'doctor' ? 'doctor_sent' : 'patient_sent', status ?? null),
    repo.listRequests(
      ctx.db,
      tenantId,
      userId,
      which === 'doctor' ? 'doctor_received' : 'patient_received',
      status ?? null,
    ),
  ]);
  return {
    sent: await Promise.all(sent.map((r) => toRequest(ctx, r, 'sent'))),
    received: await Promise.all(received.map((r) => toRequest(ctx, r, 'received'))),
  };
}

export const doctorRequests = (ctx: AuthedCtx, status?: string) => lists(ctx, 'doctor', status);
export const patientRequests = (ctx: AuthedCtx, status?: string) => lists(ctx, 'patient', status);

/** The patient's app account (requests are contacts of that account); a patient without one cannot be asked. */
async function patientAccount(ctx: AuthedCtx, patientId: string): Promise<string> {
  const p = await requireVisiblePatient(ctx, patientId);
  if (!p.user_id) throw fieldError('VALIDATION_ERROR', 'patientId', 'app_account_required');
  return p.user_id;
}

/**
 * Staff ask a doctor to take a patient; a doctor may only refer a patient of theirs ("no relationship between doctor
 * and patient") and asks another doctor (their own requests to patients are patient requests).
 */
export async function createDoctorRequest(ctx: AuthedCtx, input: TCreateDoctorRequest): Promise<TCareRequest> {
  const ownerId = await patientAccount(ctx, input.patientId);
  if (ctx.auth.roleCode === 'doctor') {
    if (input.doctorId === ctx.auth.userId) throw fieldError('VALIDATION_ERROR', 'doctorId', 'not_self');
    if (!(await isAssignedDoctor(ctx.db, ctx.auth.tenantId, input.patientId, ctx.auth.userId)))
      throw fieldError('NO_DOCTOR_PATIENT_RELATION', 'patientId');
  }
  const id = await requestDoctorRelation(ctx, {
    ownerId,
    patientId: input.patientId,
    doctorId: input.doctorId,
    kind: input.kind,
    specialty: input.specialty ?? null,
  });
  return reloadRequest(ctx, id, 'doctor');
}

/** A doctor asks a patient (whom they may see) to become their family doctor or specialist; the patient answers in the app. */
export async function createPatientRequest(ctx: AuthedCtx, input: TCreatePatientRequest): Promise<TCareRequest> {
  if (ctx.auth.roleCode !== 'doctor') throw new AppError('PERMISSION_DENIED');
  const ownerId = await patientAccount(ctx, input.patientId);
  const id = await requestDoctorRelation(ctx, {
    ownerId,
    patientId: input.patientId,
    doctorId: ctx.auth.userId,
    kind: input.kind,
    specialty: input.specialty ?? null,
  });
  return reloadRequest(ctx, id, 'patient');
}

const LISTS: Record<Which, repo.RequestList[]> = {
  doctor: ['doctor_sent', 'doctor_received'],
  patient: ['patient_sent', 'patient_received'],
};

async function requireRequest(ctx: AuthedCtx, which: Which, id: string): Promise<repo.RequestRow> {
  const row = await repo.findRequest(ctx.db, ctx.auth.tenantId, ctx.auth.userId, LISTS[which], id);
  if (!row) throw new AppError('REQUEST_NOT_FOUND');
  return row;
}

async function reloadRequest(ctx: AuthedCtx, id: string, which: Which): Promise<TCareRequest> {
  const row = await requireRequest(ctx, which, id);
  return toRequest(ctx, row, row.requested_by === ctx.auth.userId ? 'sent' : 'received');
}

/** Accept (the doctor; a family doctor replaces the current one), reject (the doctor), cancel (the sender). */
export async function answerRequest(
  ctx: AuthedCtx,
  which: Which,
  id: string,
  action: 'accept' | 'reject' | 'cancel',
): Promise<TCareRequest> {
  const row = await requireRequest(ctx, which, id);
  // The sender only cancels; the receiver only answers (the contacts service checks it again with its own rules).
  if ((action === 'cancel') !== (row.requested_by === ctx.auth.userId)) throw new AppError('PERMISSION_DENIED');
  if (action === 'accept') await acceptContactRequest(ctx, id);
  else if (action === 'reject') await rejectContactRequest(ctx, id);
  else await cancelContactRequest(ctx, id);
  return reloadRequest(ctx, id, which);
}
