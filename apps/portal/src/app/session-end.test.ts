import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '@carewatch/api-client/client';

// The API client and the toasts need a browser; what is checked is where the session end leads.
const cleared = vi.fn();
vi.mock('./api.ts', () => ({ api: { tokens: { clear: () => cleared() }, logout: async () => undefined } }));
const toasts: string[] = [];
vi.mock('@mantine/notifications', () => ({
  notifications: { show: (n: { message: string }) => toasts.push(n.message) },
}));

const { queryClient } = await import('./query-client.ts');
const { registerNavigate } = await import('./navigate.ts');
const { sessionStarted } = await import('./session-end.ts');

const visited: string[] = [];
registerNavigate((to) => visited.push(to));

const failWith = (e: ApiError, meta?: Record<string, unknown>) =>
  queryClient
    .fetchQuery({ queryKey: ['probe', e.code, Math.random()], queryFn: () => Promise.reject(e), retry: false, meta })
    .catch(() => undefined);

describe('session end on a query answered 401 (query-client → session-end, wired by session-end itself)', () => {
  beforeEach(() => {
    visited.length = 0;
    toasts.length = 0;
    cleared.mockClear();
    sessionStarted();
  });

  test('a 401 signs out: tokens cleared, the login page opened, one toast', async () => {
    queryClient.setQueryData(['session'], { userId: 'u1' });
    await failWith(new ApiError(401, 'SESSION_EXPIRED', 'expired'));
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(visited).toEqual(['/login']);
    expect(toasts).toHaveLength(1);
    expect(queryClient.getQueryData(['session'])).toBeNull();
  });

  test('a page that shows the error inline (sign-in form) keeps the session', async () => {
    await failWith(new ApiError(401, 'WRONG_LOGIN', 'wrong'), { inlineError: true });
    expect(cleared).not.toHaveBeenCalled();
    expect(visited).toEqual([]);
  });
});
