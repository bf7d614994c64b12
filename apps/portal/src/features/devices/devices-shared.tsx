import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { devicesApi } from '@carewatch/api-client/devices';
import { patientsApi } from '@carewatch/api-client/patients';
import { DEVICE_ROLE_PATHS, type TDevice, type TDeviceRolePath } from '@carewatch/contracts/devices';
import { ROLE_PATH, ROLE_CODES } from '@carewatch/contracts/roles';
import { api } from '../../app/api.ts';
import { usePermissions } from '../../app/queries.ts';

export const devices = devicesApi(api.request);
export const patientsForDevices = patientsApi(api.request);

export const deviceKeys = {
  all: ['devices'] as const,
  list: (q: object) => ['devices', 'list', q] as const,
  connections: (q: object) => ['devices', 'connections', q] as const,
  phones: (q: object) => ['devices', 'phones', q] as const,
  deviceNames: ['devices', 'deviceNames'] as const,
  phoneNames: ['devices', 'phoneNames'] as const,
  appVersions: ['devices', 'appVersions'] as const,
  disconnected: ['devices', 'disconnectCount'] as const,
};

type Connection = TDevice['connectionStatus'];
const CONNECTION_KEY: Record<string, string> = { '1': 'connected', '0': 'disconnected', '-1': 'notActivated', '2': 'unknown' };
const CONNECTION_COLOR: Record<string, string> = { '1': 'teal', '0': 'orange', '-1': 'gray', '2': 'yellow' };
const APP_COLOR: Record<string, string> = { online: 'teal', offline: 'gray', killed: 'red', no_sync: 'orange' };

export const connectionLabel = (t: TFunction, s: Connection) => t(`devices.connection.${CONNECTION_KEY[String(s)] ?? 'unknown'}`);
export function ConnectionBadge({ t, status }: { t: TFunction; status: Connection }) {
  return <Badge color={CONNECTION_COLOR[String(status)] ?? 'gray'} variant="light" tt="none" style={{ maxWidth: 'none' }}>{connectionLabel(t, status)}</Badge>;
}
export function AppStatusBadge({ t, status }: { t: TFunction; status: TDevice['appStatus'] }) {
  if (!status) return <>{t('common.none')}</>;
  return <Badge color={APP_COLOR[status] ?? 'gray'} variant="light" tt="none" style={{ maxWidth: 'none' }}>{t(`devices.app.${status}`)}</Badge>;
}

/** The spec §7 role path segment of the signed-in user for the phone/log calls. */
export function useDeviceRolePath(): TDeviceRolePath {
  const role = usePermissions()?.role ?? '';
  const code = ROLE_CODES.find((r) => r === role);
  const path = code ? ROLE_PATH[code] : role;
  if (path === 'doctor-assistant') return 'doctor';
  if (path === 'root') return 'sadmin';
  return DEVICE_ROLE_PATHS.find((p) => p === path) ?? 'admin';
}

/** Downloads a file served behind the bearer token (template, error file). */
export async function downloadAuthed(url: string, fallbackName: string): Promise<void> {
  const token = api.tokens.access();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`download failed (${res.status})`);
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
