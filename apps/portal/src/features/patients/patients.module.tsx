import type { RouteObject } from 'react-router';
import type { NavItem } from '../../app/navigation.ts';

/** Sidebar entries of the "patients" domain (each shown only with its permission). */
export const patientsNavItems: NavItem[] = [];

/** Pages of the "patients" domain, mounted inside the app layout; wrap each in <RequirePermission>. */
export const patientsRoutes: RouteObject[] = [];
