import { z } from 'zod';

/** Tenant setting keys of spec §3, plus PHONE_RULE (our answer to the spec's two phone rules). */
export const TENANT_SETTING_KEYS = [
  'COLOR', 'FONT', 'LOGO', 'ICON', 'PASSWORD_RULE', 'PHONE_RULE', 'LANGUAGE', 'UNIT_SYSTEM', 'THERMAL_UNIT',
  'COUNTRY', 'COUNTRY_CODE', 'DIAL_CODE', 'ORGANIZATION_NAME', 'ACID_URIC_UNIT', 'BLOOD_GLUCOSE_UNIT',
  'AI_CLOUD_TENANT_ID', 'OCR_HEALTH_DEVICE_API_KEY', 'OCR_PRESCRIPTION_API_KEY', 'ALLOW_WEB_SOS_POPUP',
] as const;
export type TenantSettingKey = (typeof TENANT_SETTING_KEYS)[number];
/** Keys whose values are secrets: never returned in clear. */
export const SECRET_SETTING_KEYS: readonly TenantSettingKey[] = ['OCR_HEALTH_DEVICE_API_KEY', 'OCR_PRESCRIPTION_API_KEY'];

export const DEFAULT_TENANT_SETTINGS: Record<TenantSettingKey, string> = {
  COLOR: '#0b7285', FONT: 'Inter', LOGO: '', ICON: '', PASSWORD_RULE: 'standard', PHONE_RULE: 'flexible',
  LANGUAGE: 'en', UNIT_SYSTEM: 'metric', THERMAL_UNIT: 'C', COUNTRY: 'VN', COUNTRY_CODE: 'VN', DIAL_CODE: '+84',
  ORGANIZATION_NAME: '', ACID_URIC_UNIT: 'umol/L', BLOOD_GLUCOSE_UNIT: 'mmol/L', AI_CLOUD_TENANT_ID: '',
  OCR_HEALTH_DEVICE_API_KEY: '', OCR_PRESCRIPTION_API_KEY: '', ALLOW_WEB_SOS_POPUP: 'true',
};

export const ZTenantSettings = z.object({
  tenantId: z.string().uuid(),
  tenantCode: z.string(),
  tenantName: z.string(),
  settings: z.record(z.string(), z.string()),
});
export type TTenantSettings = z.infer<typeof ZTenantSettings>;

export const ZTenantSummary = z.object({ id: z.string().uuid(), code: z.string(), name: z.string(), active: z.boolean() });
export type TTenantSummary = z.infer<typeof ZTenantSummary>;
export const ZTenantList = z.object({ items: z.array(ZTenantSummary) });
