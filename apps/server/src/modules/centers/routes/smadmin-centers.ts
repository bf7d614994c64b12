import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { ZCenter, ZCenterList, ZOrgCheck, ZUpdateOwnCenterRequest } from '@carewatch/contracts/centers';
import { defineRoute } from '../../../platform/route.ts';
import { getCenter, myCenters, orgCheck, updateOwnCenter, userCenters } from '../centers.service.ts';
import { readCenterForm } from './center-form.ts';

const tags = ['centers'];

export const smadminMyCentersRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/smadmin/mhsc/me',
  tags,
  permission: Permission.StaffView,
  summary: 'The health centers of the caller’s level',
  response: ZCenterList,
  handler: async (_in, ctx) => myCenters(ctx),
});
export const smadminGetCenterRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/smadmin/mhsc/:id',
  tags,
  permission: Permission.StaffView,
  summary: 'A health center of the caller’s level',
  params: ZIdParams,
  response: ZCenter,
  handler: async ({ params }, ctx) => getCenter(ctx, params.id),
});
export const smadminUpdateCenterRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: '/api/account/smadmin/mhsc/:id',
  tags,
  permission: Permission.StaffUpdate,
  bodyKind: 'multipart',
  summary: 'A health-center admin updates their own center (descriptive fields and logo; not scope or admins)',
  params: ZIdParams,
  response: ZCenter,
  handler: async ({ req, params }, ctx) => {
    const { input, logo } = await readCenterForm(req, ZUpdateOwnCenterRequest);
    return updateOwnCenter(ctx, params.id, input, logo);
  },
});
export const userCentersRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/user/mhsc',
  tags,
  permission: Permission.AccountProfileView,
  summary: 'Every health center the caller is linked to',
  response: ZCenterList,
  handler: async (_in, ctx) => userCenters(ctx),
});
export const orgCheckRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/smadmin/check-mhsc-and-scope',
  tags,
  permission: Permission.StaffView,
  summary: 'Which scope and health center the caller’s level is attached to',
  response: ZOrgCheck,
  handler: async (_in, ctx) => orgCheck(ctx),
});
