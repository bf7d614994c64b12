import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@carewatch/api-client/client';
import { notifyError } from './errors.ts';
import { handleSessionEnded } from './session-end.ts';

function handle(error: unknown, inline: boolean): void {
  if (isApiError(error) && (error.status === 401 || error.code === 'LOGGED_IN_ELSEWHERE' || error.code === 'PERMISSIONS_CHANGED')) {
    // Forms of public pages (login, OTP) show these inline; elsewhere the session is over (deduplicated).
    if (!inline) handleSessionEnded(error);
    return;
  }
  if (isApiError(error) && error.status === 502) {
    notifyError(error);
    return;
  }
  if (!inline) notifyError(error);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta?.inlineError === true) }),
  mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => handle(error, mutation.meta?.inlineError === true) }),
  defaultOptions: {
    queries: { retry: (count, error) => count < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500), refetchOnWindowFocus: false },
  },
});
