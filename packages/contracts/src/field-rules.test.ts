import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { fieldRule } from './field-rules.ts';
import { ZCreateCenterRequest } from './centers.ts';
import { ZCreateDeviceRequest } from './devices.ts';
import { ZTenantConnectionInput } from './tenants.ts';
import { ZCreatePatientRequest } from './patients.ts';

/** The first message of `field` when `schema` parses `input` (what a form shows under that field). */
function messageOf(schema: z.ZodType, input: unknown, field: string): string {
  const r = schema.safeParse(input);
  expect(r.success).toBe(false);
  const issue = r.error!.issues.find((i) => String(i.path[0]) === field || i.path.join('.') === field);
  expect(issue, `no issue on ${field}: ${JSON.stringify(r.error!.issues)}`).toBeDefined();
  return issue!.message;
}

describe('field rules (staff-portal §5)', () => {
  test('a health center without a chosen scope says Required', () => {
    const msg = messageOf(ZCreateCenterRequest, { name: 'C', scopeId: '' }, 'scopeId');
    expect(msg).toBe('Required');
    expect(fieldRule(msg)).toEqual({ key: 'required' });
  });

  test('a bad MAC address says the spec\'s "Invalid Mac address format"', () => {
    const msg = messageOf(
      ZCreateDeviceRequest,
      { model: 'WATCH', account: 'a@b.co', mac: 'zz:zz', serial: 'S1' },
      'mac',
    );
    expect(msg).toBe('Invalid Mac address format');
    expect(fieldRule(msg)).toEqual({ key: 'mac' });
  });

  test('an empty user name of a tenant connection says Required', () => {
    const msg = messageOf(
      z.array(ZTenantConnectionInput),
      [{ host: 'db', port: 5432, username: '', usernameConfirm: '', publicUrl: 'https://x.test' }],
      '0',
    );
    expect(fieldRule(msg)).toEqual({ key: 'required' });
  });

  test('the patient form rules name their rule', () => {
    const r = ZCreatePatientRequest.safeParse({ firstName: 'A1', lastName: '', birthday: '2999-01-01', email: 'nope' });
    expect(r.success).toBe(false);
    for (const issue of r.error!.issues)
      expect(fieldRule(issue.message), `${issue.path.join('.')}: ${issue.message}`).not.toBeNull();
  });

  test.each([
    ['Required', 'required', undefined],
    ['Max length is 64', 'maxLength', '64'],
    ['At most 200 characters', 'maxLength', '200'],
    ['Min value is 0', 'minValue', '0'],
    ['Max value is 65535', 'maxValue', '65535'],
    ['Email is not valid', 'email', undefined],
    ['Phone number is not valid', 'phone', undefined],
    ['Birthday is not valid', 'birthday', undefined],
    ['Birthday can not from the future', 'birthdayFuture', undefined],
    ['Invalid blood type', 'bloodType', undefined],
    ['Invalid Height and Weight value', 'heightWeight', undefined],
    ['Gender value is missing or invalid', 'gender', undefined],
    ['Invalid Mac address format', 'mac', undefined],
    ["Start time can't after end time", 'startAfterEnd', undefined],
    ['At least one role must be selected', 'role', undefined],
    ['A reason is required to cancel', 'cancelReason', undefined],
    ['Medical license expired', 'licenseExpired', undefined],
    // Zod's own wording, for schemas without a message of their own.
    ['Invalid input: expected string, received undefined', 'required', undefined],
    ['Too small: expected string to have >=1 characters', 'required', undefined],
    ['Too big: expected string to have <=254 characters', 'maxLength', '254'],
    ['Invalid UUID', 'choose', undefined],
    ['Invalid option: expected one of "a"|"b"', 'choose', undefined],
  ])('%s → %s', (message, key, n) => {
    expect(fieldRule(message)).toEqual(n === undefined ? { key } : { key, n });
  });

  test("Zod's messages of a bare schema are mapped", () => {
    const r = z
      .object({ a: z.string().min(1).max(3), b: z.string().uuid(), c: z.number().max(5) })
      .safeParse({ a: 'abcd', b: 'x', c: 9 });
    for (const issue of r.error!.issues) expect(fieldRule(issue.message), issue.message).not.toBeNull();
    const missing = z.object({ a: z.string() }).safeParse({});
    expect(fieldRule(missing.error!.issues[0]!.message)).toEqual({ key: 'required' });
  });

  test('a message that names no rule maps to nothing', () => {
    expect(fieldRule('Something else')).toBeNull();
  });
});
