import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZPackage,
  ZPackageEnableRequest,
  ZPackageInput,
  ZPackageList,
  ZPackageListQuery,
} from '@carewatch/contracts/billing';
import { defineRoute } from '../../../platform/route.ts';
import { createPackage, listPackages, setPackageEnabled, updatePackage } from '../packages.service.ts';

const P = '/api/account/packages';
const tags = ['packages'];

export const listPackagesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.PackageManage,
  summary: "The tenant's service packages and add-on packs (enabled and disabled); Zero first",
  query: ZPackageListQuery,
  response: ZPackageList,
  handler: async ({ query }, ctx) => listPackages(ctx, { kind: query.kind, enabledOnly: false }),
});
export const appListPackagesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/app/packages',
  tags: [...tags, 'patient-app'],
  permission: Permission.AccountProfileView,
  summary: 'The packages and add-on packs a customer may choose (enabled ones only)',
  query: ZPackageListQuery,
  response: ZPackageList,
  handler: async ({ query }, ctx) => listPackages(ctx, { kind: query.kind, enabledOnly: true }),
});
export const createPackageRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: P,
  tags,
  permission: Permission.PackageManage,
  status: 201,
  summary: 'Create a package or add-on pack (code and name unique in the tenant)',
  body: ZPackageInput,
  response: ZPackage,
  handler: async ({ body }, ctx) => createPackage(ctx, body),
});
export const updatePackageRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${P}/:id`,
  tags,
  permission: Permission.PackageManage,
  summary: 'Edit a package (the default Zero package stays free and without features)',
  params: ZIdParams,
  body: ZPackageInput,
  response: ZPackage,
  handler: async ({ params, body }, ctx) => updatePackage(ctx, params.id, body),
});
export const enablePackageRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/:id/enable`,
  tags,
  permission: Permission.PackageManage,
  summary: 'Enable or disable a package (reversible; the default Zero package cannot be disabled)',
  params: ZIdParams,
  body: ZPackageEnableRequest,
  response: ZPackage,
  handler: async ({ params, body }, ctx) => setPackageEnabled(ctx, params.id, body.enabled),
});
