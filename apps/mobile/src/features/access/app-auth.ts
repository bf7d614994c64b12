import { appAuthApi } from '@carewatch/api-client/app-auth';
import { api } from '../../app/api.ts';

/** Sign-in, registration and password reset: only their screens use it, so it loads with them, not with Welcome. */
export const appAuth = appAuthApi(api);
