import type { TBulkAssignDoctorRequest, TBulkCenterRequest, TBulkResult } from '@carewatch/contracts/bulk';
import type { AuthedCtx } from '../../platform/context.ts';
import { eachItem } from '../../platform/bulk.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { addPatientDoctor, changePatientCenter, checkDoctors, resolveCenter } from './patients.service.ts';

/**
 * Bulk actions of the patient list (issue 20). What all items share (the doctor, the center) is checked once and a
 * bad one fails the whole call, before any patient changes; then each patient goes through the single action's
 * rules, and fails alone (PATIENT_NOT_FOUND for another tenant's, an invisible or a missing id).
 */
export async function bulkAssignDoctor(ctx: AuthedCtx, input: TBulkAssignDoctorRequest): Promise<TBulkResult> {
  try {
    await checkDoctors(ctx, [input.doctorId]);
  } catch (e) {
    // The single action names `doctorIds.0`; here the field is `doctorId`.
    throw e instanceof AppError && e.code === 'DOCTOR_NOT_FOUND' ? fieldError('DOCTOR_NOT_FOUND', 'doctorId') : e;
  }
  return eachItem(input.patientIds, (id) => addPatientDoctor(ctx, id, input.doctorId.toLowerCase()));
}

export async function bulkChangeCenter(ctx: AuthedCtx, input: TBulkCenterRequest): Promise<TBulkResult> {
  const centerId = (await resolveCenter(ctx, input.centerId))!;
  return eachItem(input.patientIds, (id) => changePatientCenter(ctx, id, centerId));
}
