import { notifications } from '@mantine/notifications';
import i18n from 'i18next';
import type { ApiError } from '@carewatch/api-client/client';
import { api } from './api.ts';
import { queryClient } from './query-client.ts';
import { clearOfflineCache } from './offline-cache.ts';
import { navigateTo } from './navigate.ts';
import { profileQuery } from './queries.ts';
import { setSubject } from './subject.ts';
import { languageFromProfile, storedLanguage, switchLanguage } from './i18n.ts';

let ending = false;

/** Clears the local session and goes to the sign-in page. */
export function endSession(): void {
  api.tokens.clear();
  clearOfflineCache();
  setSubject(null);
  queryClient.setQueryData(['session'], null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
  navigateTo('/login');
}

export async function signOut(): Promise<void> {
  await api.logout().catch(() => undefined);
  endSession();
}

/**
 * After sign-in or registration: forget the previous user's cached data, adopt the profile's language, open Home.
 * The profile answer is cached for Home and Settings.
 */
export async function sessionStarted(): Promise<void> {
  ending = false;
  clearOfflineCache();
  queryClient.removeQueries();
  await queryClient.invalidateQueries({ queryKey: ['session'] });
  try {
    const profile = await queryClient.fetchQuery(profileQuery);
    switchLanguage(languageFromProfile(profile.language, storedLanguage()));
  } catch {
    /* Home shows the error; the language stays as chosen on this phone. */
  }
}

/** The server ended the session (401 after one refresh, signed in elsewhere, permissions changed): tell once, sign out. */
export function handleSessionEnded(error: ApiError): void {
  if (ending) return;
  ending = true;
  const t = i18n.t.bind(i18n);
  const message = error.code === 'LOGGED_IN_ELSEWHERE' ? t('errors.loggedInElsewhere') : t('errors.sessionExpired');
  notifications.show({ id: 'session-ended', color: 'red', title: t('common.errorTitle'), message });
  endSession();
}
