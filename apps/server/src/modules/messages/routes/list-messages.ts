import { ZMessage, ZMessageQuery, ZRevealedMessage } from '@carewatch/contracts/account';
import { ZIdParams, page } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { defineRoute } from '../../../platform/route.ts';
import { listMessages, revealMessage } from '../messages.service.ts';

export const listMessagesRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/messages',
  tags: ['messages'],
  permission: Permission.MessageLogView,
  summary: 'Recorded outgoing e-mails and SMS of my tenant (one-time codes and temporary passwords masked)',
  query: ZMessageQuery,
  response: page(ZMessage),
  handler: async ({ query }, ctx) => listMessages(ctx, query),
});
export const revealMessageRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/messages/:id/reveal',
  tags: ['messages'],
  permission: Permission.MessageLogView,
  summary: 'One message with its code shown: the super admin of a tenant that allows it (the demo) only; audited',
  params: ZIdParams,
  response: ZRevealedMessage,
  handler: async ({ params }, ctx) => revealMessage(ctx, params.id),
});
