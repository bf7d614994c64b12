import { setDisplayTimeZone } from '@carewatch/i18n/datetime';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '@carewatch/api-client/client';
import { api } from './api.ts';

/** Is there a valid session? null when signed out (or the stored tokens no longer work). */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async () => {
    if (!api.tokens.has()) return null;
    try {
      return await api.checkToken();
    } catch (e) {
      if (isApiError(e) && (e.status === 401 || e.status === 403)) {
        api.tokens.clear();
        return null;
      }
      // No connection, or the server is down: a stored session opens the app on what the phone knows (SOS, entry,
      // last values); it is checked again when the connection returns, and any call that reaches the server checks it.
      if (isApiError(e) && (e.code === 'NETWORK' || e.status >= 500)) return { valid: true as const, expiresAt: '', offline: true };
      throw e;
    }
  },
  // Runs offline too (the default would pause it, leaving a spinner instead of the app).
  networkMode: 'always',
  staleTime: Infinity,
  retry: false,
});

/** The app was opened offline: once the connection returns, check the stored session for real. */
export function recheckOfflineSession(client: QueryClient): void {
  const s = client.getQueryData(sessionQuery.queryKey);
  if (s && 'offline' in s && s.offline) void client.invalidateQueries({ queryKey: sessionQuery.queryKey });
}

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: async () => {
    const profile = await api.profile();
    // Every date and time on screen is in the profile's time zone (packages/i18n/src/datetime.ts).
    setDisplayTimeZone(profile.timezone);
    return profile;
  },
  staleTime: 60_000,
});

export function useProfile() {
  return useQuery(profileQuery);
}
