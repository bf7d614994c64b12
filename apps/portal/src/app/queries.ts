import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileQueryOptions, sessionQueryOptions } from '@carewatch/web/queries';
import { api } from './api.ts';

/** Step 1 of start-up: is there a valid session? null when not logged in. */
export const sessionQuery = sessionQueryOptions(api, { offlineStart: false });

/** Step 2: the user's permissions (cached for the session). */
export const permissionsQuery = queryOptions({
  queryKey: ['permissions'],
  queryFn: () => api.permissions(),
  staleTime: Infinity,
  retry: false,
  meta: { inlineError: true },
});

/** Step 3: the tenant's settings (branding, rules). */
export const tenantSettingsQuery = queryOptions({
  queryKey: ['tenantSettings'],
  queryFn: () => api.tenantSettings(),
  staleTime: Infinity,
  retry: false,
  meta: { inlineError: true },
});

export const profileQuery = profileQueryOptions(api);

export const levelsQuery = queryOptions({
  queryKey: ['levels'],
  queryFn: () => api.levels(),
  staleTime: 60_000,
});

/** Cached start-up data for components inside the authenticated area (never fetches by itself). */
export function usePermissions() {
  return useQuery({ ...permissionsQuery, enabled: false }).data;
}
/**
 * Reads the cache directly (not through an observer): login and level switches remove the queries, and an
 * idle observer mounted above the router (the branded theme) would stay attached to the removed query.
 */
export function useTenantSettings() {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) =>
      queryClient.getQueryCache().subscribe((e) => {
        if (e.query.queryKey[0] === 'tenantSettings') onChange();
      }),
    () => queryClient.getQueryData(tenantSettingsQuery.queryKey),
  );
}
export function useHasPermission(): (id: number) => boolean {
  const perms = usePermissions();
  return (id) => perms?.permissions.includes(id) ?? false;
}
export function useProfile() {
  return useQuery({ ...profileQuery, enabled: api.tokens.has() });
}
