import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const CodePackageListPage = lazyPage(async () => (await import('./code-package-list-page.tsx')).CodePackageListPage);
const CodePackageFormPage = lazyPage(async () => (await import('./code-package-form-page.tsx')).CodePackageFormPage);
const CodePackageDetailPage = lazyPage(
  async () => (await import('./code-package-detail-page.tsx')).CodePackageDetailPage,
);

/** Sidebar entry of the "code packages" domain (issue 17). */
export const codePackagesNavItems: NavItem[] = [
  {
    path: '/code-packages',
    labelKey: 'codePackages.nav.list',
    permission: Permission.CodePackageManage,
    group: 'billing',
  },
];

/** Pages inside the app layout. */
export const codePackagesRoutes: RouteObject[] = [
  {
    path: 'code-packages',
    element: (
      <RequirePermission permission={Permission.CodePackageManage}>
        <CodePackageListPage />
      </RequirePermission>
    ),
  },
  {
    path: 'code-packages/new',
    element: (
      <RequirePermission permission={Permission.CodePackageManage}>
        <CodePackageFormPage />
      </RequirePermission>
    ),
  },
  {
    path: 'code-packages/:id',
    element: (
      <RequirePermission permission={Permission.CodePackageManage}>
        <CodePackageDetailPage />
      </RequirePermission>
    ),
  },
];
