import { ZMessage, ZRegistrationList, ZRevealedMessage, type TMessageQuery } from '@carewatch/contracts/account';
import {
  ZPermissionCatalogue,
  ZRole,
  ZRoleList,
  type TCreateRoleRequest,
  type TTogglePermissionRequest,
} from '@carewatch/contracts/roles';
import { ZTenantList } from '@carewatch/contracts/tenants';
import { ZOk, page } from '@carewatch/contracts/common';
import type { ApiClient } from './client.ts';

const M = '/api/account';
const ZMessagePage = page(ZMessage);

/**
 * The staff-only calls of the base client (roles, messages, registrations, tenants), apart so that the patient app's
 * first load does not carry their schemas (issue 18: first-load budget).
 */
export function staffApi(request: ApiClient['request']) {
  return {
    tenants: () => request('GET', '/api/auth/tenant/all', { schema: ZTenantList }),
    roles: () => request('GET', `${M}/roles`, { schema: ZRoleList }),
    permissionCatalogue: () => request('GET', `${M}/permissions`, { schema: ZPermissionCatalogue }),
    createRole: (body: TCreateRoleRequest) => request('POST', `${M}/roles`, { body, schema: ZRole }),
    togglePermission: (roleId: string, body: TTogglePermissionRequest) =>
      request('PUT', `${M}/roles/${encodeURIComponent(roleId)}/permissions`, { body, schema: ZRole }),
    messages: (query: Partial<TMessageQuery>) => request('GET', `${M}/messages`, { query, schema: ZMessagePage }),
    revealMessage: (id: string) =>
      request('POST', `${M}/messages/${encodeURIComponent(id)}/reveal`, { schema: ZRevealedMessage }),
    registrations: () => request('GET', `${M}/registrations`, { schema: ZRegistrationList }),
    approveRegistration: (id: string) =>
      request('POST', `${M}/registrations/${encodeURIComponent(id)}/approve`, { schema: ZOk }),
    rejectRegistration: (id: string) =>
      request('POST', `${M}/registrations/${encodeURIComponent(id)}/reject`, { schema: ZOk }),
  };
}
