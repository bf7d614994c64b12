import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZCreateStaffRequest,
  ZStaffDetail,
  ZStaffOptions,
  ZStaffPage,
  ZStaffQuery,
  ZUpdateStaffRequest,
} from '@carewatch/contracts/staff';
import { defineRoute } from '../../../platform/route.ts';
import { createStaff, getStaff, listStaff, staffOptions, updateStaff } from '../staff.service.ts';

export const listStaffRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/staff',
  tags: ['staff'],
  permission: Permission.StaffView,
  summary: "Staff and admins within the caller's level (search, role, center, status, specialty)",
  query: ZStaffQuery,
  response: ZStaffPage,
  handler: async ({ query }, ctx) => listStaff(ctx, query),
});
export const staffOptionsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/staff/options',
  tags: ['staff'],
  permission: Permission.StaffView,
  summary: 'Roles the caller may grant; centers and scopes within reach',
  response: ZStaffOptions,
  handler: async (_in, ctx) => staffOptions(ctx),
});
export const getStaffRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/staff/:id',
  tags: ['staff'],
  permission: Permission.StaffView,
  summary: 'One staff account (levels, doctor profile, followed doctors)',
  params: ZIdParams,
  response: ZStaffDetail,
  handler: async ({ params }, ctx) => getStaff(ctx, params.id),
});
export const createStaffRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/staff',
  tags: ['staff'],
  permission: Permission.StaffCreate,
  status: 201,
  summary: 'Create a staff account; a temporary password is e-mailed',
  body: ZCreateStaffRequest,
  response: ZStaffDetail,
  handler: async ({ body }, ctx) => createStaff(ctx, body),
});
export const updateStaffRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: '/api/account/staff/:id',
  tags: ['staff'],
  permission: Permission.StaffUpdate,
  summary: 'Update names, contact and levels of a staff account',
  params: ZIdParams,
  body: ZUpdateStaffRequest,
  response: ZStaffDetail,
  handler: async ({ params, body }, ctx) => updateStaff(ctx, params.id, body),
});
