import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@carewatch/api-client/client';

/** Errors are shown where they happen (pages and forms); only an ended session is handled globally (session.ts). */
function sessionError(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 401 || error.code === 'LOGGED_IN_ELSEWHERE' || error.code === 'PERMISSIONS_CHANGED')
  );
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache(),
  mutationCache: new MutationCache(),
  defaultOptions: {
    queries: {
      // Client errors will not change on retry; a network failure gets one more try.
      retry: (count, error) =>
        count < 1 && !sessionError(error) && !(isApiError(error) && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
