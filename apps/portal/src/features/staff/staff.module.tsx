import type { RouteObject } from 'react-router';
import type { NavItem } from '../../app/navigation.ts';

/** Sidebar entries of the "staff" domain (each shown only with its permission). */
export const staffNavItems: NavItem[] = [];

/** Pages of the "staff" domain, mounted inside the app layout; wrap each in <RequirePermission>. */
export const staffRoutes: RouteObject[] = [];
