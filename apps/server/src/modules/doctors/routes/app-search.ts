import { Permission } from '@carewatch/contracts/permissions';
import { ZAppDoctorList, ZAppDoctorSearchQuery } from '@carewatch/contracts/doctors';
import { defineRoute } from '../../../platform/route.ts';
import { searchDoctors } from '../doctors.service.ts';

export const appSearchDoctorsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/app/doctors',
  tags: ['doctors', 'patient-app'],
  permission: Permission.RelativeView,
  summary:
    'Add doctor: search by id, e-mail, name, specialty or address; with lat/lng ("near me") nearest first with the distance in km',
  query: ZAppDoctorSearchQuery,
  response: ZAppDoctorList,
  handler: async ({ query }, ctx) => searchDoctors(ctx, query),
});
