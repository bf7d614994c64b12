import type { AnyRoute } from '../../platform/route.ts';
import { searchAuditRoute } from './routes/search-audit.ts';
import { exportAuditRoute } from './routes/export-audit.ts';

/** The "audit" module's routes; the server's route table includes them. */
export const AUDIT_ROUTES: AnyRoute[] = [searchAuditRoute, exportAuditRoute];
