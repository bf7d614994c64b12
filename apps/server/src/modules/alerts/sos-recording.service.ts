import { SOS_RECORDING_MAX_BYTES, type TSosRecording } from '@carewatch/contracts/alerts';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newFileKey } from '../../platform/file-store.ts';
import { newId } from '../../platform/ids.ts';
import { ownPatient } from '../patients/patient-access.ts';
import { findPatientAttachment, insertPatientAttachment } from '../patients/patients.service.ts';

type AudioKind = { type: string; ext: string };

/** Audio type by content (what browsers' MediaRecorder produces, plus wav/mp3), never by name or declared type. */
export function sniffAudio(buf: Buffer): AudioKind | null {
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0x1a45dfa3) return { type: 'audio/webm', ext: 'webm' };
  if (buf.length >= 4 && buf.subarray(0, 4).toString('latin1') === 'OggS') return { type: 'audio/ogg', ext: 'ogg' };
  if (buf.length >= 12 && buf.subarray(4, 8).toString('latin1') === 'ftyp') return { type: 'audio/mp4', ext: 'm4a' };
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buf.subarray(8, 12).toString('latin1') === 'WAVE'
  )
    return { type: 'audio/wav', ext: 'wav' };
  if (
    buf.length >= 3 &&
    (buf.subarray(0, 3).toString('latin1') === 'ID3' || (buf[0] === 0xff && (buf[1]! & 0xe0) === 0xe0))
  )
    return { type: 'audio/mpeg', ext: 'mp3' };
  return null;
}

/**
 * A recorded SOS message (patient-app §3 "SOS message: one of 4 choices, or a recording"), uploaded before the SOS
 * is sent and named by its id in the SOS request. Kept with the patient's attachments, so staff handling the case can
 * play it from the patient record.
 */
export async function saveSosRecording(
  ctx: AuthedCtx,
  file: { name: string; data: Buffer } | null,
): Promise<TSosRecording> {
  const own = await ownPatient(ctx);
  if (!own) throw new AppError('NOT_A_PATIENT');
  if (!file || file.data.length === 0)
    throw new AppError('VALIDATION_ERROR', { field: 'file', rule: 'required' }, 'Required');
  if (file.data.length > SOS_RECORDING_MAX_BYTES)
    throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
  const kind = sniffAudio(file.data);
  if (!kind) throw new AppError('INVALID_FILE_TYPE', { field: 'file', rule: 'file_type' });
  const t = ctx.auth.tenantId;
  const { key: rel } = await ctx.files.put(newFileKey('sos-recordings', t, kind.ext), file.data, {
    contentType: kind.type,
  });
  const id = newId();
  const now = ctx.clock.now();
  const fileName = `sos-message-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.${kind.ext}`;
  await insertPatientAttachment(ctx.db, t, {
    id,
    patientId: own.id,
    fileName,
    contentType: kind.type,
    size: file.data.length,
    path: rel,
    createdBy: ctx.auth.userId,
    now,
  });
  await audit(ctx, { action: 'alert.sos_recording', resource: 'patient', resourceId: own.id });
  return { id, contentType: kind.type, sizeBytes: file.data.length };
}

/** The recording named by an SOS request must be one the patient uploaded (another's id answers 404 like a missing one). */
export async function requireOwnRecording(ctx: AuthedCtx, patientId: string, recordingId: string): Promise<void> {
  const a = await findPatientAttachment(ctx.db, ctx.auth.tenantId, patientId, recordingId);
  if (!a || !a.content_type.startsWith('audio/'))
    throw new AppError('NOT_FOUND', { field: 'message.recordingId', rule: 'exists' });
}
