import { notifications } from '@mantine/notifications';
import i18n from 'i18next';
import type { ApiError } from '@carewatch/api-client/client';
import { api } from './api.ts';
import { queryClient, setSessionEndedHandler } from './query-client.ts';
import { navigateTo } from './navigate.ts';
import { forgetLevelChoice } from './level.ts';

type Listener = () => void;
let permissionsChangedOpen = false;
const listeners = new Set<Listener>();
let ending = false;

export const permissionsChangedStore = {
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  get: () => permissionsChangedOpen,
  set(open: boolean) {
    permissionsChangedOpen = open;
    listeners.forEach((l) => l());
  },
};

/** Clears the local session and goes to the login page. */
export function endSession(): void {
  api.tokens.clear();
  forgetLevelChoice();
  navigateTo('/login');
  queryClient.setQueryData(['session'], null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
}

/** The user chose to log out. */
export async function logout(): Promise<void> {
  await api.logout().catch(() => undefined);
  endSession();
}

/** Called after a successful login so that a later session end is reported again. */
export function sessionStarted(): void {
  ending = false;
}

/** The server ended the session (401 after refresh, logged in elsewhere, permissions changed). */
export function handleSessionEnded(error: ApiError): void {
  if (ending) return;
  ending = true;
  const t = i18n.t.bind(i18n);
  if (error.code === 'PERMISSIONS_CHANGED') {
    permissionsChangedStore.set(true);
    return;
  }
  const message =
    error.code === 'LOGGED_IN_ELSEWHERE'
      ? t('toast.loggedInElsewhere')
      : error.code === 'SESSION_EXPIRED'
        ? t('toast.sessionExpired')
        : t('toast.unauthorized');
  notifications.show({ id: 'session-ended', color: 'red', title: t('toast.errorTitle'), message });
  endSession();
}

// A 401 on any query or mutation ends the session (app.tsx imports this file at start, before any query runs).
setSessionEndedHandler(handleSessionEnded);
