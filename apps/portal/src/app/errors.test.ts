import { describe, expect, test } from 'vitest';
import i18next from 'i18next';
import { portalEn } from '@carewatch/i18n/portal-en';
import { portalVi } from '@carewatch/i18n/portal-vi';
import { FIELD_RULES } from '@carewatch/contracts/field-rules';
import { ZCreateDeviceRequest } from '@carewatch/contracts/devices';
import { ZCreateCenterRequest } from '@carewatch/contracts/centers';
import { translateValidation, zodFieldErrors } from './errors.ts';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: portalEn }, vi: { translation: portalVi } }, interpolation: { escapeValue: false }, showSupportNotice: false });

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
      for (const [, key] of FIELD_RULES) expect(i18n.exists(`fieldRules.${key}`, { lng }), `${lng} fieldRules.${key}`).toBe(true);
    }
  });
});
