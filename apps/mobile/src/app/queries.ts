import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions, sessionQueryOptions } from '@carewatch/web/queries';
import { api } from './api.ts';

/** Is there a valid session? A stored one opens the app offline too (SOS, entry, last values), checked when back online. */
export const sessionQuery = sessionQueryOptions(api, { offlineStart: true });

export const profileQuery = profileQueryOptions(api);

export function useProfile() {
  return useQuery(profileQuery);
}
