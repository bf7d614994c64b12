import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  LICENSE_IMAGE_MAX_BYTES,
  ZLicense,
  ZLicenseInput,
  ZLicenseList,
  ZLicenseParams,
} from '@carewatch/contracts/staff';
import { defineRoute } from '../../../platform/route.ts';
import { readForm } from '../../staff/routes/multipart.ts';
import { addDoctorLicense, doctorLicenseImage, doctorLicenses, updateDoctorLicense } from '../doctors.service.ts';

const tags = ['doctors'];
const P = '/api/account/doctors/:id/licenses';

// The doctor manages their own licences (account permissions); staff need StaffView / StaffUpdate (checked in the service).
export const listDoctorLicensesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.AccountProfileView,
  summary:
    "A doctor's medical licences (the doctor, or staff with StaffView); `expired` flags those past their expiry date",
  params: ZIdParams,
  response: ZLicenseList,
  handler: async ({ params }, ctx) => doctorLicenses(ctx, params.id),
});
export const addDoctorLicenseRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: P,
  tags,
  permission: Permission.AccountProfileUpdate,
  status: 201,
  bodyKind: 'multipart',
  summary:
    'Add a medical licence (multipart: name, number, expiryDate yyyy-MM-dd, file PNG/JPEG by content ≤ 5 MB); an expired one is refused',
  params: ZIdParams,
  response: ZLicense,
  handler: async ({ params, req }, ctx) => {
    const { fields, file } = await readForm(req, ZLicenseInput, LICENSE_IMAGE_MAX_BYTES);
    return addDoctorLicense(ctx, params.id, fields, file);
  },
});
export const updateDoctorLicenseRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${P}/:licenseId`,
  tags,
  permission: Permission.AccountProfileUpdate,
  bodyKind: 'multipart',
  summary: 'Edit a medical licence (multipart like add; without a file the image is kept; an expired date is refused)',
  params: ZLicenseParams,
  response: ZLicense,
  handler: async ({ params, req }, ctx) => {
    const { fields, file } = await readForm(req, ZLicenseInput, LICENSE_IMAGE_MAX_BYTES);
    return updateDoctorLicense(ctx, params.id, params.licenseId, fields, file);
  },
});
export const doctorLicenseImageRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/:licenseId/image`,
  tags,
  permission: Permission.AccountProfileView,
  summary: "A medical licence's image",
  params: ZLicenseParams,
  response: z.unknown(),
  raw: true,
  produces: ['image'],
  handler: async ({ params, reply }, ctx) => {
    const { data, type } = await doctorLicenseImage(ctx, params.id, params.licenseId);
    await reply
      .type(type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(data);
  },
});
