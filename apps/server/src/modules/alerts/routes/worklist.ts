import { Permission } from '@carewatch/contracts/permissions';
import { ZWorklistPage, ZWorklistQuery } from '@carewatch/contracts/worklist';
import { defineRoute } from '../../../platform/route.ts';
import { worklist } from '../worklist.service.ts';

export const worklistRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/worklist',
  tags: ['alerts'],
  permission: Permission.HealthView,
  summary:
    'Triage worklist: the patients I may see with an open alert or SOS case, SOS first, then high risk, then at risk, ' +
    'oldest waiting first; the triggering value and its trend, the assigned doctors and the acknowledgement',
  query: ZWorklistQuery,
  response: ZWorklistPage,
  handler: async ({ query }, ctx) => worklist(ctx, query),
});
