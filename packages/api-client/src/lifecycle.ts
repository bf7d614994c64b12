import { ZAuditPage, type TAuditQuery } from '@carewatch/contracts/audit';
import { ZOk } from '@carewatch/contracts/common';
import {
  ZAccountState,
  ZDeactivationRequest,
  ZDeactivationRequestList,
  type TDisableRequest,
} from '@carewatch/contracts/lifecycle';
import { ZTokenResponse } from '@carewatch/contracts/auth';
import type { createApiClient } from './client.ts';

type ApiRequest = ReturnType<typeof createApiClient>['request'];
const M = '/api/account';
const id = (s: string) => encodeURIComponent(s);

/** Account lifecycle and audit calls. */
export const lifecycleApi = (request: ApiRequest) => ({
  disable: (userId: string, body: TDisableRequest) =>
    request('POST', `${M}/users/${id(userId)}/disable`, { body, schema: ZAccountState }),
  enable: (userId: string) => request('POST', `${M}/users/${id(userId)}/enable`, { body: {}, schema: ZAccountState }),
  state: (userId: string) => request('GET', `${M}/users/${id(userId)}/state`, { schema: ZAccountState }),
  requestDeactivation: (reason?: string) =>
    request('POST', `${M}/me/deactivation-request`, { body: reason ? { reason } : {}, schema: ZDeactivationRequest }),
  deactivationRequests: (status?: 'pending' | 'approved' | 'rejected') =>
    request('GET', `${M}/deactivation-requests`, { query: status ? { status } : {}, schema: ZDeactivationRequestList }),
  approveDeactivation: (requestId: string) =>
    request('POST', `${M}/deactivation-requests/${id(requestId)}/approve`, { body: {}, schema: ZOk }),
  rejectDeactivation: (requestId: string, reason: string) =>
    request('POST', `${M}/deactivation-requests/${id(requestId)}/reject`, { body: { reason }, schema: ZOk }),
  auditLog: (query: Partial<TAuditQuery>) => request('GET', `${M}/audit-log`, { query, schema: ZAuditPage }),
  auditExportUrl: (from: string, to: string) => `${M}/audit-log/export?${new URLSearchParams({ from, to }).toString()}`,
  recover: (body: { tenant: string; username: string; password: string }) =>
    request('POST', '/api/auth/recover', {
      body: { ...body, grant_type: 'password' },
      schema: ZTokenResponse,
      auth: false,
      headers: { 'X-Client': 'portal' },
    }),
});
