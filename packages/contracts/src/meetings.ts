import { z } from 'zod';
import { ZId } from './common.ts';
import { ZAppointmentStatus } from './appointments.ts';

/**
 * Video visits (issue 15): an ONLINE appointment's meeting room. The doctor, the patient (or the manager of a
 * sub-user) and the assistants following the doctor may join; the patient waits until the doctor admits them.
 * WebRTC media go peer to peer; the offers, answers and ICE candidates are kept in the database and announced over
 * the WebSocket (`meeting.signal` frames carry only their sequence number: a frame must fit one NOTIFY), and the
 * client fetches them.
 */
export const MEETING_ROLES = ['doctor', 'patient', 'assistant'] as const;
export const ZMeetingRole = z.enum(MEETING_ROLES);
export type TMeetingRole = z.infer<typeof ZMeetingRole>;
export const MEETING_STATES = ['waiting', 'admitted', 'left'] as const;
export const ZMeetingState = z.enum(MEETING_STATES);
export type TMeetingState = z.infer<typeof ZMeetingState>;

/** An RTCIceServer (STUN/TURN) from the server's ICE_SERVERS configuration. */
export const ZIceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type TIceServer = z.infer<typeof ZIceServer>;

export const ZMeetingParticipant = z.object({
  userId: ZId,
  name: z.string(),
  role: ZMeetingRole,
  state: ZMeetingState,
});
export type TMeetingParticipant = z.infer<typeof ZMeetingParticipant>;

export const ZMeeting = z.object({
  appointmentId: ZId,
  patientId: ZId,
  code: z.string(),
  status: ZAppointmentStatus,
  start: z.string(),
  end: z.string(),
  doctorName: z.string(),
  patientName: z.string(),
  me: ZMeetingParticipant,
  participants: z.array(ZMeetingParticipant),
  iceServers: z.array(ZIceServer),
});
export type TMeeting = z.infer<typeof ZMeeting>;

export const ZAdmitRequest = z.object({ userId: ZId });
export type TAdmitRequest = z.infer<typeof ZAdmitRequest>;

export const SIGNAL_KINDS = ['offer', 'answer', 'candidate', 'bye'] as const;
/** POST /api/account/meetings/{id}/signals: one WebRTC signal to one participant (SDP up to 20 kB). */
export const ZSignalRequest = z.object({
  to: ZId,
  kind: z.enum(SIGNAL_KINDS, 'Invalid signal'),
  data: z.string().max(20_000, 'Max length is 20000'),
});
export type TSignalRequest = z.infer<typeof ZSignalRequest>;
export const ZSignal = z.object({
  seq: z.number().int(),
  from: ZId,
  kind: z.enum(SIGNAL_KINDS),
  data: z.string(),
  at: z.string(),
});
export type TSignal = z.infer<typeof ZSignal>;
export const ZSignalQuery = z.object({
  after: z.coerce.number().int('Invalid number').min(0, 'Min value is 0').default(0),
});
export const ZSignalList = z.object({ items: z.array(ZSignal) });
export type TSignalList = z.infer<typeof ZSignalList>;
