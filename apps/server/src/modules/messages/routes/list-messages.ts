import { ZMessage, ZMessageQuery } from '@carewatch/contracts/account';
import { page } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { defineRoute } from '../../../platform/route.ts';
import { listMessages } from '../messages.service.ts';

export const listMessagesRoute = defineRoute({
  method: 'GET', url: '/api/account/messages', tags: ['messages'], permission: Permission.MessageLogView,
  summary: 'Recorded outgoing e-mails and SMS of my tenant', query: ZMessageQuery, response: page(ZMessage),
  handler: async ({ query }, ctx) => listMessages(ctx, query),
});
