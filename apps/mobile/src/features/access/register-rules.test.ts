import { describe, expect, test } from 'vitest';
import { ZAppRegisterRequest } from '@carewatch/contracts/app-auth';
import { birthdayProblem, localToday } from './register-rules.ts';

const now = new Date(2026, 10, 22, 9, 30); // 22 Nov 2026, local time

describe('date of birth', () => {
  test('today and earlier days are accepted, tomorrow is in the future', () => {
    expect(localToday(now)).toBe('2026-11-22');
    expect(birthdayProblem('2026-11-22', now)).toBeNull();
    expect(birthdayProblem('1950-01-31', now)).toBeNull();
    expect(birthdayProblem('2026-11-23', now)).toBe('future');
    expect(birthdayProblem('2030-01-01', now)).toBe('future');
  });

  test('days that do not exist and other formats are invalid; empty is left to "Required"', () => {
    expect(birthdayProblem('2023-02-29', now)).toBe('invalid');
    expect(birthdayProblem('2024-02-29', now)).toBeNull();
    expect(birthdayProblem('22/11/2000', now)).toBe('invalid');
    expect(birthdayProblem('', now)).toBeNull();
  });
});

describe('the registration form uses the contract', () => {
  const valid = {
    tenant: 'demo',
    channel: 'phone',
    phone: '0912345678',
    otp: '123456',
    firstName: 'Lan',
    middleName: '',
    lastName: 'Nguyen',
    birthday: '1980-05-01',
    gender: 'female',
    address: '1 Hang Bai, Hanoi',
    bloodType: 'O+',
    skinColour: 'type_3',
    relationship: 'self',
    accountType: 'patient',
    password: 'Secret@2026',
    confirmPassword: 'Secret@2026',
    acceptTerms: true,
    acceptHealthProcessing: true,
    language: 'en-CA',
  };
  const fieldsOf = (body: object) => {
    const r = ZAppRegisterRequest.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => String(i.path[0]));
  };

  test('a complete profile passes', () => {
    expect(fieldsOf(valid)).toEqual([]);
  });

  test('each broken rule names its field', () => {
    expect(fieldsOf({ ...valid, firstName: 'Lan2' })).toEqual(['firstName']);
    expect(fieldsOf({ ...valid, otp: '12345' })).toEqual(['otp']);
    expect(fieldsOf({ ...valid, bloodType: undefined })).toEqual(['bloodType']);
    expect(fieldsOf({ ...valid, skinColour: undefined })).toEqual(['skinColour']);
    expect(fieldsOf({ ...valid, relationship: undefined })).toEqual(['relationship']);
    expect(fieldsOf({ ...valid, accountType: undefined })).toEqual(['accountType']);
    expect(fieldsOf({ ...valid, acceptTerms: false })).toEqual(['acceptTerms']);
    expect(fieldsOf({ ...valid, acceptHealthProcessing: false })).toEqual(['acceptHealthProcessing']);
    expect(fieldsOf({ ...valid, confirmPassword: 'Other@2026' })).toEqual(['confirmPassword']);
  });
});
