import { describe, expect, test } from 'vitest';
import { TENANT_CONNECTION_COUNT, ZCreateTenantRequest, type TTenantDetail } from '@carewatch/contracts/tenants';
import { hasKey, portalT } from '../../test-support/portal-t.ts';
import {
  connectionProblems,
  emptyConnection,
  initialTenantValues,
  storedPassword,
  tenantBody,
  tenantMessageKey,
  withoutConnectionErrors,
  type TenantValues,
} from './tenants-rules.ts';

const detail = {
  name: 'North',
  officialName: 'North Clinic',
  code: 'north',
  connectionType: 'dedicated',
  connections: [
    {
      position: 1,
      host: 'DB.example.org',
      port: 5433,
      username: 'care',
      passwordSet: true,
      publicUrl: 'https://north.example',
    },
  ],
} as unknown as TTenantDetail;

const dedicated = (over: Partial<TenantValues['connections'][number]> = {}): TenantValues => {
  const v = initialTenantValues();
  const c = {
    ...emptyConnection(),
    host: 'db1',
    username: 'u',
    usernameConfirm: 'u',
    password: 'p',
    passwordConfirm: 'p',
    ...over,
  };
  return { ...v, connectionType: 'dedicated', connections: [c, c, c] };
};

describe('the tenant form', () => {
  test('a new tenant: shared database, three empty connection slots on port 5432', () => {
    const v = initialTenantValues();
    expect(v.connectionType).toBe('shared');
    expect(v.connections).toHaveLength(TENANT_CONNECTION_COUNT);
    expect(v.connections[2]).toEqual({
      host: '',
      port: '5432',
      username: '',
      usernameConfirm: '',
      password: '',
      passwordConfirm: '',
      publicUrl: '',
    });
  });

  test('an existing tenant fills each connection at its position, the user name already confirmed, no password', () => {
    const v = initialTenantValues(detail);
    expect(v.adminEmail).toBe('');
    expect(v.connections[0]).toEqual(emptyConnection());
    expect(v.connections[1]).toEqual({
      host: 'DB.example.org',
      port: '5433',
      username: 'care',
      usernameConfirm: 'care',
      password: '',
      passwordConfirm: '',
      publicUrl: 'https://north.example',
    });
  });

  test('an empty password keeps the stored one only for the same host (any case), port and user', () => {
    expect(storedPassword(detail, 1, { host: ' db.EXAMPLE.org ', port: '5433', username: 'care' })).toBe('keep');
    expect(storedPassword(detail, 1, { host: 'db.example.org', port: '5432', username: 'care' })).toBe('retype');
    expect(storedPassword(detail, 1, { host: 'db.example.org', port: '5433', username: 'Care' })).toBe('retype');
    expect(storedPassword(detail, 0, { host: 'x', port: '1', username: 'y' })).toBe('none');
    expect(storedPassword(undefined, 1, { host: 'x', port: '1', username: 'y' })).toBe('none');
  });

  test('a shared database sends no connections', () => {
    expect(tenantBody(dedicated()).connections).toHaveLength(3);
    expect(tenantBody({ ...dedicated(), connectionType: 'shared' }).connections).toEqual([]);
    const create = ZCreateTenantRequest.safeParse({
      ...tenantBody({ ...initialTenantValues(), name: 'South', code: 'south', adminEmail: 'a@south.vn' }),
    });
    expect(create.success).toBe(true);
  });

  test('confirmations: the user name (spaces aside), the password exactly; a password unless the stored one is kept', () => {
    expect(connectionProblems(dedicated(), undefined)).toEqual({});
    expect(connectionProblems(dedicated({ usernameConfirm: ' u ' }), undefined)).toEqual({});
    expect(connectionProblems(dedicated({ usernameConfirm: 'v' }), undefined)).toEqual({
      'connections.0.usernameConfirm': 'tenants.validation.usernameMismatch',
      'connections.1.usernameConfirm': 'tenants.validation.usernameMismatch',
      'connections.2.usernameConfirm': 'tenants.validation.usernameMismatch',
    });
    expect(connectionProblems(dedicated({ passwordConfirm: 'p ' }), undefined)['connections.1.passwordConfirm']).toBe(
      'tenants.validation.passwordMismatch',
    );
    expect(
      connectionProblems(dedicated({ password: '', passwordConfirm: '' }), undefined)['connections.0.password'],
    ).toBe('fieldRules.required');
  });

  test('the stored password kept: no password asked on that row only', () => {
    const v = initialTenantValues(detail);
    const problems = connectionProblems(v, detail);
    expect(problems['connections.1.password']).toBeUndefined();
    expect(problems['connections.0.password']).toBe('fieldRules.required');
    expect(connectionProblems({ ...v, connectionType: 'shared' }, detail)).toEqual({});
  });

  test('editing a connection clears its errors and the count’s, not the others’', () => {
    expect(
      withoutConnectionErrors({ 'connections.0.host': 'a', 'connections.1.host': 'b', connections: 'c', name: 'd' }, 0),
    ).toEqual({ 'connections.1.host': 'b', name: 'd' });
  });

  test('this domain’s messages have their texts in both languages', () => {
    expect(tenantMessageKey('Host name is not valid')).toBe('tenants.validation.host');
    expect(tenantMessageKey('Tenant code is not valid')).toBe('tenants.validation.code');
    expect(tenantMessageKey('Required')).toBeNull();
    for (const k of [
      'tenants.validation.host',
      'tenants.validation.port',
      'tenants.validation.usernameMismatch',
      'tenants.validation.passwordMismatch',
      'tenants.validation.dialCode',
    ]) {
      expect(hasKey(k, 'en') && hasKey(k, 'vi'), k).toBe(true);
    }
    expect(portalT('vi')('tenants.validation.passwordMismatch')).not.toBe(
      portalT('en')('tenants.validation.passwordMismatch'),
    );
  });
});
