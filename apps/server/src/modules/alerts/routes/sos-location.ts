import { Permission } from '@carewatch/contracts/permissions';
import { ZLocation, ZSosLocationResult } from '@carewatch/contracts/alerts';
import { defineRoute } from '../../../platform/route.ts';
import { reportSosLocation } from '../sos-location.service.ts';

export const sosLocationRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/me/sos/location',
  tags: ['alerts'],
  permission: Permission.HealthOwnData,
  summary:
    'Live location while my SOS case is open (the app sends it every 30 s): kept on the case trail, pushed to staff and followers',
  body: ZLocation,
  response: ZSosLocationResult,
  handler: async ({ body }, ctx) => reportSosLocation(ctx, body),
});
