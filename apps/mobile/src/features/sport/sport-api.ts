import { useSyncExternalStore } from 'react';
import { sportApi } from '@carewatch/api-client/sport';
import { api } from '../../app/api.ts';
import { queryClient } from '../../app/query-client.ts';
import { SportQueue } from './sport-queue.ts';

/** Sport calls of the signed-in user (same client and session as the rest of the app). */
export const mySportApi = sportApi(api.request);

export const SPORT_KEYS = {
  all: ['me', 'sport'] as const,
  week: (subject: string, weekOf: string | null) => ['me', 'sport', 'week', subject, weekOf ?? 'current'] as const,
  sessions: (subject: string, from: string, to: string) => ['me', 'sport', 'sessions', subject, from, to] as const,
};

/** Finished sessions go through this queue: kept on the phone until the server has answered for them. */
export const sportQueue = new SportQueue({
  storage: typeof localStorage === 'undefined' ? { getItem: () => null, setItem: () => undefined } : localStorage,
  send: async (body) => {
    const session = await mySportApi.save(body);
    void queryClient.invalidateQueries({ queryKey: SPORT_KEYS.all });
    return session;
  },
});

export function usePendingSessions(owner: string | null): number {
  return useSyncExternalStore(
    (l) => sportQueue.subscribe(l),
    () => (owner ? sportQueue.pending(owner).length : 0),
    () => 0,
  );
}
