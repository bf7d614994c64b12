import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { Navigate, useLocation } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';
import { useHasPermission } from '../../app/queries.ts';

const WorklistPage = lazyPage(async () => (await import('./worklist-page.tsx')).WorklistPage);

/** The worklist reads what the alert and SOS case lists read. */
export const WORKLIST_PERMISSION = Permission.HealthView;

/** Sidebar entry of the triage worklist, right after the dashboard. */
export const worklistNavItems: NavItem[] = [
  { path: '/worklist', labelKey: 'worklist.nav.worklist', permission: WORKLIST_PERMISSION, group: 'overview' },
];

export const worklistRoutes: RouteObject[] = [
  {
    path: 'worklist',
    element: (
      <RequirePermission permission={WORKLIST_PERMISSION}>
        <WorklistPage />
      </RequirePermission>
    ),
  },
];

/** Router state the sign-in page sets on its navigation to `/`: the user just signed in. */
export const LANDING_STATE = { landing: true } as const;

/**
 * The home route: right after signing in, users who may read the worklist (doctors, customer care…) land on it;
 * everyone else, and anyone opening `/` later (the Dashboard menu entry), gets the dashboard.
 */
export function HomeRoute({ dashboard }: { dashboard: ReactNode }) {
  const has = useHasPermission();
  const state = useLocation().state as { landing?: boolean } | null;
  if (state?.landing && has(WORKLIST_PERMISSION)) return <Navigate to="/worklist" replace />;
  return <>{dashboard}</>;
}
