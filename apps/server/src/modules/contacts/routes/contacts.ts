import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZContact,
  ZContactQr,
  ZContactRequests,
  ZContactsOverview,
  ZCreateContactRequest,
  ZUpdateContactRequest,
} from '@carewatch/contracts/contacts';
import { defineRoute } from '../../../platform/route.ts';
import {
  acceptContactRequest,
  cancelContactRequest,
  contactQr,
  contactRequests,
  contactsOverview,
  createContactRequest,
  rejectContactRequest,
  removeContact,
  resendContactRequest,
  updateContact,
} from '../contacts.service.ts';

const M = '/api/account/contacts';
const tags = ['contacts'];

export const contactsOverviewRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: M,
  tags,
  permission: Permission.RelativeView,
  summary:
    "My accepted contacts: followers (incl. plain emergency numbers), following, my doctors, and a doctor's patients",
  response: ZContactsOverview,
  handler: async (_in, ctx) => contactsOverview(ctx),
});
export const contactRequestsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${M}/requests`,
  tags,
  permission: Permission.RelativeView,
  summary: 'Pending contact requests, sent and received',
  response: ZContactRequests,
  handler: async (_in, ctx) => contactRequests(ctx),
});
export const contactQrRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${M}/qr`,
  tags,
  permission: Permission.RelativeView,
  summary: 'A signed token naming me, valid 5 minutes, to show as a QR code ("show QR")',
  response: ZContactQr,
  handler: async (_in, ctx) => contactQr(ctx),
});
export const createContactRequestRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${M}/requests`,
  tags,
  permission: Permission.RelativeManage,
  status: 201,
  summary:
    'Send a request by phone or scanned QR token: invite a follower or doctor, or ask to follow; an unregistered emergency number with a name is added at once',
  body: ZCreateContactRequest,
  response: ZContact,
  handler: async ({ body }, ctx) => createContactRequest(ctx, body),
});
export const acceptContactRequestRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${M}/requests/:id/accept`,
  tags,
  permission: Permission.RelativeView,
  summary: 'Accept a received request (consent; a new family doctor replaces the current one)',
  params: ZIdParams,
  response: ZContact,
  handler: async ({ params }, ctx) => acceptContactRequest(ctx, params.id),
});
export const rejectContactRequestRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${M}/requests/:id/reject`,
  tags,
  permission: Permission.RelativeView,
  summary: 'Reject a received request',
  params: ZIdParams,
  response: ZContact,
  handler: async ({ params }, ctx) => rejectContactRequest(ctx, params.id),
});
export const cancelContactRequestRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${M}/requests/:id/cancel`,
  tags,
  permission: Permission.RelativeManage,
  summary: 'Cancel a request I sent',
  params: ZIdParams,
  response: ZContact,
  handler: async ({ params }, ctx) => cancelContactRequest(ctx, params.id),
});
export const resendContactRequestRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${M}/requests/:id/resend`,
  tags,
  permission: Permission.RelativeManage,
  summary: 'Resend an invitation (at most once within 5 minutes)',
  params: ZIdParams,
  response: ZContact,
  handler: async ({ params }, ctx) => resendContactRequest(ctx, params.id),
});
export const updateContactRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: `${M}/:id`,
  tags,
  permission: Permission.RelativeManage,
  summary: 'Set my alias for the other side (and, as owner, the relationship)',
  params: ZIdParams,
  body: ZUpdateContactRequest,
  response: ZContact,
  handler: async ({ params, body }, ctx) => updateContact(ctx, params.id, body),
});
export const removeContactRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'DELETE',
  url: `${M}/:id`,
  tags,
  permission: Permission.RelativeManage,
  summary:
    'Remove a contact (owner) or unfollow (follower); access ends at once. A pending request is cancelled or rejected',
  params: ZIdParams,
  response: ZContact,
  handler: async ({ params }, ctx) => removeContact(ctx, params.id),
});
