import type { RouteObject } from 'react-router';
import type { NavItem } from '../../app/navigation.ts';

/** Sidebar entries of the "tenants" domain (each shown only with its permission). */
export const tenantsNavItems: NavItem[] = [];

/** Pages of the "tenants" domain, mounted inside the app layout; wrap each in <RequirePermission>. */
export const tenantsRoutes: RouteObject[] = [];
