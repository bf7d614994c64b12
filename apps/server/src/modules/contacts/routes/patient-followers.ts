import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { ZPatientFollowers } from '@carewatch/contracts/contacts';
import { defineRoute } from '../../../platform/route.ts';
import { patientFollowers } from '../contacts.service.ts';

/** Staff read a patient's followers with the permission that opens the patient record (404 when not visible). */
export const patientFollowersRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/patients/:id/followers',
  tags: ['contacts', 'patients'],
  permission: Permission.PatientView,
  summary:
    "A patient's followers, emergency numbers, family doctor and specialists (accepted and pending), with the escalation channels of each",
  params: ZIdParams,
  response: ZPatientFollowers,
  handler: async ({ params }, ctx) => patientFollowers(ctx, params.id),
});
