import type { RouteObject } from 'react-router';
import type { NavItem } from '../../app/navigation.ts';

/** Sidebar entries of the "devices" domain (each shown only with its permission). */
export const devicesNavItems: NavItem[] = [];

/** Pages of the "devices" domain, mounted inside the app layout; wrap each in <RequirePermission>. */
export const devicesRoutes: RouteObject[] = [];
