import type { AnyRoute } from '../../platform/route.ts';
import { callStatusRoute } from './routes/call-status.ts';
import { callLogRoute, cdrExportRoute, cdrFileRoute, cdrFilesRoute, smsLogRoute } from './routes/logs.ts';

export const DELIVERY_ROUTES: AnyRoute[] = [
  smsLogRoute,
  callLogRoute,
  cdrExportRoute,
  cdrFilesRoute,
  cdrFileRoute,
  callStatusRoute,
];
