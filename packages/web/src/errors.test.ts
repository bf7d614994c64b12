import { describe, expect, test } from 'vitest';
import i18next from 'i18next';
import { portalEn } from '@carewatch/i18n/portal-en';
import { portalVi } from '@carewatch/i18n/portal-vi';
import { FIELD_RULES, FIELD_RULE_KEYS } from '@carewatch/contracts/field-rules';
import { ApiError } from '@carewatch/api-client/client';
import { appEn } from '@carewatch/i18n/app/en';
import { appEnCa } from '@carewatch/i18n/app/en-ca';
import { appVi } from '@carewatch/i18n/app/vi';
import { ZCreateDeviceRequest } from '@carewatch/contracts/devices';
import { ZCreateCenterRequest } from '@carewatch/contracts/centers';
import { errorText, serverFieldErrors, translateValidation, zodFieldErrors } from './errors.ts';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  resources: { en: { translation: portalEn }, vi: { translation: portalVi } },
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

describe('field messages (staff-portal §5) in English and Vietnamese', () => {
  test('a bad MAC address, an unselected scope: the precise message, never "Invalid value"', () => {
    const device = ZCreateDeviceRequest.safeParse({ model: 'WATCH', account: 'a@b.co', mac: 'nope', serial: 'S1' });
    const center = ZCreateCenterRequest.safeParse({ name: 'C', scopeId: '' });
    const en = i18n.getFixedT('en');
    const vi = i18n.getFixedT('vi');
    expect(zodFieldErrors(en, device.error!).mac).toBe('Invalid Mac address format');
    expect(zodFieldErrors(vi, device.error!).mac).toBe('Định dạng địa chỉ MAC không hợp lệ');
    expect(zodFieldErrors(en, center.error!).scopeId).toBe('Required');
    expect(zodFieldErrors(vi, center.error!).scopeId).toBe('Bắt buộc');
  });

  test('numbers are kept: "Max length is 64" / "Độ dài tối đa là 64"', () => {
    expect(translateValidation(i18n.getFixedT('en'), 'Max length is 64')).toBe('Max length is 64');
    expect(translateValidation(i18n.getFixedT('vi'), 'Max length is 64')).toBe('Độ dài tối đa là 64');
  });

  test('every rule has its text in both languages', () => {
    for (const lng of ['en', 'vi']) {
      for (const [, key] of FIELD_RULES)
        expect(i18n.exists(`fieldRules.${key}`, { lng }), `${lng} fieldRules.${key}`).toBe(true);
    }
  });
});

describe('API errors by code, in both apps', () => {
  const appI18n = i18next.createInstance();
  const ready = appI18n.init({
    lng: 'en',
    resources: { en: { translation: appEn }, 'en-CA': { translation: appEnCa }, vi: { translation: appVi } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  const portal = (lng: string) => ({ t: i18n.getFixedT(lng), exists: (k: string) => i18n.exists(k, { lng }) });
  const app = (lng: string) => ({ t: appI18n.getFixedT(lng), exists: (k: string) => appI18n.exists(k, { lng }) });

  test('a known code is its catalogue text; an unknown code the generic text; 502/503/429 the unavailable one', async () => {
    await ready;
    const p = portal('en');
    expect(errorText(p.t, new ApiError(403, 'PERMISSION_DENIED', 'x'), p.exists)).toBe(
      portalEn.errors.PERMISSION_DENIED,
    );
    expect(errorText(p.t, new ApiError(500, 'SOMETHING_NEW', 'x'), p.exists)).toBe(portalEn.errorFallback.generic);
    expect(errorText(p.t, new ApiError(502, 'BAD_GATEWAY_X', 'x'), p.exists)).toBe(portalEn.errorFallback.unavailable);
    expect(errorText(p.t, new Error('boom'), p.exists)).toBe(portalEn.errorFallback.generic);
    const a = app('vi');
    expect(errorText(a.t, new ApiError(0, 'NETWORK', 'Failed to fetch'), a.exists)).toBe(appVi.errors.NETWORK);
    expect(errorText(a.t, new ApiError(429, 'SLOW_DOWN_X', 'x'), a.exists)).toBe(appVi.errorFallback.unavailable);
  });

  test('the English message of an error is never what decides its text', async () => {
    await ready;
    const p = portal('vi');
    // Same code, different English messages: the same Vietnamese text.
    const one = errorText(p.t, new ApiError(404, 'NOT_FOUND', 'Patient not found'), p.exists);
    const two = errorText(p.t, new ApiError(404, 'NOT_FOUND', 'Required'), p.exists);
    expect(one).toBe(two);
    expect(one).toBe(portalVi.errors.NOT_FOUND);
  });

  test('a weak password names the broken rule with the tenant rule’s special characters', async () => {
    await ready;
    const a = app('en');
    const err = new ApiError(400, 'WEAK_PASSWORD', 'x', { field: 'password', rule: 'special', passwordRule: 'app' });
    expect(errorText(a.t, err, a.exists)).toContain('- _ , . ! @ # * %');
  });

  test('server field failures: by the rule key the server sends, with its number; else by the error code', async () => {
    await ready;
    const p = portal('vi');
    const bad = new ApiError(400, 'VALIDATION_ERROR', 'x', {
      field: 'name',
      fields: [
        { field: 'name', rule: 'too_big', message: 'whatever English', key: 'maxLength', n: '64' },
        { field: 'mac', rule: 'custom', message: 'Invalid Mac address format' },
        { field: 'other', rule: 'custom', message: 'Something unheard of' },
      ],
    });
    expect(serverFieldErrors(p.t, bad, p.exists)).toEqual({
      name: 'Độ dài tối đa là 64',
      mac: 'Định dạng địa chỉ MAC không hợp lệ',
      other: portalVi.errorFallback.invalid,
    });
    const taken = new ApiError(409, 'PATIENT_ID_EXISTS', 'x', { field: 'patientId' });
    expect(serverFieldErrors(p.t, taken, p.exists).patientId).toBe(portalVi.errors.PATIENT_ID_EXISTS);
  });

  test('both apps hold every rule text and the fallbacks, in every language', async () => {
    await ready;
    for (const lng of ['en', 'en-CA', 'vi']) {
      for (const key of FIELD_RULE_KEYS)
        expect(appI18n.exists(`fieldRules.${key}`, { lng }), `app ${lng} ${key}`).toBe(true);
      for (const k of ['generic', 'unavailable', 'invalid'])
        expect(appI18n.exists(`errorFallback.${k}`, { lng })).toBe(true);
    }
    for (const lng of ['en', 'vi'])
      for (const key of FIELD_RULE_KEYS)
        expect(i18n.exists(`fieldRules.${key}`, { lng }), `portal ${lng} ${key}`).toBe(true);
  });
});
