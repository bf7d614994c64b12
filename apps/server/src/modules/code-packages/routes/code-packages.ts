import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZCodeListQuery,
  ZCodePackage,
  ZCodePackageInput,
  ZCodePackageListQuery,
  ZCodePackagePage,
  ZCodePackageStats,
  ZCodeStatusRequest,
  ZCodeStatusResult,
  ZRedeemCodePage,
  ZRedeemRequest,
  ZRedeemResult,
} from '@carewatch/contracts/code-packages';
import { defineRoute } from '../../../platform/route.ts';
import {
  codePackageStats,
  createCodePackage,
  exportCodes,
  getCodePackage,
  listCodePackages,
  listCodes,
  redeemCode,
  setCodeStatus,
} from '../code-packages.service.ts';

const tags = ['code-packages'];
const P = '/api/account/code-packages';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const listCodePackagesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.CodePackageManage,
  summary: 'Code packages of the tenant, newest first, with their code counts by status',
  query: ZCodePackageListQuery,
  response: ZCodePackagePage,
  handler: async ({ query }, ctx) => listCodePackages(ctx, query),
});
export const createCodePackageRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: P,
  tags,
  permission: Permission.CodePackageManage,
  status: 201,
  summary: 'Create a code package (every field required) and generate its codes in series',
  body: ZCodePackageInput,
  response: ZCodePackage,
  handler: async ({ body }, ctx) => createCodePackage(ctx, body),
});
export const getCodePackageRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/:id`,
  tags,
  permission: Permission.CodePackageManage,
  summary: 'One code package',
  params: ZIdParams,
  response: ZCodePackage,
  handler: async ({ params }, ctx) => getCodePackage(ctx, params.id),
});
export const listCodesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/:id/codes`,
  tags,
  permission: Permission.CodePackageManage,
  summary: "A package's codes in series order (paged; filter by status, search a code or series)",
  params: ZIdParams,
  query: ZCodeListQuery,
  response: ZRedeemCodePage,
  handler: async ({ params, query }, ctx) => listCodes(ctx, params.id, query),
});
export const setCodeStatusRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PATCH',
  url: `${P}/:id/codes`,
  tags,
  permission: Permission.CodePackageManage,
  summary:
    'Mark codes paid / not paid or lock them: a selection (codeIds) or a series range (seqFrom..seqTo); used codes are skipped',
  params: ZIdParams,
  body: ZCodeStatusRequest,
  response: ZCodeStatusResult,
  handler: async ({ params, body }, ctx) => setCodeStatus(ctx, params.id, body),
});
export const codePackageStatsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/:id/statistics`,
  tags,
  permission: Permission.CodePackageManage,
  summary: 'Codes by status, and redemptions by month of activation',
  params: ZIdParams,
  response: ZCodePackageStats,
  handler: async ({ params }, ctx) => codePackageStats(ctx, params.id),
});
export const exportCodesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/:id/export`,
  tags,
  permission: Permission.CodePackageManage,
  summary: "The package's codes as .xlsx (series, code, status, purchase and activation dates)",
  params: ZIdParams,
  response: z.unknown(),
  raw: true,
  produces: ['xlsx'],
  handler: async ({ params, reply }, ctx) => {
    const f = await exportCodes(ctx, params.id);
    await reply
      .type(XLSX)
      .header('content-disposition', `attachment; filename="${f.name}"`)
      .header('x-content-type-options', 'nosniff')
      .send(f.stream);
  },
});
export const redeemCodeRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/redeem`,
  tags: [...tags, 'patient-app'],
  permission: Permission.AccountProfileView,
  summary: "The app: redeem a code once — its package's plan becomes mine for its months (rate-limited per user)",
  body: ZRedeemRequest,
  response: ZRedeemResult,
  handler: async ({ body }, ctx) => redeemCode(ctx, body.code),
});
