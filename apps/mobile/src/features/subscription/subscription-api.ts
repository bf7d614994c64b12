import { useQuery } from '@tanstack/react-query';
import { appSubscriptionApi } from '@carewatch/api-client/app-subscription';
import { api } from '../../app/api.ts';

/** The signed-in user's subscription calls (same client and session as the rest of the app). */
export const mySubscriptionApi = appSubscriptionApi(api.request);

export const SUBSCRIPTION_KEYS = {
  /** Kept on the phone (app/offline-cache.ts): the subscription screen shows the last known state offline. */
  me: ['me', 'subscription'] as const,
  packages: ['me', 'subscription', 'packages'] as const,
  order: (code: string) => ['me', 'subscription', 'order', code] as const,
  providers: ['me', 'subscription', 'providers'] as const,
};

/** My subscription (Zero or a paid plan, its dates, add-ons, whether it takes effect). */
export function useMySubscription(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: SUBSCRIPTION_KEYS.me,
    queryFn: () => mySubscriptionApi.me(),
    staleTime: 60_000,
    enabled: opts.enabled ?? true,
  });
}

/** The plans and add-on packs on sale. */
export function useAvailablePackages() {
  return useQuery({
    queryKey: SUBSCRIPTION_KEYS.packages,
    queryFn: () => mySubscriptionApi.packages(),
    staleTime: 5 * 60_000,
  });
}
