import { describe, expect, test } from 'vitest';
import {
  APP_STATUSES,
  DEVICE_IMPORT_MAX_BYTES,
  DEVICE_MODELS,
  ZCreateDeviceRequest,
} from '@carewatch/contracts/devices';
import { ROLE_CODES } from '@carewatch/contracts/roles';
import { hasKey, portalT } from '../../test-support/portal-t.ts';
import {
  appStatusColor,
  connectionBadge,
  deviceBody,
  deviceFormValues,
  deviceRolePath,
  importFileProblem,
  importResultColor,
  isCellular,
  missingIdentifier,
} from './devices-rules.ts';

describe('the device form', () => {
  test('a new device starts as a V19 watch with empty fields; an existing one shows its own (missing ones blank)', () => {
    expect(deviceFormValues()).toEqual({ model: 'V19', account: '', mac: '', imei: '', serial: '', name: '' });
    expect(
      deviceFormValues({
        model: 'J2025E',
        account: 'a@b.co',
        mac: null,
        imei: '356938035643809',
        serial: 'S1',
        name: null,
      }),
    ).toEqual({ model: 'J2025E', account: 'a@b.co', mac: '', imei: '356938035643809', serial: 'S1', name: '' });
  });

  test('J2025 models are cellular; the watches and an unknown model are not', () => {
    expect(DEVICE_MODELS.filter(isCellular)).toEqual(['J2025E', 'J2025B']);
    expect(isCellular('X9')).toBe(false);
  });

  test('the body clears the identifier the model does not use', () => {
    const v = {
      model: 'V19',
      account: 'a@b.co',
      mac: 'AA:BB:CC:DD:EE:FF',
      imei: '356938035643809',
      serial: 'S1',
      name: '',
    };
    expect(deviceBody(v)).toMatchObject({ mac: 'AA:BB:CC:DD:EE:FF', imei: '' });
    expect(deviceBody({ ...v, model: 'J2025B' })).toMatchObject({ mac: '', imei: '356938035643809' });
  });

  test('the identifier the model needs is required', () => {
    expect(missingIdentifier('V19', { mac: '' })).toBe('mac');
    expect(missingIdentifier('V19', { mac: 'AA:BB:CC:DD:EE:FF' })).toBeNull();
    expect(missingIdentifier('J2025E', { mac: 'AA:BB:CC:DD:EE:FF', imei: null })).toBe('imei');
    expect(missingIdentifier('J2025E', { imei: '356938035643809' })).toBeNull();
  });

  test('a watch body with a bad MAC fails on the MAC with the spec’s message (both languages)', () => {
    const r = ZCreateDeviceRequest.safeParse(
      deviceBody({ model: 'V19', account: 'a@b.co', mac: 'nope', imei: '', serial: 'S1', name: '' }),
    );
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['mac']);
    expect(portalT('en')('fieldRules.mac')).toBe('Invalid Mac address format');
  });
});

describe('the import file', () => {
  test('none, not .xlsx, too large: each its message; a good file none', () => {
    expect(importFileProblem(null)).toBe('fieldRules.required');
    expect(importFileProblem({ name: 'devices.csv', size: 10 })).toBe('devices.import.xlsxOnly');
    expect(importFileProblem({ name: 'DEVICES.XLSX', size: 10 })).toBeNull();
    expect(importFileProblem({ name: 'd.xlsx', size: DEVICE_IMPORT_MAX_BYTES })).toBeNull();
    expect(importFileProblem({ name: 'd.xlsx', size: DEVICE_IMPORT_MAX_BYTES + 1 })).toBe('devices.import.tooLarge');
    for (const k of ['devices.import.xlsxOnly', 'devices.import.tooLarge']) expect(hasKey(k, 'vi'), k).toBe(true);
  });

  test('the summary is green only when no line was refused', () => {
    expect(importResultColor([])).toBe('green');
    expect(importResultColor([{ line: 2 }])).toBe('yellow');
  });
});

describe('badges and role paths', () => {
  test('each connection status has its label and colour; an unknown one is "unknown" in grey', () => {
    expect(connectionBadge(1)).toEqual({ labelKey: 'devices.connection.connected', color: 'teal' });
    expect(connectionBadge(0)).toEqual({ labelKey: 'devices.connection.disconnected', color: 'orange' });
    expect(connectionBadge(-1)).toEqual({ labelKey: 'devices.connection.notActivated', color: 'gray' });
    expect(connectionBadge(2)).toEqual({ labelKey: 'devices.connection.unknown', color: 'yellow' });
    expect(connectionBadge(7)).toEqual({ labelKey: 'devices.connection.unknown', color: 'gray' });
    for (const s of [1, 0, -1, 2] as const) {
      expect(hasKey(connectionBadge(s).labelKey, 'en') && hasKey(connectionBadge(s).labelKey, 'vi'), String(s)).toBe(
        true,
      );
    }
  });

  test('app statuses: killed red, no sync orange, online teal, offline and unknown grey', () => {
    expect(APP_STATUSES.map(appStatusColor)).toEqual(['teal', 'gray', 'red', 'orange']);
    expect(appStatusColor('weird')).toBe('gray');
  });

  test('role paths (spec §7): an assistant as a doctor, root as super admin, unknown roles as admin', () => {
    expect(deviceRolePath('doctor_assistant')).toBe('doctor');
    expect(deviceRolePath('root')).toBe('sadmin');
    expect(deviceRolePath('super_admin')).toBe('sadmin');
    expect(deviceRolePath('customer_care')).toBe('cskh');
    expect(deviceRolePath('operator')).toBe('operator');
    expect(deviceRolePath('scope_admin')).toBe('admin');
    expect(deviceRolePath('')).toBe('admin');
    expect(deviceRolePath('cskh')).toBe('cskh');
    for (const r of ROLE_CODES) expect(['admin', 'sadmin', 'cskh', 'doctor', 'operator']).toContain(deviceRolePath(r));
  });
});
