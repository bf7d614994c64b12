import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeHeartRateMeasurement } from '@carewatch/devices/heart-rate';
import { encodeWeightMeasurement } from '@carewatch/devices/weight-scale';
import { CHARACTERISTIC, SERVICE, uuid128 } from '@carewatch/devices/uuids';
import type { AdapterEvent } from './adapter.ts';
import { macFromDeviceId, modelFromName, WebBluetoothAdapter } from './web-bluetooth.ts';

/** A fake GATT peripheral with the given services/characteristics, as Web Bluetooth presents it. */
function fakeDevice(name: string, services: Record<number, number[]>) {
  const characteristics = new Map<
    string,
    EventTarget & {
      uuid: string;
      value: DataView | null;
      startNotifications: () => Promise<unknown>;
      readValue: () => Promise<DataView>;
    }
  >();
  const device = Object.assign(new EventTarget(), {
    id: 'browser-device-id-1',
    name,
    gatt: {
      connected: false,
      async connect() {
        this.connected = true;
        return this;
      },
      disconnect() {
        this.connected = false;
        device.dispatchEvent(new Event('gattserverdisconnected'));
      },
      async getPrimaryService(uuid: string) {
        const entry = Object.entries(services).find(([s]) => uuid128(Number(s)) === uuid);
        if (!entry) throw Object.assign(new Error('No service'), { name: 'NotFoundError' });
        return {
          uuid,
          async getCharacteristic(c: string) {
            if (!entry[1].some((x) => uuid128(x) === c))
              throw Object.assign(new Error('No characteristic'), { name: 'NotFoundError' });
            let ch = characteristics.get(c);
            if (!ch) {
              ch = Object.assign(new EventTarget(), {
                uuid: c,
                value: null as DataView | null,
                startNotifications: async () => ch,
                readValue: async () =>
                  new DataView(new Uint8Array([c === uuid128(CHARACTERISTIC.BATTERY_LEVEL) ? 64 : 0]).buffer),
              });
              characteristics.set(c, ch);
            }
            return ch;
          },
        };
      },
    },
  });
  const notify = (c: number, bytes: Uint8Array) => {
    const ch = characteristics.get(uuid128(c));
    if (!ch) throw new Error('not subscribed');
    ch.value = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    ch.dispatchEvent(new Event('characteristicvaluechanged'));
  };
  return { device, notify };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Web Bluetooth adapter', () => {
  it('is "not supported" without navigator.bluetooth, and "Bluetooth off" when the adapter is unavailable', async () => {
    vi.stubGlobal('navigator', {});
    expect(WebBluetoothAdapter.supported()).toBe(false);
    await expect(WebBluetoothAdapter.request()).rejects.toMatchObject({ code: 'NOT_SUPPORTED' });
    vi.stubGlobal('navigator', {
      bluetooth: {
        getAvailability: async () => false,
        requestDevice: async () => {
          throw new Error('unreachable');
        },
      },
    });
    await expect(WebBluetoothAdapter.request()).rejects.toMatchObject({ code: 'BLUETOOTH_OFF' });
    vi.stubGlobal('navigator', {
      bluetooth: {
        requestDevice: async () => {
          throw Object.assign(new Error('User cancelled'), { name: 'NotFoundError' });
        },
      },
    });
    await expect(WebBluetoothAdapter.request()).rejects.toMatchObject({ code: 'DEVICE_NOT_FOUND' });
  });

  it('asks for the six health services, parses notifications into readings, and reports a lost connection', async () => {
    const { device, notify } = fakeDevice('GT5 Pro', {
      [SERVICE.HEART_RATE]: [CHARACTERISTIC.HEART_RATE_MEASUREMENT],
      [SERVICE.WEIGHT_SCALE]: [CHARACTERISTIC.WEIGHT_MEASUREMENT],
      [SERVICE.BATTERY]: [CHARACTERISTIC.BATTERY_LEVEL],
    });
    let request: unknown;
    vi.stubGlobal('navigator', {
      bluetooth: {
        getAvailability: async () => true,
        requestDevice: async (o: unknown) => {
          request = o;
          return device;
        },
      },
    });
    const adapter = await WebBluetoothAdapter.request();
    expect(request).toMatchObject({
      filters: [0x180d, 0x1810, 0x1822, 0x1809, 0x1808, 0x181d].map((s) => ({ services: [uuid128(s)] })),
    });

    const events: AdapterEvent[] = [];
    adapter.on((e) => events.push(e));
    const identity = await adapter.connect();
    expect(identity).toMatchObject({
      name: 'GT5 Pro',
      model: 'GT5',
      mac: macFromDeviceId('browser-device-id-1'),
      batteryLevel: 64,
    });
    expect(adapter.state).toBe('connected');

    notify(CHARACTERISTIC.HEART_RATE_MEASUREMENT, encodeHeartRateMeasurement({ heartRate: 88 }));
    notify(CHARACTERISTIC.WEIGHT_MEASUREMENT, encodeWeightMeasurement({ weight: 70.5 }));
    const readings = events.flatMap((e) => (e.type === 'readings' ? e.readings : []));
    expect(readings.map((r) => [r.metric, r.value, r.unit])).toEqual([
      ['heart_rate', 88, 'bpm'],
      ['weight', 70.5, 'kg'],
    ]);

    device.gatt.connected = false;
    device.dispatchEvent(new Event('gattserverdisconnected'));
    expect(events.at(-1)).toEqual({ type: 'state', state: 'disconnected', lost: true });
  });

  it('refuses a device with none of the supported measurements (cannot identify the wearable)', async () => {
    const { device } = fakeDevice('Mystery', { [SERVICE.BATTERY]: [CHARACTERISTIC.BATTERY_LEVEL] });
    vi.stubGlobal('navigator', { bluetooth: { requestDevice: async () => device } });
    const adapter = await WebBluetoothAdapter.request();
    await expect(adapter.connect()).rejects.toMatchObject({ code: 'CANNOT_IDENTIFY' });
    expect(adapter.state).toBe('unpaired');
  });

  it('derives a stable, locally administered MAC and recognises the known models', () => {
    const mac = macFromDeviceId('abc');
    expect(mac).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
    expect(parseInt(mac.slice(0, 2), 16) & 0x03).toBe(0x02);
    expect(macFromDeviceId('abc')).toBe(mac);
    expect(macFromDeviceId('abd')).not.toBe(mac);
    expect(modelFromName('Polar H10', 'GT2-X')).toBe('GT2');
    expect(modelFromName('Polar H10', null)).toBeNull();
  });
});
