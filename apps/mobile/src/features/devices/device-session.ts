import { useCallback, useSyncExternalStore } from 'react';
import { isApiError } from '@carewatch/api-client/client';
import { appDevicesApi } from '@carewatch/api-client/app-devices';
import { api } from '../../app/api.ts';
import { queueReadings } from '../sync/sync.ts';
import { AdapterError } from './adapters/adapter.ts';
import { DeviceManager, type DeviceEnv, type DeviceSnapshot } from './device-manager.ts';

const devicesApi = appDevicesApi(api.request);

let manager: DeviceManager | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of [...listeners]) l();
};

/** The running device manager (signed-in user or visitor); replaces and stops the previous one. */
export function startDeviceSession(env: DeviceEnv): DeviceManager {
  void manager?.stop();
  manager = new DeviceManager(env);
  notify();
  void manager.start();
  return manager;
}

export function stopDeviceSession(m: DeviceManager): void {
  if (manager !== m) return;
  void m.stop();
  manager = null;
  notify();
}

export function useDeviceManager(): DeviceManager | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => manager,
    () => null,
  );
}

const EMPTY: DeviceSnapshot = {
  paired: null,
  state: 'unpaired',
  busy: null,
  error: null,
  measurement: null,
  battery: null,
  lastReadingAt: null,
  received: 0,
};
const noop = () => () => undefined;

export function useDeviceSnapshot(m: DeviceManager | null): DeviceSnapshot {
  // A stable subscribe per manager: React resubscribes whenever this function changes.
  const subscribe = useCallback((l: () => void) => (m ? m.subscribe(l) : noop()), [m]);
  return useSyncExternalStore(
    subscribe,
    () => m?.snapshot ?? EMPTY,
    () => EMPTY,
  );
}

/** The server's answers in the device vocabulary of §8. */
function serverError(e: unknown): AdapterError {
  if (isApiError(e) && e.code === 'DEVICE_EXISTS') return new AdapterError('CONNECTED_BY_ANOTHER_USER');
  if (isApiError(e) && e.status === 0) return new AdapterError('SERVER_UNREACHABLE');
  return new AdapterError('PAIRING_FAILED', e instanceof Error ? e.message : String(e));
}

/** The signed-in user's device environment: status reports to the server, readings into the outbox. */
export function accountEnv(owner: string): DeviceEnv {
  return {
    userId: owner,
    storage: localStorage,
    storageKey: `cw.app.device.${owner}`,
    sink: (readings) => queueReadings(owner, readings),
    report: async (identity, status) => {
      if (!identity.model) throw new AdapterError('CANNOT_IDENTIFY');
      try {
        const device = await devicesApi.reportStatus({
          mac: identity.mac,
          model: identity.model,
          status,
          ...(identity.firmwareVersion ? { firmwareVersion: identity.firmwareVersion } : {}),
        });
        return device.id;
      } catch (e) {
        throw serverError(e);
      }
    },
    reportWear: async (serverId, report) => {
      await devicesApi.reportWear(serverId, report);
    },
    unregister: async (serverId) => {
      try {
        await devicesApi.forget(serverId);
      } catch (e) {
        // Already gone on the server: forgotten is forgotten.
        if (isApiError(e) && e.status === 404) return;
        throw serverError(e);
      }
    },
  };
}
