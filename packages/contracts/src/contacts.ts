import { z } from 'zod';
import { CONTACT_RELATIONSHIPS } from './codes.ts';
export { CONTACT_RELATIONSHIPS } from './codes.ts';
import { ZId } from './common.ts';
import { SPECIALTY_CODES } from './specialties.ts';

/**
 * Followers and contacts (patient-app spec §3 Contact, §4 Requests, §9 limits). A contact links an owner (the person
 * followed: their data and alerts are shared) with a follower or doctor; for an emergency contact it may instead be
 * a plain phone number with a name (texted and called, never sees data).
 */
/** `coach`: a player (the owner) joins a coach, who then reads the player's data (issue 21). */
export const CONTACT_KINDS = ['emergency', 'caring', 'family_doctor', 'specialist', 'coach'] as const;
export const ZContactKind = z.enum(CONTACT_KINDS, 'Invalid contact type');
export type TContactKind = z.infer<typeof ZContactKind>;
/** Follower kinds: they see the owner's data after consent and receive the owner's alerts. */
export const FOLLOWER_KINDS: readonly TContactKind[] = ['emergency', 'caring'];

/** Contact relationships (spec §3). */
export const ZContactRelationship = z.enum(CONTACT_RELATIONSHIPS, 'Invalid relationship');
export type TContactRelationship = z.infer<typeof ZContactRelationship>;

/** Request states (spec §4): sent = pending; an accepted relation ends as removed (by the owner) or unfollowed (by the follower). */
export const CONTACT_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled', 'removed'] as const;
export const ZContactStatus = z.enum(CONTACT_STATUSES);
export type TContactStatus = z.infer<typeof ZContactStatus>;

/** Limits (spec §9). */
export const CONTACT_LIMITS = {
  /** A follower is the emergency contact of at most 5 patients. */
  emergencyPatientsPerFollower: 5,
  /** A follower is the caring contact of at most 5 patients. */
  caringPatientsPerFollower: 5,
  /** An owner shares health data and location with at most 3 members (registered followers, pending or accepted). */
  sharedMembersPerOwner: 3,
  /** An owner has specialists in at most 5 specialties. */
  specialtiesPerOwner: 5,
  /** An invitation is resent at most once within 5 minutes. */
  resendWindowMs: 5 * 60_000,
  /** Lifetime of a "show QR" token. */
  qrTokenTtlSeconds: 300,
} as const;

const blankToUndef = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v);
const phone = z
  .string('Phone number is not valid')
  .trim()
  .regex(/^\+?\d{3,16}$/, 'Phone number is not valid');
const alias = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : v),
  z.string().max(64, 'Max length is 64').nullable(),
);

export const ZContactParty = z.object({ userId: ZId.nullable(), name: z.string(), phone: z.string().nullable() });
export type TContactParty = z.infer<typeof ZContactParty>;

/** A relation or request seen by one of its two sides (`side`: the caller is its owner or its contact). */
export const ZContact = z.object({
  id: ZId,
  kind: ZContactKind,
  status: ZContactStatus,
  side: z.enum(['owner', 'contact']),
  /** Whether the caller sent the request or received it. */
  direction: z.enum(['sent', 'received']),
  owner: ZContactParty,
  contact: ZContactParty,
  /** The caller's name for the other side. */
  aliasName: z.string().nullable(),
  relationship: ZContactRelationship.nullable(),
  specialty: z.string().nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
  lastInvitedAt: z.string(),
});
export type TContact = z.infer<typeof ZContact>;

/**
 * My accepted relations: my followers (incl. plain emergency numbers), whom I follow, my doctors, a doctor's patients,
 * a player's coaches and a coach's players.
 */
export const ZContactsOverview = z.object({
  followers: z.array(ZContact),
  following: z.array(ZContact),
  doctors: z.array(ZContact),
  patients: z.array(ZContact),
  coaches: z.array(ZContact),
  players: z.array(ZContact),
});
export type TContactsOverview = z.infer<typeof ZContactsOverview>;

/** Pending requests, sent and received. */
export const ZContactRequests = z.object({ sent: z.array(ZContact), received: z.array(ZContact) });
export type TContactRequests = z.infer<typeof ZContactRequests>;

/**
 * A request by phone, by a scanned QR token or (doctors found by the app's search) by user id — exactly one. `direction`: `invite` asks the other person to follow me
 * (or to be my doctor); `follow` asks to follow them (emergency and caring only). An emergency invite to an
 * unregistered phone with a `name` adds a plain emergency contact and texts them an invitation.
 */
export const ZCreateContactRequest = z
  .object({
    phone: z.preprocess(blankToUndef, phone.optional()),
    qrToken: z.preprocess(blankToUndef, z.string().max(2048, 'Max length is 2048').optional()),
    /** A doctor picked from the app's doctor search (family doctor and specialist requests only). */
    userId: z.preprocess(blankToUndef, ZId.optional()),
    kind: ZContactKind,
    direction: z.enum(['invite', 'follow'], 'Invalid direction').default('invite'),
    name: z.preprocess(blankToUndef, z.string().max(128, 'Max length is 128').optional()),
    relationship: z.preprocess(blankToUndef, ZContactRelationship.optional()),
    aliasName: z.preprocess(blankToUndef, z.string().max(64, 'Max length is 64').optional()),
    specialty: z.preprocess(blankToUndef, z.enum(SPECIALTY_CODES, 'Unknown specialty').optional()),
  })
  .superRefine((v, c) => {
    if ([v.phone, v.qrToken, v.userId].filter((x) => x !== undefined).length !== 1)
      c.addIssue({ code: 'custom', path: ['phone'], message: 'Give a phone number or a QR code' });
    if (v.userId !== undefined && v.kind !== 'family_doctor' && v.kind !== 'specialist')
      c.addIssue({ code: 'custom', path: ['userId'], message: 'Only doctors are asked by id' });
    if (v.direction === 'follow' && !FOLLOWER_KINDS.includes(v.kind))
      c.addIssue({ code: 'custom', path: ['direction'], message: 'Only followers ask to follow' });
    if (v.kind === 'specialist' && !v.specialty)
      c.addIssue({ code: 'custom', path: ['specialty'], message: 'Required' });
  });
export type TCreateContactRequest = z.infer<typeof ZCreateContactRequest>;

export const ZUpdateContactRequest = z.object({
  aliasName: alias.optional(),
  relationship: z.preprocess((v) => (v === '' ? null : v), ZContactRelationship.nullable()).optional(),
});
export type TUpdateContactRequest = z.infer<typeof ZUpdateContactRequest>;

export const ZContactQr = z.object({ token: z.string(), expiresAt: z.string() });
export type TContactQr = z.infer<typeof ZContactQr>;

/** Who the alert engine texts and calls for a patient: consented followers and emergency contacts. */
export const ESCALATION_CHANNELS = ['in_app', 'push', 'sms', 'call'] as const;
export type TEscalationChannel = (typeof ESCALATION_CHANNELS)[number];

/**
 * GET /api/account/patients/{id}/followers (staff): who follows a patient and who receives their escalations —
 * accepted emergency and caring contacts (registered or plain numbers), the family doctor and specialists, and pending
 * requests (`status` says which). Names and phones as the patient gave them.
 */
export const ZPatientFollower = z.object({
  id: ZId,
  kind: ZContactKind,
  status: ZContactStatus,
  name: z.string(),
  phone: z.string().nullable(),
  /** Registered CareWatch user (sees the data after consent) or a plain phone number (texted and called only). */
  registered: z.boolean(),
  relationship: ZContactRelationship.nullable(),
  specialty: z.string().nullable(),
  /** Channels escalations reach this follower on (empty for doctors and pending requests). */
  channels: z.array(z.enum(ESCALATION_CHANNELS)),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type TPatientFollower = z.infer<typeof ZPatientFollower>;
export const ZPatientFollowers = z.object({ items: z.array(ZPatientFollower) });
export type TPatientFollowers = z.infer<typeof ZPatientFollowers>;
