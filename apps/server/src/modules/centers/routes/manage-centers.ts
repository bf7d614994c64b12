import { Permission } from '@carewatch/contracts/permissions';
import {
  LOGO_MAX_BYTES,
  ZCenter,
  ZManageCenterDetailQuery,
  ZManageCenterQuery,
  ZManageUploadLogoQuery,
} from '@carewatch/contracts/centers';
import { ZTenantList } from '@carewatch/contracts/tenants';
import { defineRoute } from '../../../platform/route.ts';
import { AppError } from '../../../platform/errors.ts';
import { manageCenterDetail, manageCreateCenter, manageUpdateCenter, manageUploadLogo } from '../centers.service.ts';
import { listTenants } from '../../tenants/tenants.service.ts';

const P = '/api/manage';
const tags = ['centers'];

export const manageCreateCenterRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/sadmin/center`,
  tags,
  permission: Permission.CenterManage,
  status: 201,
  summary: 'Create a health center by name in a scope (query name, scope, tenantName, mainAdmin)',
  query: ZManageCenterQuery,
  response: ZCenter,
  handler: async ({ query }, ctx) => manageCreateCenter(ctx, query),
});
export const manageUpdateCenterRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${P}/sadmin/center`,
  tags,
  permission: Permission.CenterManage,
  summary: 'Move the named health center to a scope (query name, scope, tenantName; optional mainAdmin)',
  query: ZManageCenterQuery,
  response: ZCenter,
  handler: async ({ query }, ctx) => manageUpdateCenter(ctx, query),
});
export const manageCenterDetailRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/sadmin/center/detail`,
  tags,
  permission: Permission.CenterManage,
  summary: 'A health center by name',
  query: ZManageCenterDetailQuery,
  response: ZCenter,
  handler: async ({ query }, ctx) => manageCenterDetail(ctx, query.name),
});
export const manageUploadLogoRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/sadmin/center/upload-logo`,
  tags,
  permission: Permission.CenterManage,
  bodyKind: 'multipart',
  summary: 'Upload the named center’s logo (query tenantName, name; multipart `file`, PNG/JPEG ≤ 5 MB)',
  query: ZManageUploadLogoQuery,
  response: ZCenter,
  handler: async ({ req, query }, ctx) => {
    const file = await req.file({ limits: { fileSize: LOGO_MAX_BYTES } });
    const data = file
      ? await file.toBuffer().catch((e: { code?: string }) => {
          if (e.code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError('IMAGE_UPLOAD_FAILED', { field: 'file', rule: 'max_5mb' });
          throw e;
        })
      : null;
    return manageUploadLogo(ctx, query, data);
  },
});
export const manageTenantAllRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/sadmin/tenant/all`,
  tags,
  permission: Permission.CenterManage,
  summary: 'Tenants (all of them for root and super admins)',
  response: ZTenantList,
  handler: async (_in, ctx) => listTenants(ctx),
});
