import { Permission } from '@carewatch/contracts/permissions';
import { ZIdParams } from '@carewatch/contracts/common';
import { ZTimelinePage, ZTimelineQuery } from '@carewatch/contracts/timeline';
import { defineRoute } from '../../../platform/route.ts';
import { patientTimeline } from '../timeline.service.ts';

export const patientTimelineRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/patients/:id/timeline',
  tags: ['timeline'],
  permission: Permission.HealthView,
  summary:
    "A patient's story on one time axis, newest first: readings out of range, alerts with their trail, SOS cases, status changes, notes, devices paired and unpaired (types, period; at most 500 a call with nextCursor)",
  params: ZIdParams,
  query: ZTimelineQuery,
  response: ZTimelinePage,
  operationId: 'getPatientTimeline',
  handler: async ({ params, query }, ctx) => patientTimeline(ctx, params.id, query),
});
