import { z } from 'zod';
import { DEFAULT_PATIENT_LIST_COLUMNS, PATIENT_LIST_COLUMNS } from './codes.ts';

/** Tenant setting keys of spec §3, plus PHONE_RULE (our answer to the spec's two phone rules). */
export const TENANT_SETTING_KEYS = [
  'COLOR',
  'FONT',
  'LOGO',
  'ICON',
  'PASSWORD_RULE',
  'PHONE_RULE',
  'LANGUAGE',
  'UNIT_SYSTEM',
  'THERMAL_UNIT',
  'COUNTRY',
  'COUNTRY_CODE',
  'DIAL_CODE',
  'ORGANIZATION_NAME',
  'ACID_URIC_UNIT',
  'BLOOD_GLUCOSE_UNIT',
  'AI_CLOUD_TENANT_ID',
  'OCR_HEALTH_DEVICE_API_KEY',
  'OCR_PRESCRIPTION_API_KEY',
  'ALLOW_WEB_SOS_POPUP',
  // Issue 4: the patient list's columns (comma-separated PATIENT_LIST_COLUMNS of contracts/patients).
  'PATIENT_LIST_COLUMNS',
  // Issue 13: the number the patient app offers to call when an SOS cannot reach the server ('' = the country's).
  'EMERGENCY_NUMBER',
  // Issue 20: a patient whose device/app sent nothing for this many hours counts as silent (1..168).
  'SILENT_AFTER_HOURS',
] as const;
export type TenantSettingKey = (typeof TENANT_SETTING_KEYS)[number];
/** Keys whose values are secrets: never returned in clear. */
export const SECRET_SETTING_KEYS: readonly TenantSettingKey[] = [
  'OCR_HEALTH_DEVICE_API_KEY',
  'OCR_PRESCRIPTION_API_KEY',
];

export const DEFAULT_TENANT_SETTINGS: Record<TenantSettingKey, string> = {
  COLOR: '#0b7285',
  FONT: 'Inter',
  LOGO: '',
  ICON: '',
  PASSWORD_RULE: 'standard',
  PHONE_RULE: 'flexible',
  LANGUAGE: 'en',
  UNIT_SYSTEM: 'metric',
  THERMAL_UNIT: 'C',
  COUNTRY: 'VN',
  COUNTRY_CODE: 'VN',
  DIAL_CODE: '+84',
  ORGANIZATION_NAME: '',
  ACID_URIC_UNIT: 'umol/L',
  BLOOD_GLUCOSE_UNIT: 'mmol/L',
  AI_CLOUD_TENANT_ID: '',
  OCR_HEALTH_DEVICE_API_KEY: '',
  OCR_PRESCRIPTION_API_KEY: '',
  ALLOW_WEB_SOS_POPUP: 'true',
  PATIENT_LIST_COLUMNS: DEFAULT_PATIENT_LIST_COLUMNS.join(','),
  EMERGENCY_NUMBER: '',
  SILENT_AFTER_HOURS: '6',
};
/** SILENT_AFTER_HOURS bounds and default (issue 20). */
export const SILENT_AFTER_HOURS_MIN = 1;
export const SILENT_AFTER_HOURS_MAX = 168;
export const SILENT_AFTER_HOURS_DEFAULT = 6;
/** The tenant's SILENT_AFTER_HOURS as a number; the default when unset or out of range. */
export function silentAfterHoursOf(settings: { SILENT_AFTER_HOURS?: string | undefined }): number {
  const n = Number(settings.SILENT_AFTER_HOURS);
  return Number.isInteger(n) && n >= SILENT_AFTER_HOURS_MIN && n <= SILENT_AFTER_HOURS_MAX
    ? n
    : SILENT_AFTER_HOURS_DEFAULT;
}

export const ZTenantSettings = z.object({
  tenantId: z.string().uuid(),
  tenantCode: z.string(),
  tenantName: z.string(),
  settings: z.record(z.string(), z.string()),
});
export type TTenantSettings = z.infer<typeof ZTenantSettings>;

export const ZTenantSummary = z.object({
  id: z.string().uuid(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
});
export type TTenantSummary = z.infer<typeof ZTenantSummary>;
export const ZTenantList = z.object({ items: z.array(ZTenantSummary) });

// ---------------------------------------------------------------------------------------------
// Tenant management (super admin), tenant settings tabs, trial and branding requests.
// ---------------------------------------------------------------------------------------------

export const CONNECTION_TYPES = ['shared', 'dedicated'] as const;
export type TConnectionType = (typeof CONNECTION_TYPES)[number];
/** Spec §9: a dedicated tenant has exactly this many database connections. */
export const TENANT_CONNECTION_COUNT = 3;
/** Spec §9: logos are PNG; our size limit. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_KINDS = ['square', 'horizontal'] as const;
export type TLogoKind = (typeof LOGO_KINDS)[number];

export const FONTS = ['Inter', 'Roboto', 'Open Sans', 'Noto Sans', 'Be Vietnam Pro', 'Arial', 'Georgia'] as const;
export const LANGUAGES = ['en', 'vi'] as const;
export const TENANT_UNIT_SYSTEMS = ['metric', 'imperial'] as const;
export const TENANT_THERMAL_UNITS = ['C', 'F'] as const;
export const TENANT_BLOOD_GLUCOSE_UNITS = ['mg/dL', 'mmol/L', 'umol/L'] as const;
export const TENANT_URIC_ACID_UNITS = ['umol/L', 'mg/dL'] as const;
export const TENANT_PASSWORD_RULES = ['standard', 'strict', 'app'] as const;
export const TENANT_PHONE_RULES = ['flexible', 'ten_digits'] as const;
/** Spec regions: VN (+84), CA (+1). */
export const COUNTRIES = { VN: '+84', CA: '+1' } as const;
export type TCountry = keyof typeof COUNTRIES;
export const COUNTRY_CODES = Object.keys(COUNTRIES) as TCountry[];
/** Public emergency numbers of the spec's regions (Vietnam: 115 ambulance; Canada: 911). */
export const COUNTRY_EMERGENCY_NUMBERS: Record<TCountry, string> = { VN: '115', CA: '911' };
export const EMERGENCY_NUMBER_RE = /^[0-9]{2,6}$/;
/** The tenant's EMERGENCY_NUMBER, or its country's when unset (or unknown: Vietnam's). */
export function emergencyNumberOf(settings: {
  EMERGENCY_NUMBER?: string | undefined;
  COUNTRY?: string | undefined;
}): string {
  const own = settings.EMERGENCY_NUMBER?.trim();
  if (own && EMERGENCY_NUMBER_RE.test(own)) return own;
  const country = settings.COUNTRY as TCountry | undefined;
  return (country && COUNTRY_EMERGENCY_NUMBERS[country]) || COUNTRY_EMERGENCY_NUMBERS.VN;
}

export const HEX_COLOR_RE = /^#[0-9a-fA-F]{6}$/;
/** Tenant code: what users type on the login page. */
export const TENANT_CODE_RE = /^[a-z0-9][a-z0-9-]{1,30}$/;
const HOST_RE =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$|^\[?[0-9a-fA-F:]+\]?$/;
/** The placeholder an e-mail template body must contain (the one-time code). */
export const EMAIL_CODE_PLACEHOLDER = '{{code}}';
export const DEFAULT_EMAIL_TEMPLATE = {
  subject: 'Your CareWatch verification code',
  body: 'Hello,\n\nYour verification code is {{code}}. It expires in {{minutes}} minutes. Do not share it.\n\nCareWatch',
};

const req = (max: number) => z.string({ error: 'Required' }).trim().min(1, 'Required').max(max, `Max length is ${max}`);
const opt = (max: number) => z.string().trim().max(max, `Max length is ${max}`);
const email = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(254, 'Max length is 254')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Email is not valid')
  .transform((s) => s.toLowerCase());

/** One database connection as typed in the form: user name and password are typed twice. */
export const ZTenantConnectionInput = z.object({
  host: req(253).regex(HOST_RE, 'Host name is not valid'),
  port: z.coerce
    .number({ error: 'Required' })
    .int('Port is not valid')
    .min(1, 'Min value is 1')
    .max(65535, 'Max value is 65535'),
  username: req(63),
  usernameConfirm: z.string().trim().max(63, 'Max length is 63'),
  /** Empty on edit = keep the stored password. */
  password: z.string().max(128, 'Max length is 128').default(''),
  passwordConfirm: z.string().max(128, 'Max length is 128').default(''),
  publicUrl: req(500)
    .url('URL is not valid')
    .refine((u) => /^https?:\/\//i.test(u), 'URL is not valid'),
});
export type TTenantConnectionInput = z.infer<typeof ZTenantConnectionInput>;

export const ZTenantBase = z.object({
  name: req(120),
  officialName: opt(200).default(''),
  /** Checked by the service so that a wrong value answers the spec's message. */
  connectionType: z.string().trim().default('shared'),
  connections: z.array(ZTenantConnectionInput).max(10, 'Max value is 10').default([]),
});
export const ZCreateTenantRequest = ZTenantBase.extend({
  code: z
    .string({ error: 'Required' })
    .trim()
    .toLowerCase()
    .min(1, 'Required')
    .max(31, 'Max length is 31')
    .regex(TENANT_CODE_RE, 'Tenant code is not valid'),
  adminEmail: email,
});
export type TCreateTenantRequest = z.infer<typeof ZCreateTenantRequest>;
export const ZUpdateTenantRequest = ZTenantBase;
export type TUpdateTenantRequest = z.infer<typeof ZUpdateTenantRequest>;

/** "Test" button of one connection row; tenantId + position reuse a stored password when none is typed. */
export const ZTestConnectionRequest = z.object({
  host: req(253).regex(HOST_RE, 'Host name is not valid'),
  port: z.coerce
    .number({ error: 'Required' })
    .int('Port is not valid')
    .min(1, 'Min value is 1')
    .max(65535, 'Max value is 65535'),
  username: req(63),
  password: z.string().max(128, 'Max length is 128').default(''),
  tenantId: z.string().uuid().optional(),
  position: z.number().int().min(0).max(2).optional(),
});
export type TTestConnectionRequest = z.infer<typeof ZTestConnectionRequest>;
export const ZTestConnectionResponse = z.object({ ok: z.boolean() });

export const ZTenantConnection = z.object({
  position: z.number().int(),
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  /** Passwords are never returned: only whether one is stored. */
  passwordSet: z.boolean(),
  publicUrl: z.string(),
});
export type TTenantConnection = z.infer<typeof ZTenantConnection>;

export const ZTenant = z.object({
  id: z.string().uuid(),
  code: z.string(),
  name: z.string(),
  officialName: z.string(),
  active: z.boolean(),
  connectionType: z.enum(CONNECTION_TYPES),
  connected: z.boolean(),
  createdAt: z.string(),
});
export type TTenant = z.infer<typeof ZTenant>;
export const ZTenantPage = z.object({
  items: z.array(ZTenant),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type TTenantPage = z.infer<typeof ZTenantPage>;

export const ZTenantQuery = z.object({
  page: z.coerce.number().int('Incorrect paging parameters').min(0, 'Min value is 0').default(0),
  size: z.coerce
    .number()
    .int('Incorrect paging parameters')
    .min(1, 'Min value is 1')
    .max(200, 'Max value is 200')
    .default(15),
  searchValue: z.string().trim().max(120, 'Max length is 120').optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type TTenantQuery = z.infer<typeof ZTenantQuery>;

export const ZEmailTemplate = z.object({ subject: req(200), body: req(5000) });
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;

/** One tenant with its settings (secret settings omitted, reported as set or not) and connections. */
export const ZTenantDetail = ZTenant.extend({
  settings: z.record(z.string(), z.string()),
  ocrHealthDeviceApiKeySet: z.boolean(),
  ocrPrescriptionApiKeySet: z.boolean(),
  emailTemplate: ZEmailTemplate,
  connections: z.array(ZTenantConnection),
});
export type TTenantDetail = z.infer<typeof ZTenantDetail>;

export const ZTenantActiveRequest = z.object({ active: z.boolean() });

// Settings tabs.
export const ZBrandingSettings = z.object({
  name: req(120),
  officialName: opt(200).default(''),
  color: z.string().trim().regex(HEX_COLOR_RE, 'Colour is not valid'),
  font: z.enum(FONTS),
});
export type TBrandingSettings = z.infer<typeof ZBrandingSettings>;
export const ZUnitSettings = z.object({
  unitSystem: z.enum(TENANT_UNIT_SYSTEMS),
  thermalUnit: z.enum(TENANT_THERMAL_UNITS),
  bloodGlucoseUnit: z.enum(TENANT_BLOOD_GLUCOSE_UNITS),
  acidUricUnit: z.enum(TENANT_URIC_ACID_UNITS),
});
export type TUnitSettings = z.infer<typeof ZUnitSettings>;
export const ZSecuritySettings = z.object({
  passwordRule: z.enum(TENANT_PASSWORD_RULES),
  phoneRule: z.enum(TENANT_PHONE_RULES),
});
export type TSecuritySettings = z.infer<typeof ZSecuritySettings>;
export const ZOtherSettings = z
  .object({
    language: z.enum(LANGUAGES),
    country: z.enum(COUNTRY_CODES as [TCountry, ...TCountry[]]),
    dialCode: z.string().trim(),
    organizationName: opt(200).default(''),
    aiCloudTenantId: opt(200).default(''),
    /** Write-only: absent = keep, '' = remove, text = replace. */
    ocrHealthDeviceApiKey: opt(500).optional(),
    ocrPrescriptionApiKey: opt(500).optional(),
    allowWebSosPopup: z.boolean(),
    /** EMERGENCY_NUMBER: what the patient app offers to call when an SOS cannot reach the server; '' = the country's; absent = keep. */
    emergencyNumber: z
      .string()
      .trim()
      .regex(/^([0-9]{2,6})?$/, 'Emergency number must be 2 to 6 digits')
      .optional(),
    /** Columns of the patient list (PATIENT_LIST_COLUMNS setting); absent = keep. */
    patientListColumns: z
      .array(z.enum(PATIENT_LIST_COLUMNS, 'Unknown column'))
      .min(1, 'Choose at least one column')
      .optional(),
    /** SILENT_AFTER_HOURS: hours without readings before a patient is flagged silent (1..168); absent = keep. */
    silentAfterHours: z
      .number('Silent after hours must be a whole number from 1 to 168')
      .int('Silent after hours must be a whole number from 1 to 168')
      .min(SILENT_AFTER_HOURS_MIN, 'Silent after hours must be a whole number from 1 to 168')
      .max(SILENT_AFTER_HOURS_MAX, 'Silent after hours must be a whole number from 1 to 168')
      .optional(),
  })
  .superRefine((v, c) => {
    if (COUNTRIES[v.country] !== v.dialCode)
      c.addIssue({ code: 'custom', path: ['dialCode'], message: 'Dial code does not match the country' });
  });
export type TOtherSettings = z.infer<typeof ZOtherSettings>;
export const SETTINGS_TABS = ['units', 'security', 'email-template', 'other'] as const;

// Trial and branding requests.
export const TENANT_REQUEST_TYPES = ['TRIAL_REQUEST', 'UPDATE_BRANDING'] as const;
export type TTenantRequestType = (typeof TENANT_REQUEST_TYPES)[number];
export const TENANT_REQUEST_STATUSES = ['new', 'approved', 'rejected'] as const;

/** Text fields of the public trial form (sent as multipart with squareLogo and horizontalLogo). */
export const ZTrialRequestFields = z.object({
  organizationName: req(120),
  contactName: req(120),
  email,
  phone: z
    .string({ error: 'Required' })
    .trim()
    .regex(/^\+?[0-9]{3,16}$/, 'Phone number is not valid'),
  tenantCode: z
    .string({ error: 'Required' })
    .trim()
    .toLowerCase()
    .min(1, 'Required')
    .max(31, 'Max length is 31')
    .regex(TENANT_CODE_RE, 'Tenant code is not valid'),
  color: z.string().trim().regex(HEX_COLOR_RE, 'Colour is not valid').default(DEFAULT_TENANT_SETTINGS.COLOR),
});
export type TTrialRequestFields = z.infer<typeof ZTrialRequestFields>;
/** Text fields of a branding update request (multipart with both logos). */
export const ZBrandingRequestFields = z.object({
  color: z.string().trim().regex(HEX_COLOR_RE, 'Colour is not valid'),
});
export type TBrandingRequestFields = z.infer<typeof ZBrandingRequestFields>;

export const ZTenantRequest = z.object({
  id: z.string().uuid(),
  type: z.enum(TENANT_REQUEST_TYPES),
  status: z.enum(TENANT_REQUEST_STATUSES),
  tenantId: z.string().uuid().nullable(),
  tenantName: z.string().nullable(),
  organizationName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  tenantCode: z.string(),
  color: z.string(),
  squareLogoUrl: z.string(),
  horizontalLogoUrl: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TTenantRequest = z.infer<typeof ZTenantRequest>;
export const ZTenantRequestPage = z.object({
  items: z.array(ZTenantRequest),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export const ZTenantRequestQuery = z.object({
  page: z.coerce.number().int('Incorrect paging parameters').min(0, 'Min value is 0').default(0),
  size: z.coerce
    .number()
    .int('Incorrect paging parameters')
    .min(1, 'Min value is 1')
    .max(200, 'Max value is 200')
    .default(15),
  type: z.enum(TENANT_REQUEST_TYPES).optional(),
  status: z.enum(TENANT_REQUEST_STATUSES).optional(),
  searchValue: z.string().trim().max(120, 'Max length is 120').optional(),
});
export type TTenantRequestQuery = z.infer<typeof ZTenantRequestQuery>;
export const ZRejectTenantRequest = z.object({ reason: req(500) });
export const ZTenantRequestCreated = z.object({ id: z.string().uuid(), status: z.enum(TENANT_REQUEST_STATUSES) });
export const ZLogoUploaded = z.object({ url: z.string() });
