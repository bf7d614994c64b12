import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZCenter,
  ZCenterListQuery,
  ZCenterPage,
  ZCenterStatusQuery,
  ZCenterStatusRequest,
  ZCreateCenterRequest,
  ZUnassignAdminParams,
  ZUpdateCenterRequest,
} from '@carewatch/contracts/centers';
import { ZAdminCandidateList, ZAdminCandidateQuery } from '@carewatch/contracts/scopes';
import { defineRoute } from '../../../platform/route.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  createCenter,
  getCenter,
  listCenters,
  readLogo,
  setCenterEnabled,
  unassignAdmin,
  updateCenter,
} from '../centers.service.ts';
import { adminCandidates } from '../../scopes/scopes.service.ts';
import { readCenterForm } from './center-form.ts';

const M = '/api/account/sadmin/mhsc';
const tags = ['centers'];

export const listCentersRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: M,
  tags,
  permission: Permission.CenterManage,
  summary: 'Health centers of the caller’s level, paginated (searchValue, scopeId, enabled)',
  query: ZCenterListQuery,
  response: ZCenterPage,
  handler: async ({ query }, ctx) => listCenters(ctx, query),
});
export const centerAdminCandidatesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${M}/admin-candidates`,
  tags,
  permission: Permission.CenterManage,
  summary: 'Active users holding the health-center admin role',
  query: ZAdminCandidateQuery,
  response: ZAdminCandidateList,
  handler: async ({ query }, ctx) => adminCandidates(ctx, 'mhsc_admin', query.searchValue),
});
export const getCenterRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${M}/:id`,
  tags,
  permission: Permission.CenterManage,
  summary: 'A health center with its admins',
  params: ZIdParams,
  response: ZCenter,
  handler: async ({ params }, ctx) => getCenter(ctx, params.id),
});
export const createCenterRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: M,
  tags,
  permission: Permission.CenterManage,
  status: 201,
  bodyKind: 'multipart',
  summary:
    'Create a health center (multipart: the fields of spec §3, repeated supportAdminIds/specialties, optional `logo` PNG/JPEG ≤ 5 MB)',
  response: ZCenter,
  handler: async ({ req }, ctx) => {
    const { input, logo } = await readCenterForm(req, ZCreateCenterRequest);
    return createCenter(ctx, input, logo);
  },
});
export const updateCenterRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${M}/:id`,
  tags,
  permission: Permission.CenterManage,
  bodyKind: 'multipart',
  summary: 'Update a health center (multipart, like create; absent admin fields are unchanged)',
  params: ZIdParams,
  response: ZCenter,
  handler: async ({ req, params }, ctx) => {
    const { input, logo } = await readCenterForm(req, ZUpdateCenterRequest);
    return updateCenter(ctx, params.id, input, logo);
  },
});
export const deactivateCenterRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${M}/deactivate/:id`,
  tags,
  permission: Permission.CenterManage,
  summary: 'Activate or deactivate a health center (`enabled` in the body or query; refused while in use)',
  params: ZIdParams,
  query: ZCenterStatusQuery,
  response: ZCenter,
  handler: async ({ params, query, req }, ctx) => {
    const enabled = query.enabled ?? parseBody(req.body);
    return setCenterEnabled(ctx, params.id, enabled);
  },
});
export const unassignCenterAdminRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'DELETE',
  url: `${M}/:id/admins/:userId`,
  tags,
  permission: Permission.CenterManage,
  summary: 'Unassign a supporting admin (the main admin cannot be unassigned directly)',
  params: ZUnassignAdminParams,
  response: ZCenter,
  handler: async ({ params }, ctx) => unassignAdmin(ctx, params.id, params.userId),
});
export const centerLogoRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/mhsc/:id/logo',
  tags,
  permission: Permission.AccountProfileView,
  summary: 'A health center’s logo (within the caller’s level)',
  params: ZIdParams,
  response: z.unknown(),
  raw: true,
  produces: ['image'],
  handler: async ({ params, reply }, ctx) => {
    const { data, type } = await readLogo(ctx, params.id);
    await reply
      .type(type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(data);
  },
});

function parseBody(body: unknown): boolean {
  const r = ZCenterStatusRequest.safeParse(body ?? {});
  if (!r.success) throw new AppError('VALIDATION_ERROR', { field: 'enabled', rule: 'required' }, 'enabled: Required');
  return r.data.enabled;
}
