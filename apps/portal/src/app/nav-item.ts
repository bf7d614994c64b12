import type { PermissionId } from '@carewatch/contracts/permissions';

/** A sidebar entry; each feature lists its own (`*.module.tsx`) and navigation.ts assembles the menu. */
export type NavGroup = 'overview' | 'organization' | 'administration' | 'billing' | 'communication' | 'personal';
export interface NavItem {
  path: string;
  /** i18n key of the label (also the link's accessible name). */
  labelKey: string;
  permission: PermissionId;
  group: NavGroup;
}
