import {
  APP_STATUSES,
  DEVICE_CATEGORY,
  DEVICE_IMPORT_MAX_BYTES,
  DEVICE_MODELS,
  DEVICE_ROLE_PATHS,
  type TDevice,
  type TDeviceRolePath,
} from '@carewatch/contracts/devices';
import { ROLE_CODES, ROLE_PATH } from '@carewatch/contracts/roles';

/**
 * The device screens' pure rules: the form's values and body (a watch has a MAC, a cellular device an IMEI), the
 * import file's checks, the connection and app badges, and the role path of the phone/log calls.
 */

export type DeviceValues = { model: string; account: string; mac: string; imei: string; serial: string; name: string };

/** The form of a new device (a V19 watch) or of an existing one. */
export const deviceFormValues = (
  d?: Pick<TDevice, 'model' | 'account' | 'mac' | 'imei' | 'serial' | 'name'>,
): DeviceValues => ({
  model: d?.model ?? 'V19',
  account: d?.account ?? '',
  mac: d?.mac ?? '',
  imei: d?.imei ?? '',
  serial: d?.serial ?? '',
  name: d?.name ?? '',
});

/** A cellular model is known by its IMEI; a watch (and an unknown model, read as the default V19) by its MAC. */
export const isCellular = (model: string): boolean =>
  DEVICE_CATEGORY[DEVICE_MODELS.find((m) => m === model) ?? 'V19'] === 'cellular';

/** The form as the contract reads it: the identifier the model does not use is sent empty. */
export function deviceBody(v: DeviceValues): DeviceValues {
  const cellular = isCellular(v.model);
  return { ...v, mac: cellular ? '' : v.mac, imei: cellular ? v.imei : '' };
}

/** The identifier field the model requires, when the (parsed) body lacks it. */
export function missingIdentifier(
  model: string,
  body: { mac?: string | null | undefined; imei?: string | null | undefined },
): 'mac' | 'imei' | null {
  if (isCellular(model)) return body.imei ? null : 'imei';
  return body.mac ? null : 'mac';
}

/** An import file's problem (the catalogue key), checked before the upload: none, not .xlsx, too large. */
export function importFileProblem(
  file: { name: string; size: number } | null,
): 'fieldRules.required' | 'devices.import.xlsxOnly' | 'devices.import.tooLarge' | null {
  if (!file) return 'fieldRules.required';
  if (!file.name.toLowerCase().endsWith('.xlsx')) return 'devices.import.xlsxOnly';
  if (file.size > DEVICE_IMPORT_MAX_BYTES) return 'devices.import.tooLarge';
  return null;
}

/** The import's summary: green when every line went in, yellow when some were refused. */
export const importResultColor = (errors: readonly unknown[]): 'green' | 'yellow' =>
  errors.length ? 'yellow' : 'green';

type Connection = TDevice['connectionStatus'];
const CONNECTION: Record<string, { key: string; color: string }> = {
  '1': { key: 'connected', color: 'teal' },
  '0': { key: 'disconnected', color: 'orange' },
  '-1': { key: 'notActivated', color: 'gray' },
  '2': { key: 'unknown', color: 'yellow' },
};
/** A connection status (spec: 1 connected, 0 disconnected, -1 not activated, 2 unknown) as its badge; anything else unknown/grey. */
export function connectionBadge(s: Connection | number): { labelKey: string; color: string } {
  const c = CONNECTION[String(s)];
  return { labelKey: `devices.connection.${c?.key ?? 'unknown'}`, color: c?.color ?? 'gray' };
}

const APP_COLOR: Record<(typeof APP_STATUSES)[number], string> = {
  online: 'teal',
  offline: 'gray',
  killed: 'red',
  no_sync: 'orange',
};
/** The app status badge's colour (grey for one the portal does not know). */
export const appStatusColor = (s: string): string => APP_COLOR[s as (typeof APP_STATUSES)[number]] ?? 'gray';

/** The spec §7 role path segment of a role for the phone/log calls (an assistant acts as a doctor, root as super admin). */
export function deviceRolePath(role: string): TDeviceRolePath {
  const code = ROLE_CODES.find((r) => r === role);
  const path = code ? ROLE_PATH[code] : role;
  if (path === 'doctor-assistant') return 'doctor';
  if (path === 'root') return 'sadmin';
  return DEVICE_ROLE_PATHS.find((p) => p === path) ?? 'admin';
}
