import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { devicesApi } from '@carewatch/api-client/devices';
import { patientsApi } from '@carewatch/api-client/patients';
import type { TDevice, TDeviceRolePath } from '@carewatch/contracts/devices';
import { api } from '../../app/api.ts';
import { usePermissions } from '../../app/queries.ts';
import { appStatusColor, connectionBadge, deviceRolePath } from './devices-rules.ts';

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
export const connectionLabel = (t: TFunction, s: Connection) => t(connectionBadge(s).labelKey);
export function ConnectionBadge({ t, status }: { t: TFunction; status: Connection }) {
  return (
    <Badge color={connectionBadge(status).color} variant="light" tt="none" style={{ maxWidth: 'none' }}>
      {connectionLabel(t, status)}
    </Badge>
  );
}
export function AppStatusBadge({ t, status }: { t: TFunction; status: TDevice['appStatus'] }) {
  if (!status) return <>{t('common.none')}</>;
  return (
    <Badge color={appStatusColor(status)} variant="light" tt="none" style={{ maxWidth: 'none' }}>
      {t(`devices.app.${status}`)}
    </Badge>
  );
}

/** The spec §7 role path segment of the signed-in user for the phone/log calls. */
export function useDeviceRolePath(): TDeviceRolePath {
  return deviceRolePath(usePermissions()?.role ?? '');
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
