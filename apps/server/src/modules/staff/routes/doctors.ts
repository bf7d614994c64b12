import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  LICENSE_IMAGE_MAX_BYTES,
  ZDoctorParams,
  ZDoctorProfileInput,
  ZFollowDoctorRequest,
  ZLicense,
  ZLicenseInput,
  ZLicenseList,
  ZLicenseParams,
  ZPersonList,
  ZStaffDetail,
} from '@carewatch/contracts/staff';
import { defineRoute } from '../../../platform/route.ts';
import { readForm } from './multipart.ts';
import {
  addLicense,
  followDoctor,
  followedDoctors,
  listLicenses,
  readLicenseImage,
  unfollowDoctor,
  updateDoctorProfile,
  updateLicense,
} from '../staff.service.ts';

export const updateDoctorProfileRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: '/api/account/staff/:id/doctor-profile',
  tags: ['staff'],
  permission: Permission.StaffUpdate,
  summary: "A doctor's profile (specialties ≤ 5, degree 1–7, cost, office, education, experience, family/specialist)",
  params: ZIdParams,
  body: ZDoctorProfileInput,
  response: ZStaffDetail,
  handler: async ({ params, body }, ctx) => updateDoctorProfile(ctx, params.id, body),
});
export const listLicensesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/staff/:id/licenses',
  tags: ['staff'],
  permission: Permission.StaffView,
  summary: "A doctor's medical licenses",
  params: ZIdParams,
  response: ZLicenseList,
  handler: async ({ params }, ctx) => listLicenses(ctx, params.id),
});
export const addLicenseRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/staff/:id/licenses',
  tags: ['staff'],
  permission: Permission.StaffUpdate,
  status: 201,
  bodyKind: 'multipart',
  summary:
    'Add a medical license (multipart: name, number, expiryDate yyyy-MM-dd, optional file PNG/JPEG ≤ 5 MB); an expired one is refused',
  params: ZIdParams,
  response: ZLicense,
  handler: async ({ params, req }, ctx) => {
    const { fields, file } = await readForm(req, ZLicenseInput, LICENSE_IMAGE_MAX_BYTES);
    return addLicense(ctx, params.id, fields, file);
  },
});
export const updateLicenseRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: '/api/account/staff/:id/licenses/:licenseId',
  tags: ['staff'],
  permission: Permission.StaffUpdate,
  bodyKind: 'multipart',
  summary: 'Edit a medical license (multipart like add; without a file the image is kept)',
  params: ZLicenseParams,
  response: ZLicense,
  handler: async ({ params, req }, ctx) => {
    const { fields, file } = await readForm(req, ZLicenseInput, LICENSE_IMAGE_MAX_BYTES);
    return updateLicense(ctx, params.id, params.licenseId, fields, file);
  },
});
export const licenseImageRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/staff/:id/licenses/:licenseId/image',
  tags: ['staff'],
  permission: Permission.StaffView,
  summary: "A medical license's image",
  params: ZLicenseParams,
  response: z.unknown(),
  raw: true,
  produces: ['image'],
  handler: async ({ params, reply }, ctx) => {
    const { data, type } = await readLicenseImage(ctx, params.id, params.licenseId);
    await reply
      .type(type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(data);
  },
});
export const listFollowedDoctorsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/staff/:id/doctors',
  tags: ['staff'],
  permission: Permission.StaffView,
  summary: 'The doctors a doctor assistant follows',
  params: ZIdParams,
  response: ZPersonList,
  handler: async ({ params }, ctx) => followedDoctors(ctx, params.id),
});
export const followDoctorRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/staff/:id/doctors',
  tags: ['staff'],
  permission: Permission.StaffUpdate,
  summary: 'A doctor assistant follows one more doctor',
  params: ZIdParams,
  body: ZFollowDoctorRequest,
  response: ZPersonList,
  handler: async ({ params, body }, ctx) => followDoctor(ctx, params.id, body.doctorId),
});
export const unfollowDoctorRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'DELETE',
  url: '/api/account/staff/:id/doctors/:doctorId',
  tags: ['staff'],
  permission: Permission.StaffUpdate,
  summary: 'Unassign a doctor from an assistant (the last one is refused)',
  params: ZDoctorParams,
  response: ZPersonList,
  handler: async ({ params }, ctx) => unfollowDoctor(ctx, params.id, params.doctorId),
});
