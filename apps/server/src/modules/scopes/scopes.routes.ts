import type { AnyRoute } from '../../platform/route.ts';
import {
  createScopeRoute,
  deleteScopeRoute,
  getScopeRoute,
  listScopesRoute,
  scopeAdminCandidatesRoute,
  scopeChildrenRoute,
  scopeHierarchyRoute,
  scopeNameStatusRoute,
  scopeSupportAdminRoute,
  updateScopeRoute,
} from './routes/sadmin-scopes.ts';
import { smadminListScopesRoute, smadminMyScopeRoute, smadminScopeHierarchyRoute } from './routes/smadmin-scopes.ts';
import { manageScopeAllRoute } from './routes/manage-scopes.ts';

/** The "scopes" module's routes; the server's route table includes them. */
export const SCOPES_ROUTES: AnyRoute[] = [
  listScopesRoute,
  scopeChildrenRoute,
  scopeHierarchyRoute,
  scopeSupportAdminRoute,
  scopeAdminCandidatesRoute,
  getScopeRoute,
  createScopeRoute,
  updateScopeRoute,
  scopeNameStatusRoute,
  deleteScopeRoute,
  smadminMyScopeRoute,
  smadminScopeHierarchyRoute,
  smadminListScopesRoute,
  manageScopeAllRoute,
];
