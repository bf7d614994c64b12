import { personName } from '@carewatch/contracts/names';
import crypto from 'node:crypto';
import {
  CONTACT_LIMITS,
  FOLLOWER_KINDS,
  type TContact,
  type TContactKind,
  type TContactQr,
  type TContactRelationship,
  type TContactRequests,
  type TContactsOverview,
  type TCreateContactRequest,
  type TEscalationChannel,
  type TPatientFollowers,
  type TUpdateContactRequest,
} from '@carewatch/contracts/contacts';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import { requireVisiblePatient } from '../patients/patient-access.ts';
import * as repo from './contacts.repo.ts';
import { requireFeature } from '../subscriptions/subscriptions.service.ts';

const LIVE = ['pending', 'accepted'];
const isDoctorKind = (k: string) => k === 'family_doctor' || k === 'specialist';
const isFollowerKind = (k: string) => (FOLLOWER_KINDS as readonly string[]).includes(k);
/** A person's name in the reader's language convention (contracts/names.ts). */
const fullName = (first: string | null, last: string | null, lang: string | null = null) =>
  personName({ firstName: first, lastName: last }, lang);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Who answers a pending request: the other party of a two-party request; for a request sent on someone's behalf
 * (staff, or a doctor referring their patient, asking a doctor to take a patient) the doctor.
 */
export function answererOf(r: {
  owner_id: string;
  contact_user_id: string | null;
  requested_by: string;
}): string | null {
  if (r.requested_by === r.owner_id) return r.contact_user_id;
  if (r.requested_by === r.contact_user_id) return r.owner_id;
  return r.contact_user_id;
}

function toContact(r: repo.ContactRow, me: string, lang: string): TContact {
  const side = r.owner_id === me ? 'owner' : 'contact';
  return {
    id: r.id,
    kind: r.kind as TContactKind,
    status: r.status as TContact['status'],
    side,
    direction: r.requested_by === me ? 'sent' : 'received',
    owner: { userId: r.owner_id, name: fullName(r.owner_first, r.owner_last, lang), phone: r.owner_phone },
    contact: r.contact_user_id
      ? { userId: r.contact_user_id, name: fullName(r.contact_first, r.contact_last, lang), phone: r.contact_phone }
      : { userId: null, name: r.name ?? '', phone: r.phone },
    aliasName: side === 'owner' ? r.owner_alias : r.contact_alias,
    relationship: r.relationship as TContactRelationship | null,
    specialty: r.specialty,
    createdAt: r.created_at.toISOString(),
    respondedAt: iso(r.responded_at),
    lastInvitedAt: r.last_invited_at.toISOString(),
  };
}

// ---------------------------------------------------------------- QR tokens ("show QR" / scan)

const qrSig = (ctx: AuthedCtx, body: string) =>
  crypto.createHmac('sha256', ctx.pepper).update(`contact-qr:${body}`).digest('base64url');

/** A signed, short-lived token naming the caller, to show as a QR code; scanning it sends a request to them. */
export function contactQr(ctx: AuthedCtx): TContactQr {
  const exp = Math.floor(ctx.clock.now().getTime() / 1000) + CONTACT_LIMITS.qrTokenTtlSeconds;
  const body = Buffer.from(JSON.stringify({ t: ctx.auth.tenantId, u: ctx.auth.userId, e: exp })).toString('base64url');
  return { token: `${body}.${qrSig(ctx, body)}`, expiresAt: new Date(exp * 1000).toISOString() };
}

function userOfQr(ctx: AuthedCtx, token: string): string {
  const invalid = () => fieldError('CONTACT_QR_INVALID', 'qrToken');
  const [body, sig, ...rest] = token.split('.');
  if (!body || !sig || rest.length) throw invalid();
  const want = Buffer.from(qrSig(ctx, body));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !crypto.timingSafeEqual(want, got)) throw invalid();
  let claims: { t?: unknown; u?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    throw invalid();
  }
  if (claims.t !== ctx.auth.tenantId || typeof claims.u !== 'string' || typeof claims.e !== 'number') throw invalid();
  if (claims.e * 1000 <= ctx.clock.now().getTime()) throw invalid();
  return claims.u;
}

// ---------------------------------------------------------------- lists

/** My accepted relations, grouped as the app shows them. */
export async function contactsOverview(ctx: AuthedCtx): Promise<TContactsOverview> {
  const me = ctx.auth.userId;
  const rows = await repo.listForParty(ctx.db, ctx.auth.tenantId, me, ['accepted']);
  const out: TContactsOverview = { followers: [], following: [], doctors: [], patients: [], coaches: [], players: [] };
  for (const r of rows) {
    const mine = r.owner_id === me;
    const group = isFollowerKind(r.kind)
      ? mine
        ? out.followers
        : out.following
      : r.kind === 'coach'
        ? mine
          ? out.coaches
          : out.players
        : mine
          ? out.doctors
          : out.patients;
    group.push(toContact(r, me, ctx.auth.language));
  }
  return out;
}

/** Pending requests I sent and received. */
export async function contactRequests(ctx: AuthedCtx): Promise<TContactRequests> {
  const me = ctx.auth.userId;
  const rows = await repo.listForParty(ctx.db, ctx.auth.tenantId, me, ['pending']);
  return {
    sent: rows.filter((r) => r.requested_by === me).map((r) => toContact(r, me, ctx.auth.language)),
    received: rows
      .filter((r) => r.requested_by !== me && answererOf(r) === me)
      .map((r) => toContact(r, me, ctx.auth.language)),
  };
}

// ---------------------------------------------------------------- rules

type Relation = { ownerId: string; contactUserId: string | null; kind: string; specialty: string | null };

/**
 * The limits of spec §9, counting live (pending or accepted) relations besides `excludeId`: an owner shares data with
 * at most 3 registered followers; a follower is the emergency (caring) contact of at most 5 patients; an owner has
 * specialists in at most 5 specialties.
 */
async function checkLimits(db: Db, tenantId: string, rel: Relation, excludeId: string | null): Promise<void> {
  if (rel.contactUserId && isFollowerKind(rel.kind)) {
    const shared = await repo.countLive(
      db,
      tenantId,
      { ownerId: rel.ownerId, kinds: [...FOLLOWER_KINDS], statuses: LIVE, registeredOnly: true },
      excludeId,
    );
    if (shared >= CONTACT_LIMITS.sharedMembersPerOwner)
      throw new AppError('CONTACT_MAX_SHARED', { limit: CONTACT_LIMITS.sharedMembersPerOwner });
    const perFollower = await repo.countLive(
      db,
      tenantId,
      { contactUserId: rel.contactUserId, kinds: [rel.kind], statuses: LIVE },
      excludeId,
    );
    if (rel.kind === 'emergency' && perFollower >= CONTACT_LIMITS.emergencyPatientsPerFollower) {
      throw new AppError('CONTACT_MAX_EMERGENCY_PATIENTS', { limit: CONTACT_LIMITS.emergencyPatientsPerFollower });
    }
    if (rel.kind === 'caring' && perFollower >= CONTACT_LIMITS.caringPatientsPerFollower) {
      throw new AppError('CONTACT_MAX_CARING_PATIENTS', { limit: CONTACT_LIMITS.caringPatientsPerFollower });
    }
  }
  if (rel.kind === 'specialist' && rel.specialty) {
    const have = await repo.liveSpecialties(db, tenantId, rel.ownerId, LIVE, excludeId);
    if (!have.includes(rel.specialty) && have.length >= CONTACT_LIMITS.specialtiesPerOwner) {
      throw new AppError('CONTACT_MAX_SPECIALTIES', { field: 'specialty', limit: CONTACT_LIMITS.specialtiesPerOwner });
    }
  }
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

async function sendInvitation(ctx: AuthedCtx, to: string | null, text: string): Promise<void> {
  if (!to) return;
  await ctx.sms.send({ tenantId: ctx.auth.tenantId, to, text });
}

function invitationText(kind: string, fromName: string, direction: 'invite' | 'follow', registered: boolean): string {
  if (!registered)
    return `CareWatch: ${fromName} added you as an emergency contact. Install the CareWatch app to follow their health alerts.`;
  if (direction === 'follow')
    return `CareWatch: ${fromName} asks to follow your health data. Open the app to accept or reject.`;
  const what =
    kind === 'family_doctor'
      ? 'their family doctor'
      : kind === 'specialist'
        ? 'their specialist'
        : kind === 'coach'
          ? 'their coach'
          : kind === 'emergency'
            ? 'an emergency contact'
            : 'a caring contact';
  return `CareWatch: ${fromName} asks you to be ${what}. Open the app to accept or reject.`;
}

// ---------------------------------------------------------------- requests

/**
 * Sends a request by phone or QR token. Not to yourself, not twice; the family doctor is replaced only when a new
 * request is accepted (one pending at a time); limits per spec §9. An emergency invite to an unregistered phone with
 * a name adds a plain emergency contact at once (texted and called by escalation; sees no data).
 */
export async function createContactRequest(ctx: AuthedCtx, input: TCreateContactRequest): Promise<TContact> {
  const { tenantId, userId: me } = ctx.auth;
  const by = input.qrToken !== undefined ? 'qrToken' : input.userId !== undefined ? 'userId' : 'phone';
  const meRow = await repo.findActiveUser(ctx.db, tenantId, me);
  if (!meRow) throw new AppError('UNAUTHORIZED');
  let target: repo.UserRef | null;
  if (input.qrToken !== undefined) {
    target = await repo.findActiveUser(ctx.db, tenantId, userOfQr(ctx, input.qrToken));
    if (!target) throw fieldError('CONTACT_QR_INVALID', 'qrToken');
  } else if (input.userId !== undefined) {
    // A doctor picked from the app's doctor search (doctor kinds only: ids are not a way to reach other users).
    target = await repo.findActiveUser(ctx.db, tenantId, input.userId);
    if (!target) throw fieldError('DOCTOR_NOT_FOUND', 'userId');
  } else {
    target = await repo.findActiveUserByPhone(ctx.db, tenantId, input.phone!);
  }
  if (target?.id === me || (!target && input.phone === meRow.phone)) throw fieldError('CONTACT_SELF', by);

  const now = ctx.clock.now();
  const id = newId();
  if (!target) {
    // A plain emergency number with a name: active at once; they are texted an invitation.
    if (input.kind !== 'emergency' || input.direction !== 'invite') throw fieldError('CONTACT_NOT_REGISTERED', 'phone');
    if (!input.name) throw fieldError('VALIDATION_ERROR', 'name', 'required');
    const phone = input.phone!;
    if (await repo.findLivePlain(ctx.db, tenantId, me, phone)) throw fieldError('ALREADY_FOLLOWER', 'phone');
    try {
      await repo.insert(ctx.db, tenantId, {
        id,
        ownerId: me,
        contactUserId: null,
        kind: 'emergency',
        status: 'accepted',
        requestedBy: me,
        name: input.name,
        phone,
        relationship: input.relationship ?? null,
        ownerAlias: input.aliasName ?? null,
        contactAlias: null,
        specialty: null,
        now,
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw fieldError('ALREADY_FOLLOWER', 'phone');
      throw e;
    }
    await audit(ctx, {
      action: 'contact.add',
      resource: 'contact',
      resourceId: id,
      details: { kind: 'emergency', registered: false },
    });
    await sendInvitation(
      ctx,
      phone,
      invitationText('emergency', fullName(meRow.first_name, meRow.last_name, ctx.auth.language), 'invite', false),
    );
    return toContact((await repo.findById(ctx.db, tenantId, id))!, me, ctx.auth.language);
  }

  const rel: Relation =
    input.direction === 'invite'
      ? { ownerId: me, contactUserId: target.id, kind: input.kind, specialty: input.specialty ?? null }
      : { ownerId: target.id, contactUserId: me, kind: input.kind, specialty: null };
  if (input.kind === 'family_doctor' || input.kind === 'specialist') {
    const specialties = await repo.doctorSpecialties(ctx.db, tenantId, target.id);
    if (!specialties) throw fieldError('CONTACT_NOT_A_DOCTOR', by);
    if (input.kind === 'specialist' && !specialties.includes(input.specialty!))
      throw fieldError('VALIDATION_ERROR', 'specialty', 'not_offered');
  }
  if (input.kind === 'coach') {
    // A player (with a patient record: what the coach reads) joins a coach.
    if (!(await repo.isCoach(ctx.db, tenantId, target.id))) throw fieldError('CONTACT_NOT_A_COACH', by);
    if (!(await repo.patientIdOfUser(ctx.db, tenantId, me))) throw new AppError('NOT_A_PATIENT');
  }
  const group = isFollowerKind(input.kind) ? 'follower' : (input.kind as 'family_doctor' | 'specialist' | 'coach');
  const existing = await repo.findLiveWithUser(ctx.db, tenantId, rel.ownerId, rel.contactUserId!, group);
  if (existing) throw fieldError(existing.status === 'pending' ? 'CONTACT_ALREADY_ASKED' : 'ALREADY_FOLLOWER', by);
  if (input.kind === 'family_doctor' && (await repo.pendingFamilyDoctor(ctx.db, tenantId, me)))
    throw new AppError('CONTACT_ONE_FAMILY_DOCTOR');
  await checkLimits(ctx.db, tenantId, rel, null);
  // Asking a doctor from the app is a Basic feature (issue 17); follower and emergency requests are never gated.
  if (input.kind === 'family_doctor' || input.kind === 'specialist') await requireFeature(ctx, 'doctor_requests');
  const mineIsOwner = rel.ownerId === me;
  try {
    await repo.insert(ctx.db, tenantId, {
      id,
      ownerId: rel.ownerId,
      contactUserId: rel.contactUserId,
      kind: input.kind,
      status: 'pending',
      requestedBy: me,
      name: null,
      phone: input.phone ?? target.phone,
      relationship: mineIsOwner ? (input.relationship ?? null) : null,
      ownerAlias: mineIsOwner ? (input.aliasName ?? null) : null,
      contactAlias: mineIsOwner ? null : (input.aliasName ?? null),
      specialty: rel.specialty,
      now,
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('CONTACT_ALREADY_ASKED', by);
    throw e;
  }
  await audit(ctx, {
    action: 'contact.request',
    resource: 'contact',
    resourceId: id,
    details: { kind: input.kind, direction: input.direction, by },
  });
  await sendInvitation(
    ctx,
    target.phone,
    invitationText(input.kind, fullName(meRow.first_name, meRow.last_name, ctx.auth.language), input.direction, true),
  );
  return toContact((await repo.findById(ctx.db, tenantId, id))!, me, ctx.auth.language);
}

/**
 * A doctor relation asked from the portal (issue 16): a doctor asks a patient (`ownerId`) to be their doctor, or staff
 * (or the patient's doctor) asks `doctorId` to take the patient. The same rules as the app's requests: not twice, one
 * pending family doctor, at most 5 specialties, the specialty among the doctor's; "doctor already assigned" when the
 * doctor already follows the patient or holds that relation.
 */
export async function requestDoctorRelation(
  ctx: AuthedCtx,
  r: {
    ownerId: string;
    patientId: string;
    doctorId: string;
    kind: 'family_doctor' | 'specialist';
    specialty: string | null;
  },
): Promise<string> {
  const { tenantId, userId: me } = ctx.auth;
  const specialties = await repo.doctorSpecialties(ctx.db, tenantId, r.doctorId);
  if (!specialties) throw fieldError('DOCTOR_NOT_FOUND', 'doctorId');
  if (r.kind === 'specialist' && !specialties.includes(r.specialty ?? ''))
    throw fieldError('VALIDATION_ERROR', 'specialty', 'not_offered');
  if (r.ownerId === r.doctorId) throw fieldError('CONTACT_SELF', 'patientId');
  const existing = await repo.findLiveWithUser(ctx.db, tenantId, r.ownerId, r.doctorId, r.kind);
  if (existing?.status === 'pending') throw fieldError('CONTACT_ALREADY_ASKED', 'patientId');
  if (
    existing ||
    (r.kind === 'family_doctor' && (await repo.isAssignedDoctor(ctx.db, tenantId, r.patientId, r.doctorId)))
  )
    throw fieldError('DOCTOR_ALREADY_ASSIGNED', 'doctorId');
  if (r.kind === 'family_doctor' && (await repo.pendingFamilyDoctor(ctx.db, tenantId, r.ownerId)))
    throw new AppError('CONTACT_ONE_FAMILY_DOCTOR');
  await checkLimits(
    ctx.db,
    tenantId,
    { ownerId: r.ownerId, contactUserId: r.doctorId, kind: r.kind, specialty: r.specialty },
    null,
  );
  const id = newId();
  try {
    await repo.insert(ctx.db, tenantId, {
      id,
      ownerId: r.ownerId,
      contactUserId: r.doctorId,
      kind: r.kind,
      status: 'pending',
      requestedBy: me,
      name: null,
      phone: null,
      relationship: null,
      ownerAlias: null,
      contactAlias: null,
      specialty: r.kind === 'specialist' ? r.specialty : null,
      now: ctx.clock.now(),
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('CONTACT_ALREADY_ASKED', 'patientId');
    throw e;
  }
  await audit(ctx, {
    action: 'contact.request',
    resource: 'contact',
    resourceId: id,
    details: { kind: r.kind, via: 'portal', onBehalf: me !== r.doctorId },
  });
  return id;
}

async function requireParty(ctx: AuthedCtx, id: string): Promise<repo.ContactRow> {
  const row = await repo.findForParty(ctx.db, ctx.auth.tenantId, id, ctx.auth.userId);
  if (!row) throw new AppError('CONTACT_NOT_FOUND');
  return row;
}

async function reload(ctx: AuthedCtx, id: string): Promise<TContact> {
  return toContact((await repo.findById(ctx.db, ctx.auth.tenantId, id))!, ctx.auth.userId, ctx.auth.language);
}

/**
 * An ended doctor relation gives up the patient assignment it added: handed to another accepted doctor relation with
 * the same doctor (family doctor and specialist at once), else removed. An assignment made by staff is never touched,
 * even when the relation added nothing because staff had assigned that doctor first.
 */
async function releaseDoctor(db: Db, tenantId: string, contactId: string): Promise<void> {
  const other = await repo.otherDoctorRelation(db, tenantId, contactId);
  if (other) await repo.moveContactDoctor(db, tenantId, contactId, other);
  else await repo.unassignContactDoctor(db, tenantId, contactId);
}

/** The receiver accepts: consent is given, the follower sees the owner's data from now on. Replaces the family doctor. */
export async function acceptContactRequest(ctx: AuthedCtx, id: string): Promise<TContact> {
  const { tenantId, userId: me } = ctx.auth;
  const row = await requireParty(ctx, id);
  if (row.status !== 'pending') throw new AppError('CONTACT_NOT_PENDING');
  if (row.requested_by === me || answererOf(row) !== me) throw new AppError('PERMISSION_DENIED');
  // Staff asked for this doctor (a request on the patient's behalf): staff's own assignment is what it replaces.
  const onBehalf = row.requested_by !== row.owner_id && row.requested_by !== row.contact_user_id;
  await checkLimits(
    ctx.db,
    tenantId,
    { ownerId: row.owner_id, contactUserId: row.contact_user_id, kind: row.kind, specialty: row.specialty },
    row.id,
  );
  const now = ctx.clock.now();
  const unassigned: string[] = [];
  const replaced = await ctx.db.tx(async (db) => {
    const ended = row.kind === 'family_doctor' ? await repo.endFamilyDoctor(db, tenantId, row.owner_id, me, now) : [];
    if (!(await repo.transition(db, tenantId, id, ['pending'], 'accepted', me, now)))
      throw new AppError('CONTACT_NOT_PENDING');
    for (const endedId of ended) await releaseDoctor(db, tenantId, endedId);
    if (isDoctorKind(row.kind) && row.contact_user_id) {
      const patientId = await repo.patientIdOfUser(db, tenantId, row.owner_id);
      if (patientId && onBehalf && row.kind === 'family_doctor')
        unassigned.push(...(await repo.unassignStaffDoctors(db, tenantId, patientId, row.contact_user_id)));
      if (patientId) await repo.assignContactDoctor(db, tenantId, patientId, row.contact_user_id, row.id, now);
    }
    return ended;
  });
  await audit(ctx, {
    action: 'contact.accept',
    resource: 'contact',
    resourceId: id,
    details: { kind: row.kind, replaced: replaced.length, unassigned: unassigned.length },
  });
  return reload(ctx, id);
}

export async function rejectContactRequest(ctx: AuthedCtx, id: string): Promise<TContact> {
  const row = await requireParty(ctx, id);
  if (row.status !== 'pending') throw new AppError('CONTACT_NOT_PENDING');
  if (row.requested_by === ctx.auth.userId || answererOf(row) !== ctx.auth.userId)
    throw new AppError('PERMISSION_DENIED');
  if (
    !(await repo.transition(
      ctx.db,
      ctx.auth.tenantId,
      id,
      ['pending'],
      'rejected',
      ctx.auth.userId,
      ctx.clock.now(),
      'rejected',
    ))
  )
    throw new AppError('CONTACT_NOT_PENDING');
  await audit(ctx, { action: 'contact.reject', resource: 'contact', resourceId: id, details: { kind: row.kind } });
  return reload(ctx, id);
}

export async function cancelContactRequest(ctx: AuthedCtx, id: string): Promise<TContact> {
  const row = await repo.findForPartyOrSender(ctx.db, ctx.auth.tenantId, id, ctx.auth.userId);
  if (!row) throw new AppError('CONTACT_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('CONTACT_NOT_PENDING');
  if (row.requested_by !== ctx.auth.userId) throw new AppError('PERMISSION_DENIED');
  if (
    !(await repo.transition(
      ctx.db,
      ctx.auth.tenantId,
      id,
      ['pending'],
      'cancelled',
      ctx.auth.userId,
      ctx.clock.now(),
      'cancelled',
    ))
  )
    throw new AppError('CONTACT_NOT_PENDING');
  await audit(ctx, { action: 'contact.cancel', resource: 'contact', resourceId: id, details: { kind: row.kind } });
  return reload(ctx, id);
}

/** The sender resends a pending request (or a plain contact's invitation), at most once within 5 minutes. */
export async function resendContactRequest(ctx: AuthedCtx, id: string): Promise<TContact> {
  const { tenantId, userId: me } = ctx.auth;
  const row = await requireParty(ctx, id);
  const plain = row.contact_user_id === null;
  if (row.requested_by !== me) throw new AppError('PERMISSION_DENIED');
  if (row.status !== (plain ? 'accepted' : 'pending')) throw new AppError('CONTACT_NOT_PENDING');
  const now = ctx.clock.now();
  const wait = row.last_invited_at.getTime() + CONTACT_LIMITS.resendWindowMs - now.getTime();
  if (wait > 0) throw new AppError('CONTACT_RESEND_TOO_SOON', { retryAfterSeconds: Math.ceil(wait / 1000) });
  await repo.touchInvited(ctx.db, tenantId, id, now);
  await audit(ctx, { action: 'contact.resend', resource: 'contact', resourceId: id, details: { kind: row.kind } });
  const direction = row.owner_id === me ? 'invite' : 'follow';
  const sender =
    row.owner_id === me
      ? fullName(row.owner_first, row.owner_last, ctx.auth.language)
      : fullName(row.contact_first, row.contact_last, ctx.auth.language);
  const to = plain ? row.phone : row.owner_id === me ? row.contact_phone : row.owner_phone;
  await sendInvitation(ctx, to, invitationText(row.kind, sender, direction, !plain));
  return reload(ctx, id);
}

/**
 * Ends a relation from either side, with immediate effect on access: the owner removes a contact, the follower
 * unfollows. A pending request is cancelled (sender) or rejected (receiver).
 */
export async function removeContact(ctx: AuthedCtx, id: string): Promise<TContact> {
  const { tenantId, userId: me } = ctx.auth;
  const row = await requireParty(ctx, id);
  const now = ctx.clock.now();
  let to: 'removed' | 'cancelled' | 'rejected';
  if (row.status === 'accepted') to = 'removed';
  else if (row.status === 'pending') to = row.requested_by === me ? 'cancelled' : 'rejected';
  else throw new AppError('CONTACT_NOT_PENDING');
  const reason = to === 'removed' ? (row.owner_id === me ? 'removed' : 'unfollowed') : to;
  await ctx.db.tx(async (db) => {
    if (!(await repo.transition(db, tenantId, id, [row.status], to, me, now, reason)))
      throw new AppError('CONTACT_NOT_PENDING');
    if (to === 'removed' && isDoctorKind(row.kind)) await releaseDoctor(db, tenantId, id);
  });
  await audit(ctx, {
    action: row.owner_id === me ? 'contact.remove' : 'contact.unfollow',
    resource: 'contact',
    resourceId: id,
    details: { kind: row.kind, status: to },
  });
  return reload(ctx, id);
}

/** Each side names the other (alias); only the owner sets the relationship. */
export async function updateContact(ctx: AuthedCtx, id: string, input: TUpdateContactRequest): Promise<TContact> {
  const { tenantId, userId: me } = ctx.auth;
  const row = await requireParty(ctx, id);
  if (!LIVE.includes(row.status)) throw new AppError('CONTACT_NOT_PENDING');
  const owner = row.owner_id === me;
  if (!owner && input.relationship !== undefined) throw fieldError('PERMISSION_DENIED', 'relationship', 'owner_only');
  await repo.updateNames(
    ctx.db,
    tenantId,
    id,
    owner ? { ownerAlias: input.aliasName, relationship: input.relationship } : { contactAlias: input.aliasName },
    ctx.clock.now(),
  );
  await audit(ctx, { action: 'contact.update', resource: 'contact', resourceId: id });
  return reload(ctx, id);
}

// ---------------------------------------------------------------- for the alert engine and visibility checks

export type EscalationRecipient = {
  contactId: string;
  userId: string | null;
  name: string;
  phone: string | null;
  kind: 'emergency' | 'caring';
  channels: TEscalationChannel[];
};

/**
 * Who the alert engine notifies, texts and calls for a patient: followers who consented (accepted) and plain emergency
 * numbers, emergency contacts first. A registered follower is reachable in the app and by push, and by SMS and call
 * when they have a phone; a plain number by SMS and call. Removed or unfollowed relations are gone at once.
 */
export async function escalationRecipients(
  db: Db,
  tenantId: string,
  patientId: string,
  lang: string | null = null,
): Promise<EscalationRecipient[]> {
  const rows = await repo.escalationRows(db, tenantId, patientId);
  return rows.map((r) => {
    const phone = r.contact_user_id ? r.user_phone : r.phone;
    const channels: TEscalationChannel[] = r.contact_user_id ? ['in_app', 'push'] : [];
    if (phone) channels.push('sms', 'call');
    return {
      contactId: r.id,
      userId: r.contact_user_id,
      name: r.owner_alias ?? (r.contact_user_id ? fullName(r.first_name, r.last_name, lang) : (r.name ?? '')),
      phone,
      kind: r.kind as 'emergency' | 'caring',
      channels,
    };
  });
}

/**
 * Staff view of who follows a visible patient: live relations of the patient's app account (none without one), with
 * the channels escalations reach each accepted follower on, as the alert engine computes them.
 */
export async function patientFollowers(ctx: AuthedCtx, patientId: string): Promise<TPatientFollowers> {
  const { tenantId } = ctx.auth;
  await requireVisiblePatient(ctx, patientId);
  const rows = await repo.liveOfPatient(ctx.db, tenantId, patientId);
  const channels = new Map(
    (await escalationRecipients(ctx.db, tenantId, patientId)).map((r) => [r.contactId, r.channels]),
  );
  return {
    items: rows.map((r) => {
      const registered = r.contact_user_id !== null;
      return {
        id: r.id,
        kind: r.kind as TContactKind,
        status: r.status as TContact['status'],
        name:
          r.owner_alias ?? (registered ? fullName(r.contact_first, r.contact_last, ctx.auth.language) : (r.name ?? '')),
        phone: registered ? (r.contact_phone ?? r.phone) : r.phone,
        registered,
        relationship: r.relationship as TContactRelationship | null,
        specialty: r.specialty,
        channels: channels.get(r.id) ?? [],
        createdAt: r.created_at.toISOString(),
        respondedAt: iso(r.responded_at),
      };
    }),
  };
}

/** Whether the doctor is one of the patient's assigned doctors (a doctor refers only a patient of theirs). */
export function isAssignedDoctor(db: Db, tenantId: string, patientId: string, doctorId: string): Promise<boolean> {
  return repo.isAssignedDoctor(db, tenantId, patientId, doctorId);
}

/** Whether a user follows the patient with their consent (an accepted emergency or caring relation). */
export async function followerCanSee(db: Db, tenantId: string, userId: string, patientId: string): Promise<boolean> {
  return repo.isAcceptedFollower(db, tenantId, userId, patientId);
}
