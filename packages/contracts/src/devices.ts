import { z } from 'zod';
import { ZId, ZIsoDateTime, ZPageQuery, page } from './common.ts';
import type { TMetric } from './vitals.ts';

/** Device models (spec §3) and the category each belongs to: Bluetooth watches pair through the patient app, cellular devices (IMEI) send over MQTT/HTTPS with their own credentials. */
export const DEVICE_MODELS = ['V19', 'GT2', 'GT5', 'J2025E', 'J2025B'] as const;
export const ZDeviceModel = z.enum(DEVICE_MODELS, 'Unsupported device type');
export type TDeviceModel = z.infer<typeof ZDeviceModel>;
export const DEVICE_CATEGORIES = ['watch', 'cellular'] as const;
export type TDeviceCategory = (typeof DEVICE_CATEGORIES)[number];
export const DEVICE_CATEGORY: Record<TDeviceModel, TDeviceCategory> = {
  V19: 'watch',
  GT2: 'watch',
  GT5: 'watch',
  J2025E: 'cellular',
  J2025B: 'cellular',
};
/**
 * What each model can measure: a device's readings (sent by the device, or by the app naming the paired device) of
 * another metric are refused. The spec lists no per-model differences; this follows the wearable simulator: every
 * model has the wrist sensors, all but the GT2 also take blood pressure. None weighs, nor measures glucose, uric acid
 * or cholesterol (those come from scales and meters, typed in the app).
 */
const WRIST_METRICS: readonly TMetric[] = [
  'heart_rate',
  'hrv',
  'spo2',
  'temperature',
  'steps',
  'calories',
  'sleep',
  'respiratory_rate',
  'ecg',
  'qtc',
];
export const DEVICE_MODEL_METRICS: Record<TDeviceModel, readonly TMetric[]> = {
  V19: [...WRIST_METRICS, 'blood_pressure'],
  GT2: WRIST_METRICS,
  GT5: [...WRIST_METRICS, 'blood_pressure'],
  J2025E: [...WRIST_METRICS, 'blood_pressure'],
  J2025B: [...WRIST_METRICS, 'blood_pressure'],
};
/** Whether a device of `model` can measure `metric` (an unknown model measures nothing). */
export const modelMeasures = (model: string, metric: string): boolean =>
  (DEVICE_MODELS as readonly string[]).includes(model) &&
  (DEVICE_MODEL_METRICS[model as TDeviceModel] as readonly string[]).includes(metric);

/** Connection status: connected 1, disconnected 0, not activated -1, unknown 2. */
export const CONNECTION_STATUSES = [1, 0, -1, 2] as const;
export const ZConnectionStatus = z.union([z.literal(1), z.literal(0), z.literal(-1), z.literal(2)]);
export const APP_STATUSES = ['online', 'offline', 'killed', 'no_sync'] as const;
export const ZAppStatus = z.enum(APP_STATUSES);
export const PHONE_OS = ['IOS', 'Android', 'Web'] as const;

export const MAC_RE = /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/;
export const IMEI_RE = /^\d{15}$/;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim() || null : v);

export const ZDeviceFields = z.object({
  model: ZDeviceModel,
  /** The user account (e-mail, phone or patient id) the device belongs to; required by the import (spec §5). */
  account: z.string('Required').trim().min(1, 'Required').max(254, 'Max length is 254'),
  mac: z.preprocess(blankToNull, z.string().regex(MAC_RE, 'Invalid Mac address format').nullable()),
  imei: z.preprocess(blankToNull, z.string().regex(IMEI_RE, 'IMEI must be 15 digits').nullable()),
  serial: z.string('Required').trim().min(1, 'Required').max(64, 'Max length is 64'),
  name: z.preprocess(blankToNull, z.string().max(64, 'Max length is 64').nullable()).default(null),
});
/** Create one device: a MAC (watches) or IMEI (cellular) is required, checked by the service so the error names the field. */
export const ZCreateDeviceRequest = ZDeviceFields;
export type TCreateDeviceRequest = z.infer<typeof ZCreateDeviceRequest>;
export const ZUpdateDeviceRequest = ZDeviceFields.partial();
export type TUpdateDeviceRequest = z.infer<typeof ZUpdateDeviceRequest>;

export const ZDevice = z.object({
  id: ZId,
  model: ZDeviceModel,
  category: z.enum(DEVICE_CATEGORIES),
  name: z.string().nullable(),
  mac: z.string().nullable(),
  imei: z.string().nullable(),
  serial: z.string(),
  account: z.string().nullable(),
  userId: ZId.nullable(),
  patientId: ZId.nullable(),
  patientName: z.string().nullable(),
  osVersion: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  connectionStatus: ZConnectionStatus,
  appStatus: ZAppStatus.nullable(),
  /** available (not activated), connected or disconnected (spec §4). */
  status: z.enum(['available', 'connected', 'disconnected']),
  latestSync: z.string().nullable(),
  firstConnect: z.string().nullable(),
  lastConnect: z.string().nullable(),
  activated: z.boolean(),
  hasCredentials: z.boolean(),
  importDate: z.string(),
});
export type TDevice = z.infer<typeof ZDevice>;
export const ZDevicePage = page(ZDevice);
export type TDevicePage = z.infer<typeof ZDevicePage>;
/** Device list sorts (issue 20): `-` = descending; default newest imported first (created_at desc, id desc). */
export const DEVICE_SORTS = [
  'createdAt',
  '-createdAt',
  'name',
  '-name',
  'model',
  '-model',
  'serial',
  '-serial',
  'status',
  '-status',
  'latestSync',
  '-latestSync',
  'lastConnect',
  '-lastConnect',
  'patientName',
  '-patientName',
] as const;
export const ZDeviceListQuery = ZPageQuery.extend({
  sort: z.enum(DEVICE_SORTS, 'Invalid sort').default('-createdAt'),
  category: z.enum(DEVICE_CATEGORIES).optional(),
  model: ZDeviceModel.optional(),
  status: z.coerce.number().pipe(ZConnectionStatus).optional(),
  search: z.string().trim().max(100, 'Max length is 100').optional(),
});
export type TDeviceListQuery = z.infer<typeof ZDeviceListQuery>;

export const ZAssignDeviceRequest = z.object({ patientId: ZId.nullable() });
export type TAssignDeviceRequest = z.infer<typeof ZAssignDeviceRequest>;

/** Credentials for a direct (cellular) device: shown once. MQTT username = deviceId, password = secret. */
export const ZDeviceCredentials = z.object({
  deviceId: ZId,
  secret: z.string(),
  mqtt: z.object({ username: z.string(), topic: z.string() }),
});
export type TDeviceCredentials = z.infer<typeof ZDeviceCredentials>;

export const ZDeviceImportResult = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })),
});
export type TDeviceImportResult = z.infer<typeof ZDeviceImportResult>;
export const DEVICE_IMPORT_HEADER = ['Account', 'MAC', 'IMEI', 'Model', 'Serial', 'Name'] as const;
export const DEVICE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** Connection history (spec §7 device-connection-history/searchByUsername). */
export const ZConnectionHistoryQuery = ZPageQuery.extend({
  username: z.string().trim().max(254).optional(),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(['eventAt', '-eventAt']).default('-eventAt'),
  status: z.coerce.number().pipe(ZConnectionStatus).optional(),
  start: ZIsoDateTime.optional(),
  end: ZIsoDateTime.optional(),
  model: ZDeviceModel.optional(),
});
export type TConnectionHistoryQuery = z.infer<typeof ZConnectionHistoryQuery>;
export const ZConnectionEvent = z.object({
  id: ZId,
  deviceId: ZId,
  username: z.string().nullable(),
  status: ZConnectionStatus,
  model: z.string().nullable(),
  deviceName: z.string().nullable(),
  eventAt: z.string(),
});
export const ZConnectionHistoryPage = page(ZConnectionEvent);
export type TConnectionHistoryPage = z.infer<typeof ZConnectionHistoryPage>;

/** Phone history (spec §7 phone-history/searchByUsername). */
export const ZPhoneHistoryQuery = ZPageQuery.extend({
  username: z.string().trim().max(254).optional(),
  search: z.string().trim().max(100).optional(),
  status: ZAppStatus.optional(),
  sort: z.enum(['eventAt', '-eventAt']).default('-eventAt'),
  phoneName: z.string().trim().max(100).optional(),
  appVersion: z.string().trim().max(50).optional(),
  start: ZIsoDateTime.optional(),
  end: ZIsoDateTime.optional(),
});
export type TPhoneHistoryQuery = z.infer<typeof ZPhoneHistoryQuery>;
export const ZPhoneEvent = z.object({
  id: ZId,
  username: z.string().nullable(),
  phoneName: z.string().nullable(),
  os: z.string().nullable(),
  appVersion: z.string().nullable(),
  status: ZAppStatus,
  eventAt: z.string(),
});
export const ZPhoneHistoryPage = page(ZPhoneEvent);
export type TPhoneHistoryPage = z.infer<typeof ZPhoneHistoryPage>;

/** The patient app reports its phone and app state. */
export const ZPhoneStatusReport = z.object({
  phoneName: z.string().trim().min(1, 'Required').max(100, 'Max length is 100'),
  os: z.enum(PHONE_OS, 'Invalid OS'),
  appVersion: z.string().trim().min(1, 'Required').max(50, 'Max length is 50'),
  status: ZAppStatus,
});
export type TPhoneStatusReport = z.infer<typeof ZPhoneStatusReport>;
/** The patient app reports a paired watch's connection change. */
export const ZDeviceStatusReport = z.object({
  mac: z.string().regex(MAC_RE, 'Invalid Mac address format'),
  model: ZDeviceModel,
  status: ZConnectionStatus,
  firmwareVersion: z.string().max(50).optional(),
});
export type TDeviceStatusReport = z.infer<typeof ZDeviceStatusReport>;

export const ZNameList = z.object({ items: z.array(z.string()) });
export const ZCount = z.object({ count: z.number().int() });
export const ZUsernameQuery = z.object({ username: z.string().trim().min(1, 'Required').max(254) });

/** The devices of one user (operator/device, device/getUserDevicesByUsername). */
export const ZDeviceList = z.object({ items: z.array(ZDevice) });
export type TDeviceList = z.infer<typeof ZDeviceList>;
/** The phones a user's app ran on (phone/get-all): one row per phone name/OS/app version, with its latest status. */
export const ZPhone = z.object({
  phoneName: z.string().nullable(),
  os: z.string().nullable(),
  appVersion: z.string().nullable(),
  status: ZAppStatus,
  lastSeen: z.string(),
});
export const ZPhoneList = z.object({ items: z.array(ZPhone) });
export type TPhoneList = z.infer<typeof ZPhoneList>;
/** Device/app log entries (log/history): uploaded logs and force requests. */
export const DEVICE_LOG_KINDS = ['history', 'force_request', 'status_force_request', 'upload'] as const;
export const ZDeviceLog = z.object({
  id: ZId,
  deviceId: ZId.nullable(),
  userId: ZId.nullable(),
  username: z.string().nullable(),
  kind: z.enum(DEVICE_LOG_KINDS),
  note: z.string().nullable(),
  requestedBy: ZId.nullable(),
  createdAt: z.string(),
});
export const ZDeviceLogList = z.object({ items: z.array(ZDeviceLog) });
export type TDeviceLogList = z.infer<typeof ZDeviceLogList>;
/** Role path segments of the spec §7 phone/log calls. */
export const DEVICE_ROLE_PATHS = ['admin', 'sadmin', 'cskh', 'doctor', 'operator'] as const;
export type TDeviceRolePath = (typeof DEVICE_ROLE_PATHS)[number];
/** smadmin history searches: a user id and a center the caller may see. */
export const ZCenterHistoryFilter = z.object({ userId: ZId.optional(), mhscId: ZId });
export const ZCenterConnectionHistoryQuery = ZConnectionHistoryQuery.extend(ZCenterHistoryFilter.shape);
export type TCenterConnectionHistoryQuery = z.infer<typeof ZCenterConnectionHistoryQuery>;
export const ZCenterPhoneHistoryQuery = ZPhoneHistoryQuery.extend(ZCenterHistoryFilter.shape);
export type TCenterPhoneHistoryQuery = z.infer<typeof ZCenterPhoneHistoryQuery>;
