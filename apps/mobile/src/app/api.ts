import i18n from 'i18next';
import { createApiClient, type ApiError } from '@carewatch/api-client/client';
import { APP_TOKEN_KEYS } from '@carewatch/api-client/app-auth';

type AuthErrorListener = (error: ApiError) => void;
let authErrorListener: AuthErrorListener | null = null;

/** Registers the handler called when the server ends the session (set once by the app). */
export function onSessionEnded(listener: AuthErrorListener): void {
  authErrorListener = listener;
}

/** The patient app's single API client: same origin, its own token keys (the portal may be signed in beside it). */
export const api = createApiClient({
  tokenKeys: APP_TOKEN_KEYS,
  onAuthError: (error) => authErrorListener?.(error),
  language: () => i18n.language,
});
