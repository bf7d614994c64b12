import { CONTACT_LIMITS, type TContact, type TContactParty } from '@carewatch/contracts/contacts';

/** The other side of a relation as the caller sees it. */
export function otherParty(c: TContact): TContactParty {
  return c.side === 'owner' ? c.contact : c.owner;
}

/** How the caller names the other side: their alias, else the other person's name, else the phone. */
export function displayName(c: TContact): string {
  const other = otherParty(c);
  return c.aliasName || other.name || other.phone || '';
}

/** Milliseconds until a sent invitation may be resent (spec §4: once within 5 minutes); 0 when it may be now. */
export function resendWaitMs(c: Pick<TContact, 'lastInvitedAt'>, now: number): number {
  const next = new Date(c.lastInvitedAt).getTime() + CONTACT_LIMITS.resendWindowMs;
  return Math.max(0, next - now);
}

/** "4:05" — minutes and seconds for countdowns (QR validity, resend wait). */
export function mmss(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * What a request means to the caller, for its sentence: I invited someone to follow me (or be my doctor), I asked to
 * follow someone, someone invites me, or someone asks to follow me.
 */
export function requestSentence(c: TContact): 'youInvited' | 'youAsked' | 'invitesYou' | 'asksToFollow' {
  if (c.direction === 'sent') return c.side === 'owner' ? 'youInvited' : 'youAsked';
  return c.side === 'contact' ? 'invitesYou' : 'asksToFollow';
}
