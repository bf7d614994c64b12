import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { isApiError, type ApiClient } from '@carewatch/api-client/client';
import { setDisplayTimeZone } from '@carewatch/i18n/datetime';

type SessionApi = Pick<ApiClient, 'tokens' | 'checkToken'>;

/**
 * Is there a valid session? null when signed out or when the stored tokens no longer work (they are cleared).
 * `offlineStart`: with no connection, or the server down, a stored session opens the app on what the device knows
 * (the patient app: SOS, entry, last values); it is checked again when the connection returns (recheckOfflineSession).
 */
export function sessionQueryOptions(api: SessionApi, { offlineStart }: { offlineStart: boolean }) {
  return queryOptions({
    queryKey: ['session'],
    queryFn: async () => {
      if (!api.tokens.has()) return null;
      try {
        return { ...(await api.checkToken()), offline: false };
      } catch (e) {
        if (isApiError(e) && (e.status === 401 || e.status === 403)) {
          api.tokens.clear();
          return null;
        }
        if (offlineStart && isApiError(e) && (e.code === 'NETWORK' || e.status >= 500))
          return { valid: true as const, expiresAt: '', offline: true };
        throw e;
      }
    },
    // No stored session: signed out, known at once. The first render goes straight to the sign-in screens instead of
    // painting a spinner for a check that has nothing to ask (one render and paint less on the first visit).
    initialData: () => (api.tokens.has() ? undefined : null),
    // Offline, the default mode would pause the check, leaving a spinner instead of the app.
    networkMode: offlineStart ? 'always' : 'online',
    staleTime: Infinity,
    retry: false,
    meta: { inlineError: true },
  });
}

/** The app was opened offline: once the connection returns, check the stored session for real. */
export function recheckOfflineSession(client: QueryClient): void {
  const s = client.getQueryData<{ offline: boolean } | null>(['session']);
  if (s?.offline) void client.invalidateQueries({ queryKey: ['session'] });
}

/** The signed-in user's profile; every date and time on screen is then in its time zone (i18n/datetime.ts). */
export function profileQueryOptions(api: Pick<ApiClient, 'profile'>) {
  return queryOptions({
    queryKey: ['profile'],
    queryFn: async () => {
      const profile = await api.profile();
      setDisplayTimeZone(profile.timezone);
      return profile;
    },
    staleTime: 60_000,
  });
}
