import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  TICKET_STATUSES,
  TICKET_TRANSITIONS,
  ZTicketTransitionRequest,
  canTransition,
  isFinalTicketStatus,
} from './tickets.ts';

describe('ticket statuses', () => {
  test('the happy path new → confirm → processing → complete → success is allowed', () => {
    const path = ['new', 'confirm', 'processing', 'complete', 'success'] as const;
    for (let i = 0; i + 1 < path.length; i++) expect(canTransition(path[i]!, path[i + 1]!)).toBe(true);
  });
  test('success and canceled are final; every open status can be canceled; no status goes back or to itself', () => {
    expect(isFinalTicketStatus('success')).toBe(true);
    expect(isFinalTicketStatus('canceled')).toBe(true);
    fc.assert(
      fc.property(fc.constantFrom(...TICKET_STATUSES), fc.constantFrom(...TICKET_STATUSES), (from, to) => {
        if (!isFinalTicketStatus(from) && to === 'canceled') expect(canTransition(from, to)).toBe(true);
        if (canTransition(from, to)) expect(TICKET_STATUSES.indexOf(to)).toBeGreaterThan(TICKET_STATUSES.indexOf(from));
        if (isFinalTicketStatus(from)) expect(TICKET_TRANSITIONS[from]).toEqual([]);
      }),
    );
  });
  test('canceling needs a reason', () => {
    const r = ZTicketTransitionRequest.safeParse({ to: 'canceled' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['reason']);
    expect(ZTicketTransitionRequest.safeParse({ to: 'canceled', reason: 'duplicate' }).success).toBe(true);
    expect(ZTicketTransitionRequest.safeParse({ to: 'confirm' }).success).toBe(true);
  });
});
