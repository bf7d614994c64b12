import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const RatingsPage = lazyPage(async () => (await import('./ratings-page.tsx')).RatingsPage);

/** Sidebar entries of the "ratings" domain. */
export const ratingsNavItems: NavItem[] = [
  { path: '/ratings', labelKey: 'ratings.nav.ratings', permission: Permission.RatingManage, group: 'communication' },
];

/** Pages inside the app layout. */
export const ratingsRoutes: RouteObject[] = [
  {
    path: 'ratings',
    element: (
      <RequirePermission permission={Permission.RatingManage}>
        <RatingsPage />
      </RequirePermission>
    ),
  },
];
