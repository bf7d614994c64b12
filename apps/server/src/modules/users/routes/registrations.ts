import { z } from 'zod';
import { ZRegistrationList } from '@carewatch/contracts/account';
import { ZIdParams, ZOk } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { defineRoute } from '../../../platform/route.ts';
import { approveRegistration, listRegistrations, rejectRegistration } from '../registrations.service.ts';

export const listRegistrationsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/registrations',
  tags: ['registrations'],
  permission: Permission.AccountApproveRegistration,
  summary: 'Registrations waiting for approval',
  response: ZRegistrationList,
  handler: async (_in, ctx) => listRegistrations(ctx),
});
export const approveRegistrationRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/registrations/:id/approve',
  tags: ['registrations'],
  permission: Permission.AccountApproveRegistration,
  summary: 'Approve a registration',
  params: ZIdParams,
  body: z.object({}).optional(),
  response: ZOk,
  handler: async ({ params }, ctx) => approveRegistration(ctx, params.id),
});
export const rejectRegistrationRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/registrations/:id/reject',
  tags: ['registrations'],
  permission: Permission.AccountApproveRegistration,
  summary: 'Reject a registration',
  params: ZIdParams,
  body: z.object({}).optional(),
  response: ZOk,
  handler: async ({ params }, ctx) => rejectRegistration(ctx, params.id),
});
