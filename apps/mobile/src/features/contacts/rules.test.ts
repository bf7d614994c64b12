import { describe, expect, test } from 'vitest';
import type { TContact } from '@carewatch/contracts/contacts';
import { displayName, mmss, requestSentence, resendWaitMs } from './rules.ts';

const base: TContact = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'caring',
  status: 'pending',
  side: 'owner',
  direction: 'sent',
  owner: { userId: '00000000-0000-4000-8000-000000000002', name: 'Me Myself', phone: '0900000011' },
  contact: { userId: '00000000-0000-4000-8000-000000000003', name: 'Bao Tran', phone: '0900000099' },
  aliasName: null,
  relationship: null,
  specialty: null,
  createdAt: '2026-11-22T08:00:00.000Z',
  respondedAt: null,
  lastInvitedAt: '2026-11-22T08:00:00.000Z',
};

describe('contact rules', () => {
  test('resend waits 5 minutes after the last invitation, then is allowed', () => {
    const sent = new Date(base.lastInvitedAt).getTime();
    expect(resendWaitMs(base, sent + 60_000)).toBe(4 * 60_000);
    expect(resendWaitMs(base, sent + 5 * 60_000)).toBe(0);
    expect(resendWaitMs(base, sent + 10 * 60_000)).toBe(0);
  });

  test('countdowns read as minutes and seconds', () => {
    expect(mmss(4 * 60_000 + 5_000)).toBe('4:05');
    expect(mmss(300_000)).toBe('5:00');
    expect(mmss(-1)).toBe('0:00');
    expect(mmss(1)).toBe('0:01');
  });

  test('the other side is named by my alias, else their name, else their phone', () => {
    expect(displayName(base)).toBe('Bao Tran');
    expect(displayName({ ...base, aliasName: 'Little brother' })).toBe('Little brother');
    expect(displayName({ ...base, side: 'contact' })).toBe('Me Myself');
    expect(displayName({ ...base, contact: { userId: null, name: '', phone: '0911' } })).toBe('0911');
  });

  test("a request reads from the caller's point of view", () => {
    expect(requestSentence(base)).toBe('youInvited');
    expect(requestSentence({ ...base, side: 'contact' })).toBe('youAsked');
    expect(requestSentence({ ...base, direction: 'received', side: 'contact' })).toBe('invitesYou');
    expect(requestSentence({ ...base, direction: 'received', side: 'owner' })).toBe('asksToFollow');
  });
});
