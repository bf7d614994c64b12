import { Permission } from '@carewatch/contracts/permissions';
import { ZSubscriptionMe } from '@carewatch/contracts/billing';
import { defineRoute } from '../../../platform/route.ts';
import { cancelMySubscription, mySubscription } from '../subscriptions.service.ts';

const P = '/api/account/subscriptions/me';
const tags = ['subscriptions', 'patient-app'];

export const mySubscriptionRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.AccountProfileView,
  summary:
    'My subscription: the current package (Zero without a purchase), its status and end, whether a wearable is connected, the features granted now, add-on uses left',
  response: ZSubscriptionMe,
  handler: async (_in, ctx) => mySubscription(ctx),
});
export const cancelMySubscriptionRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/cancel`,
  tags,
  permission: Permission.AccountProfileView,
  summary: 'Cancel my paid plan: back to the default Zero package at once',
  response: ZSubscriptionMe,
  handler: async (_in, ctx) => cancelMySubscription(ctx),
});
