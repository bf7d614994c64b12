import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { ZDoctorProfileInput } from '@carewatch/contracts/staff';
import { ZDoctorDetail, ZDoctorDirectoryPage, ZDoctorDirectoryQuery } from '@carewatch/contracts/doctors';
import { defineRoute } from '../../../platform/route.ts';
import { getDoctor, listDoctors, readDoctorAvatar, updateDoctor } from '../doctors.service.ts';

const tags = ['doctors'];

/** Moved from the schedules module (same path, same permission, a superset of its answer: paging and profile fields). */
export const listDoctorsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/doctors',
  tags,
  permission: Permission.AppointmentScheduleView,
  summary:
    "Doctors of the caller's reach (filters centerId, specialty — any of theirs —, name or q; paged, default one page of 500)",
  query: ZDoctorDirectoryQuery,
  response: ZDoctorDirectoryPage,
  handler: async ({ query }, ctx) => listDoctors(ctx, query),
});
export const getDoctorRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/doctors/:id',
  tags,
  permission: Permission.AppointmentScheduleView,
  summary:
    "A doctor's profile (specialties, degree, cost, office, introduction, education, experience, branch, family doctor or specialist)",
  params: ZIdParams,
  response: ZDoctorDetail,
  handler: async ({ params }, ctx) => getDoctor(ctx, params.id),
});
export const updateDoctorRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: '/api/account/doctors/:id',
  tags,
  permission: Permission.AccountProfileUpdate,
  summary: 'Edit a doctor profile: the doctor themself, or staff with StaffUpdate (specialties ≤ 5, degree 1–7)',
  params: ZIdParams,
  body: ZDoctorProfileInput,
  response: ZDoctorDetail,
  handler: async ({ params, body }, ctx) => updateDoctor(ctx, params.id, body),
});
export const doctorAvatarRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/doctors/:id/avatar',
  tags,
  permission: Permission.AppointmentScheduleView,
  summary: "A doctor's avatar image (set through the existing avatar uploads)",
  params: ZIdParams,
  response: z.unknown(),
  raw: true,
  produces: ['image'],
  handler: async ({ params, reply }, ctx) => {
    const { data, type } = await readDoctorAvatar(ctx, params.id);
    await reply
      .type(type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(data);
  },
});
