import i18n from 'i18next';
import { createApiClient, type ApiError } from '@carewatch/api-client/client';
import { staffApi } from '@carewatch/api-client/staff-client';

type AuthErrorListener = (error: ApiError) => void;
let authErrorListener: AuthErrorListener | null = null;

/** Registers the handler called when the server ends the session (set once by the app). */
export function onSessionEnded(listener: AuthErrorListener): void {
  authErrorListener = listener;
}

/** The portal's single API client (same origin; Vite proxies /api in development). */
const base = createApiClient({
  onAuthError: (error) => authErrorListener?.(error),
  language: () => i18n.language,
});
export const api = { ...base, ...staffApi(base.request) };
