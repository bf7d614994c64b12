import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, type ApiError } from '@carewatch/api-client/client';
import { notifyError } from './notify.ts';

let handleSessionEnded: (error: ApiError) => void = () => undefined;
/**
 * Who ends the session when a query or mutation answers 401: session-end.ts registers itself when loaded (it clears
 * this cache, so it imports this file and not the reverse).
 */
export function setSessionEndedHandler(handler: (error: ApiError) => void): void {
  handleSessionEnded = handler;
}

function handle(error: unknown, inline: boolean): void {
  if (
    isApiError(error) &&
    (error.status === 401 || error.code === 'LOGGED_IN_ELSEWHERE' || error.code === 'PERMISSIONS_CHANGED')
  ) {
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
  mutationCache: new MutationCache({
    onError: (error, _v, _c, mutation) => handle(error, mutation.meta?.inlineError === true),
  }),
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
