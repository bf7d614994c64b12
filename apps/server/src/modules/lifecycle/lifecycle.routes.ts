import type { AnyRoute } from '../../platform/route.ts';
import { bulkDisableRoute } from './routes/bulk.ts';
import { recoverAccountRoute } from './routes/recover.ts';
import {
  accountStateRoute,
  approveDeactivationRoute,
  disableUserRoute,
  enableUserRoute,
  listDeactivationRequestsRoute,
  rejectDeactivationRoute,
  requestDeactivationRoute,
} from './routes/lifecycle.ts';

/** The "lifecycle" module's routes; the server's route table includes them. */
export const LIFECYCLE_ROUTES: AnyRoute[] = [
  disableUserRoute,
  enableUserRoute,
  accountStateRoute,
  requestDeactivationRoute,
  listDeactivationRequestsRoute,
  approveDeactivationRoute,
  rejectDeactivationRoute,
  recoverAccountRoute,
  bulkDisableRoute,
];
