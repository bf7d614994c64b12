import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const TicketsPage = lazyPage(async () => (await import('./tickets-page.tsx')).TicketsPage);
const TicketDetailPage = lazyPage(async () => (await import('./ticket-detail-page.tsx')).TicketDetailPage);

/** Sidebar entries of the "tickets" domain. */
export const ticketsNavItems: NavItem[] = [
  { path: '/tickets', labelKey: 'tickets.nav.tickets', permission: Permission.HealthView, group: 'overview' },
];

/** Pages of the "tickets" domain, mounted inside the app layout. */
export const ticketsRoutes: RouteObject[] = [
  {
    path: 'tickets',
    element: (
      <RequirePermission permission={Permission.HealthView}>
        <TicketsPage />
      </RequirePermission>
    ),
  },
  {
    path: 'tickets/:id',
    element: (
      <RequirePermission permission={Permission.HealthView}>
        <TicketDetailPage />
      </RequirePermission>
    ),
  },
];
