import type { RouteObject } from 'react-router';
import type { NavItem } from '../../app/navigation.ts';

/** Sidebar entries of the "org" domain (each shown only with its permission). */
export const orgNavItems: NavItem[] = [];

/** Pages of the "org" domain, mounted inside the app layout; wrap each in <RequirePermission>. */
export const orgRoutes: RouteObject[] = [];
