import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { ALL_PERMISSIONS, PERMISSION_GROUPS, Permission } from '@carewatch/contracts/permissions';
import { portalEn } from '@carewatch/i18n/portal-en';
import { hasKey } from '../../test-support/portal-t.ts';
import { groupedCatalogue, labelOf, roleNote, switchDisabled, togglePermission, type Caller } from './roles-rules.ts';

const admin: Caller = { roleCode: 'admin', permissions: [Permission.PatientView, Permission.DeviceView] };

describe('the permission catalogue', () => {
  test('groups come in the contract’s order, unknown groups after them, empty ones left out', () => {
    const items = [
      { id: 1, key: 'a', group: 'Device' },
      { id: 2, key: 'b', group: 'Zeta' },
      { id: 3, key: 'c', group: 'Account' },
      { id: 4, key: 'd', group: 'Device' },
    ];
    expect(groupedCatalogue(items)).toEqual([
      ['Account', [items[2]]],
      ['Device', [items[0], items[3]]],
      ['Zeta', [items[1]]],
    ]);
    expect(groupedCatalogue([])).toEqual([]);
  });

  test('the whole built-in catalogue: every permission once, every group known', () => {
    const groups = groupedCatalogue(ALL_PERMISSIONS.map((p) => ({ id: p.id, key: p.key, group: p.group })));
    expect(groups.flatMap(([, l]) => l)).toHaveLength(ALL_PERMISSIONS.length);
    expect(groups.every(([g]) => (PERMISSION_GROUPS as readonly string[]).includes(g))).toBe(true);
  });

  test('a label the catalogue knows is translated (both languages), a newer one shown raw', () => {
    const known = new Set(Object.keys(portalEn.permissions));
    const first = ALL_PERMISSIONS[0]!.key;
    expect(labelOf('permissions', first, known)).toEqual({ key: `permissions.${first}` });
    expect(labelOf('permissions', 'future.thing', known)).toEqual({ raw: 'future.thing' });
    // Both catalogues label the same permissions (two schedule permissions have no label yet: shown by their key).
    for (const p of ALL_PERMISSIONS) expect(hasKey(`permissions.${p.key}`, 'vi'), p.key).toBe(known.has(p.key));
  });

  test('property: grouping keeps every item exactly once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.nat(), key: fc.string(), group: fc.constantFrom('Device', 'Health', 'X', 'Y') })),
        (items) => {
          const flat = groupedCatalogue(items).flatMap(([, l]) => l);
          expect(flat).toHaveLength(items.length);
          expect(new Set(flat)).toEqual(new Set(items));
        },
      ),
    );
  });
});

describe('what a caller may change', () => {
  test('the note: read-only without the right, roles at or above the caller, top roles', () => {
    expect(roleNote(false, admin, { code: 'doctor' })).toBe('roles.readOnly');
    expect(roleNote(true, admin, { code: 'admin' })).toBe('security.roles.notBelow');
    expect(roleNote(true, admin, { code: 'super_admin' })).toBe('security.roles.notBelow');
    expect(roleNote(true, { roleCode: 'root', permissions: [] }, { code: 'system_admin' })).toBe(
      'security.roles.topRole',
    );
    expect(roleNote(true, admin, { code: 'doctor' })).toBeNull();
    expect(roleNote(true, admin, { code: 'my_custom_role' })).toBeNull();
    for (const k of ['roles.readOnly', 'security.roles.notBelow', 'security.roles.topRole'])
      expect(hasKey(k, 'en') && hasKey(k, 'vi'), k).toBe(true);
  });

  test('switches: only a permission the caller holds can be granted; any can be removed from a role below', () => {
    const doctor = { code: 'doctor', permissions: [Permission.PatientView, Permission.RoleCreate] };
    expect(switchDisabled(true, admin, doctor, Permission.DeviceView)).toBe(false);
    expect(switchDisabled(true, admin, doctor, Permission.TenantManage)).toBe(true);
    expect(switchDisabled(true, admin, doctor, Permission.RoleCreate)).toBe(false);
    expect(switchDisabled(false, admin, doctor, Permission.DeviceView)).toBe(true);
    expect(switchDisabled(true, admin, { code: 'admin', permissions: [] }, Permission.DeviceView)).toBe(true);
  });

  test('a top role keeps its permissions even for root, but may be given more', () => {
    const root: Caller = { roleCode: 'root', permissions: [Permission.TenantManage] };
    const sys = { code: 'system_admin', permissions: [Permission.TenantManage] };
    expect(switchDisabled(true, root, sys, Permission.TenantManage)).toBe(true);
    expect(switchDisabled(true, root, { ...sys, permissions: [] }, Permission.TenantManage)).toBe(false);
  });

  test('ticking and clearing a box of a new role', () => {
    expect(togglePermission([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(togglePermission([1, 2], 2, true)).toEqual([1, 2]);
    expect(togglePermission([1, 2], 1, false)).toEqual([2]);
    expect(togglePermission([], 1, false)).toEqual([]);
  });
});
