import { useQuery } from '@tanstack/react-query';
import type { TProfile } from '@carewatch/contracts/account';
import { api } from './api.ts';

/** The stored avatar (GET /me/avatar needs the auth header, so it is fetched as a blob) as an object URL. */
export function useAvatarUrl(profile: TProfile | undefined): string | null {
  const q = useQuery({
    queryKey: ['avatar', profile?.id, profile?.hasAvatar],
    queryFn: async () => URL.createObjectURL(await api.avatar()),
    enabled: Boolean(profile?.hasAvatar),
    staleTime: Infinity,
    meta: { inlineError: true },
  });
  return q.data ?? null;
}
