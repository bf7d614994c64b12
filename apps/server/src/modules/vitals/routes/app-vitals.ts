import type { AnyRoute } from '../../../platform/route.ts';

/** The patient app's metric pages: own data, a sub-user's or a followed patient's (`requireAppSubject`). */
export const APP_VITALS_ROUTES: AnyRoute[] = [];
