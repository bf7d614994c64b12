import { queryOptions, useQuery } from '@tanstack/react-query';
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
      throw e;
    }
  },
  staleTime: Infinity,
  retry: false,
});

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: () => api.profile(),
  staleTime: 60_000,
});

export function useProfile() {
  return useQuery(profileQuery);
}
