import { z } from 'zod';
import { ZIdParams, ZOk } from '@carewatch/contracts/common';
import {
  ZAccountState,
  ZDeactivationRequest,
  ZDeactivationRequestCreate,
  ZDeactivationRequestList,
  ZDisableRequest,
  ZRejectRequest,
} from '@carewatch/contracts/lifecycle';
import { Permission } from '@carewatch/contracts/permissions';
import { defineRoute } from '../../../platform/route.ts';
import {
  accountState,
  approveDeactivation,
  disableUser,
  enableUser,
  listDeactivationRequests,
  rejectDeactivation,
  requestDeactivation,
} from '../lifecycle.service.ts';

export const disableUserRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/users/:id/disable',
  tags: ['lifecycle'],
  permission: Permission.StaffDisable,
  summary: 'Disable an account for 3 days, 2 weeks, 1 month or indefinitely (re-enabled automatically)',
  params: ZIdParams,
  body: ZDisableRequest,
  response: ZAccountState,
  handler: async ({ params, body }, ctx) => disableUser(ctx, params.id, body.period, body.reason),
});
export const enableUserRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/users/:id/enable',
  tags: ['lifecycle'],
  permission: Permission.StaffDisable,
  summary: 'Enable a disabled account now',
  params: ZIdParams,
  body: z.object({}).optional(),
  response: ZAccountState,
  handler: async ({ params }, ctx) => enableUser(ctx, params.id),
});
export const accountStateRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/users/:id/state',
  tags: ['lifecycle'],
  permission: Permission.StaffView,
  summary: "An account's lifecycle state",
  params: ZIdParams,
  response: ZAccountState,
  handler: async ({ params }, ctx) => accountState(ctx, params.id),
});
export const requestDeactivationRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/me/deactivation-request',
  tags: ['lifecycle'],
  permission: Permission.AccountDeactivate,
  status: 201,
  summary: 'Ask for my account to be deactivated (an admin approves; recoverable for 30 days)',
  body: ZDeactivationRequestCreate,
  response: ZDeactivationRequest,
  handler: async ({ body }, ctx) => requestDeactivation(ctx, body.reason),
});
export const listDeactivationRequestsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/deactivation-requests',
  tags: ['lifecycle'],
  permission: Permission.StaffDisable,
  summary: 'Deactivation requests of my tenant',
  query: z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
  response: ZDeactivationRequestList,
  handler: async ({ query }, ctx) => listDeactivationRequests(ctx, query.status),
});
export const approveDeactivationRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/deactivation-requests/:id/approve',
  tags: ['lifecycle'],
  permission: Permission.StaffDisable,
  summary: 'Approve: the account is deactivated now and deleted after 30 days unless recovered',
  params: ZIdParams,
  body: z.object({}).optional(),
  response: ZOk,
  handler: async ({ params }, ctx) => approveDeactivation(ctx, params.id),
});
export const rejectDeactivationRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/deactivation-requests/:id/reject',
  tags: ['lifecycle'],
  permission: Permission.StaffDisable,
  summary: 'Reject a deactivation request (reason required)',
  params: ZIdParams,
  body: ZRejectRequest,
  response: ZOk,
  handler: async ({ params, body }, ctx) => rejectDeactivation(ctx, params.id, body.reason),
});
