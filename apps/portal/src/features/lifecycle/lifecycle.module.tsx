import type { RouteObject } from 'react-router';
import type { NavItem } from '../../app/navigation.ts';

/** Sidebar entries of the "lifecycle" domain (each shown only with its permission). */
export const lifecycleNavItems: NavItem[] = [];

/** Pages of the "lifecycle" domain, mounted inside the app layout; wrap each in <RequirePermission>. */
export const lifecycleRoutes: RouteObject[] = [];
