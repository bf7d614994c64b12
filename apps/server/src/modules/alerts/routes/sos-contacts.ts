import { Permission } from '@carewatch/contracts/permissions';
import { ZSosContacts } from '@carewatch/contracts/alerts';
import { defineRoute } from '../../../platform/route.ts';
import { mySosContacts } from '../sos-contacts.service.ts';

export const sosContactsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/me/sos/contacts',
  tags: ['alerts'],
  permission: Permission.HealthOwnData,
  summary:
    'The numbers the app offers to call or text itself when an SOS cannot reach the server: the emergency number and the SOS recipients with a phone',
  response: ZSosContacts,
  handler: async (_in, ctx) => mySosContacts(ctx),
});
