import {
  bluetoothState,
  fromQueryState,
  motionState,
  notificationState,
  queriedState,
  stateAfterRequest,
  storageState,
  type PermissionKind,
  type PermissionState,
} from './permissions-rules.ts';

// The browser side of the Permissions screen: reads each permission and asks for it with the real call.

type BluetoothLike = { getAvailability?: () => Promise<boolean> };
type MotionEventClass = { requestPermission?: () => Promise<string> };

/** `navigator.permissions.query`, null where the API or the name is missing (Firefox and Safari lack camera, bluetooth). */
async function query(name: string): Promise<PermissionState | null> {
  try {
    if (!navigator.permissions?.query) return null;
    const status = await navigator.permissions.query({ name } as unknown as PermissionDescriptor);
    return fromQueryState(status.state);
  } catch {
    return null;
  }
}

const bluetooth = (): BluetoothLike | undefined => (navigator as Navigator & { bluetooth?: BluetoothLike }).bluetooth;
const motionClass = (): MotionEventClass | undefined =>
  typeof DeviceMotionEvent === 'undefined' ? undefined : (DeviceMotionEvent as unknown as MotionEventClass);

/** Every permission as the browser reports it now. `storageRefused`: `persist()` said no in this session. */
export async function readPermissions(storageRefused: boolean): Promise<Record<PermissionKind, PermissionState>> {
  const [location, camera, bt, accelerometer] = await Promise.all([
    query('geolocation'),
    query('camera'),
    query('bluetooth'),
    query('accelerometer'),
  ]);
  const storage = navigator.storage;
  const persisted = storage?.persisted ? await storage.persisted().catch(() => null) : null;
  const bluetoothApi = bluetooth();
  const available = bluetoothApi?.getAvailability ? await bluetoothApi.getAvailability().catch(() => null) : null;
  const motion = motionClass();
  return {
    location: queriedState('geolocation' in navigator, location),
    notifications: notificationState(typeof Notification === 'undefined' ? undefined : Notification.permission),
    camera: queriedState(!!navigator.mediaDevices?.getUserMedia, camera),
    bluetooth: bluetoothState(!!bluetoothApi, available, bt),
    storage: storageState(!!storage?.persist, persisted, storageRefused),
    motion: motionState(!!motion, typeof motion?.requestPermission === 'function', accelerometer),
  };
}

/** Asks the browser (a tap's handler: iOS and Safari need the gesture) and says what it answered. */
export async function requestPermission(kind: PermissionKind): Promise<PermissionState> {
  switch (kind) {
    case 'location':
      return new Promise((resolve) => {
        navigator.geolocation.getCurrentPosition(
          () => resolve('granted'),
          (e) => resolve(stateAfterRequest('location', { ok: false, code: e.code })),
          { timeout: 15_000, maximumAge: 600_000 },
        );
      });
    case 'notifications':
      return notificationState(await Notification.requestPermission());
    case 'camera':
      try {
        const stream = await navigator.mediaDevices.getUserMedia({ video: true });
        // Only the question was wanted: the camera's light goes off at once.
        stream.getTracks().forEach((track) => track.stop());
        return 'granted';
      } catch (e) {
        return stateAfterRequest('camera', { ok: false, name: e instanceof Error ? e.name : undefined });
      }
    case 'storage':
      return (await navigator.storage.persist()) ? 'granted' : 'denied';
    case 'motion': {
      const answer = await motionClass()?.requestPermission?.();
      return answer === 'granted' ? 'granted' : 'denied';
    }
    case 'bluetooth':
      // Web Bluetooth asks when a device is chosen (Devices, Add device): nothing to ask here.
      return 'onUse';
  }
}

/** Calls `onChange` when a permission changes in the browser or the person comes back from the phone's settings. */
export function watchPermissions(onChange: () => void): () => void {
  const statuses: PermissionStatus[] = [];
  let stopped = false;
  for (const name of ['geolocation', 'notifications', 'camera']) {
    navigator.permissions
      ?.query({ name } as unknown as PermissionDescriptor)
      .then((s) => {
        if (stopped) return;
        s.addEventListener('change', onChange);
        statuses.push(s);
      })
      .catch(() => undefined);
  }
  const visible = () => {
    if (document.visibilityState === 'visible') onChange();
  };
  document.addEventListener('visibilitychange', visible);
  return () => {
    stopped = true;
    statuses.forEach((s) => s.removeEventListener('change', onChange));
    document.removeEventListener('visibilitychange', visible);
  };
}
