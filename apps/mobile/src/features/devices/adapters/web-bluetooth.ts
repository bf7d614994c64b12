import type { MeasurementKind } from '@carewatch/devices/simulated-watch';
import { CHARACTERISTIC, SERVICE, uuid128 } from '@carewatch/devices/uuids';
import { DEVICE_MODELS, type TDeviceModel } from '@carewatch/contracts/devices';
import {
  AdapterError,
  notificationContact,
  notificationReadings,
  type AdapterEvent,
  type AdapterState,
  type DeviceIdentity,
  type WatchAdapter,
} from './adapter.ts';

// The DOM library has no Web Bluetooth types (they are a draft): the few members used, typed here.
type BtCharacteristic = EventTarget & {
  uuid: string;
  value?: DataView | null;
  startNotifications(): Promise<BtCharacteristic>;
  readValue(): Promise<DataView>;
};
type BtService = { uuid: string; getCharacteristic(uuid: string): Promise<BtCharacteristic> };
type BtServer = {
  connected: boolean;
  connect(): Promise<BtServer>;
  disconnect(): void;
  getPrimaryService(uuid: string): Promise<BtService>;
};
type BtDevice = EventTarget & {
  id: string;
  name?: string | undefined;
  gatt?: BtServer | undefined;
  forget?: () => Promise<void>;
};
type BtRequest = { filters: Array<{ services: string[] }>; optionalServices: string[] };
type Bluetooth = {
  getAvailability?: () => Promise<boolean>;
  requestDevice(o: BtRequest): Promise<BtDevice>;
  getDevices?: () => Promise<BtDevice[]>;
};

/** The six standard health services (issue 6) and the measurement characteristics read from each. */
const HEALTH_SERVICES: ReadonlyArray<[number, number[]]> = [
  [SERVICE.HEART_RATE, [CHARACTERISTIC.HEART_RATE_MEASUREMENT]],
  [SERVICE.BLOOD_PRESSURE, [CHARACTERISTIC.BLOOD_PRESSURE_MEASUREMENT]],
  [SERVICE.PULSE_OXIMETER, [CHARACTERISTIC.PLX_CONTINUOUS_MEASUREMENT, CHARACTERISTIC.PLX_SPOT_CHECK_MEASUREMENT]],
  [SERVICE.HEALTH_THERMOMETER, [CHARACTERISTIC.TEMPERATURE_MEASUREMENT]],
  [SERVICE.GLUCOSE, [CHARACTERISTIC.GLUCOSE_MEASUREMENT]],
  [SERVICE.WEIGHT_SCALE, [CHARACTERISTIC.WEIGHT_MEASUREMENT]],
];
// Device Information strings (Bluetooth SIG assigned numbers; not among the package's measurement constants).
const MODEL_NUMBER = 0x2a24;
const SERIAL_NUMBER = 0x2a25;
const FIRMWARE_REVISION = 0x2a26;

export function getBluetooth(): Bluetooth | null {
  const nav = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { bluetooth?: Bluetooth });
  return nav?.bluetooth ?? null;
}

/** Web Bluetooth hides the MAC: a stable, locally administered address derived from the browser's id of the device. */
export function macFromDeviceId(id: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < id.length; i++) {
    h1 = Math.imul(h1 ^ id.charCodeAt(i), 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ id.charCodeAt(i), 0x5bd1e995) >>> 0;
  }
  const bytes = [
    ((h1 >>> 24) & 0xfc) | 0x02,
    (h1 >>> 16) & 0xff,
    (h1 >>> 8) & 0xff,
    h1 & 0xff,
    (h2 >>> 8) & 0xff,
    h2 & 0xff,
  ];
  return bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');
}

export function modelFromName(...names: Array<string | null | undefined>): TDeviceModel | null {
  for (const n of names) {
    const m = DEVICE_MODELS.find((model) => n?.toUpperCase().includes(model));
    if (m) return m;
  }
  return null;
}

function bluetoothError(e: unknown): AdapterError {
  if (e instanceof AdapterError) return e;
  const name = e instanceof Error ? e.name : '';
  // NotFoundError: nothing chosen or nothing in range; SecurityError/NotSupportedError: blocked or unavailable here.
  if (name === 'NotFoundError') return new AdapterError('DEVICE_NOT_FOUND');
  if (name === 'SecurityError' || name === 'NotSupportedError') return new AdapterError('NOT_SUPPORTED');
  if (name === 'NotAllowedError') return new AdapterError('BLUETOOTH_OFF');
  return new AdapterError('PAIRING_FAILED', e instanceof Error ? e.message : String(e));
}

/** A real Bluetooth wearable through Web Bluetooth: standard GATT notifications parsed by `@carewatch/devices`. */
export class WebBluetoothAdapter implements WatchAdapter {
  readonly kind = 'bluetooth';
  readonly measurable: readonly MeasurementKind[] = [];
  readonly controls = null;
  readonly device: BtDevice;
  private currentState: AdapterState = 'unpaired';
  private userDisconnect = false;
  private readonly listeners = new Set<(e: AdapterEvent) => void>();
  private readonly onDisconnected = () => {
    const lost = !this.userDisconnect;
    this.userDisconnect = false;
    this.setState('disconnected', lost);
  };

  private constructor(device: BtDevice) {
    this.device = device;
    device.addEventListener('gattserverdisconnected', this.onDisconnected);
  }

  /** Whether this browser can talk Bluetooth at all (§8 "not supported" otherwise). */
  static supported(): boolean {
    return getBluetooth() !== null;
  }

  /** Opens the browser's device chooser (needs a user gesture); Bluetooth off or no browser support are §8 errors. */
  static async request(): Promise<WebBluetoothAdapter> {
    const bt = getBluetooth();
    if (!bt) throw new AdapterError('NOT_SUPPORTED');
    if (bt.getAvailability && !(await bt.getAvailability())) throw new AdapterError('BLUETOOTH_OFF');
    try {
      const device = await bt.requestDevice({
        filters: HEALTH_SERVICES.map(([s]) => ({ services: [uuid128(s)] })),
        optionalServices: [uuid128(SERVICE.BATTERY), uuid128(SERVICE.DEVICE_INFORMATION)],
      });
      return new WebBluetoothAdapter(device);
    } catch (e) {
      throw bluetoothError(e);
    }
  }

  /** The device paired earlier, when the browser lets the page list permitted devices; null otherwise. */
  static async restore(id: string): Promise<WebBluetoothAdapter | null> {
    const bt = getBluetooth();
    if (!bt?.getDevices) return null;
    const device = (await bt.getDevices().catch(() => [])).find((d) => d.id === id);
    return device ? new WebBluetoothAdapter(device) : null;
  }

  get state(): AdapterState {
    return this.currentState;
  }

  on(listener: (e: AdapterEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async connect(): Promise<DeviceIdentity> {
    const gatt = this.device.gatt;
    if (!gatt) throw new AdapterError('NOT_SUPPORTED');
    const first = this.currentState === 'unpaired';
    if (first) this.setState('pairing');
    try {
      await gatt.connect();
      const hasHeartRate = await gatt.getPrimaryService(uuid128(SERVICE.HEART_RATE)).then(
        () => true,
        () => false,
      );
      let subscribed = 0;
      for (const [service, characteristics] of HEALTH_SERVICES) {
        const svc = await gatt.getPrimaryService(uuid128(service)).catch(() => null);
        if (!svc) continue;
        for (const c of characteristics) {
          const ch = await svc.getCharacteristic(uuid128(c)).catch(() => null);
          if (!ch) continue;
          ch.addEventListener('characteristicvaluechanged', () => {
            if (!ch.value) return;
            const at = new Date();
            const readings = notificationReadings(c, ch.value, at, hasHeartRate);
            if (readings.length > 0) this.emit({ type: 'readings', readings });
            const contact = notificationContact(c, ch.value);
            if (contact) this.emit({ type: 'contact', contact, at });
          });
          await ch.startNotifications().then(
            () => {
              subscribed += 1;
            },
            () => undefined,
          );
        }
      }
      // A device with none of the standard measurements is not a wearable the app can use (§8 "cannot identify").
      if (subscribed === 0) throw new AdapterError('CANNOT_IDENTIFY');
      const modelNumber = await this.readString(gatt, SERVICE.DEVICE_INFORMATION, MODEL_NUMBER);
      const identity: DeviceIdentity = {
        name: this.device.name ?? modelNumber ?? 'Bluetooth device',
        mac: macFromDeviceId(this.device.id),
        model: modelFromName(this.device.name, modelNumber),
        serialNumber: await this.readString(gatt, SERVICE.DEVICE_INFORMATION, SERIAL_NUMBER),
        firmwareVersion: await this.readString(gatt, SERVICE.DEVICE_INFORMATION, FIRMWARE_REVISION),
        batteryLevel: await this.readBattery(gatt),
      };
      if (first) this.setState('paired');
      this.setState('connected');
      return identity;
    } catch (e) {
      this.userDisconnect = true;
      if (gatt.connected) gatt.disconnect();
      this.setState(first ? 'unpaired' : 'disconnected');
      throw bluetoothError(e);
    }
  }

  async disconnect(): Promise<void> {
    const gatt = this.device.gatt;
    if (gatt?.connected) {
      this.userDisconnect = true;
      gatt.disconnect();
    }
    this.setState('disconnected');
  }

  async forget(): Promise<void> {
    await this.disconnect();
    this.device.removeEventListener('gattserverdisconnected', this.onDisconnected);
    await this.device.forget?.().catch(() => undefined);
    this.setState('unpaired');
  }

  measure(): Promise<void> {
    // Standard profiles have no "measure now" command: the device measures on its own and notifies.
    return Promise.reject(new AdapterError('NOT_SUPPORTED'));
  }

  stopMeasurement(): void {}

  private async readString(gatt: BtServer, service: number, characteristic: number): Promise<string | null> {
    try {
      const view = await (
        await (await gatt.getPrimaryService(uuid128(service))).getCharacteristic(uuid128(characteristic))
      ).readValue();
      return new TextDecoder().decode(view).replace(/\0+$/, '').trim() || null;
    } catch {
      return null;
    }
  }

  private async readBattery(gatt: BtServer): Promise<number | null> {
    try {
      const view = await (
        await (
          await gatt.getPrimaryService(uuid128(SERVICE.BATTERY))
        ).getCharacteristic(uuid128(CHARACTERISTIC.BATTERY_LEVEL))
      ).readValue();
      return view.getUint8(0);
    } catch {
      return null;
    }
  }

  private setState(state: AdapterState, lost = false): void {
    if (state === this.currentState) return;
    this.currentState = state;
    this.emit(lost ? { type: 'state', state, lost: true } : { type: 'state', state });
  }

  private emit(e: AdapterEvent): void {
    for (const l of [...this.listeners]) l(e);
  }
}
