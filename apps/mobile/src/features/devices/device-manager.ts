import type { MeasurementKind, MeasurementStatus, WatchModel, WatchSettings } from '@carewatch/devices/simulated-watch';
import type { TDeviceModel } from '@carewatch/contracts/devices';
import type { TReading } from '@carewatch/contracts/vitals';
import {
  AdapterError,
  type AdapterErrorCode,
  type AdapterEvent,
  type AdapterState,
  type DeviceIdentity,
  type WatchAdapter,
} from './adapters/adapter.ts';
import { SimulatedAdapter } from './adapters/simulated.ts';
import { WebBluetoothAdapter } from './adapters/web-bluetooth.ts';
import { INITIAL_WEAR, nextWear, type WearReport, type WearState } from './wear-rules.ts';

/** The paired device as remembered on the phone (localStorage), so the app reconnects it on start. */
export type PairedDevice = {
  kind: 'simulated' | 'bluetooth';
  name: string;
  mac: string;
  model: TDeviceModel | null;
  serialNumber: string | null;
  firmwareVersion: string | null;
  /** The server's id of the device (readings carry it); null in visitor mode or for an unknown model. */
  serverId: string | null;
  /** Simulated watch: the seed that gives it its MAC and readings. */
  seed?: number;
  /** Web Bluetooth: the browser's id of the device. */
  bluetoothId?: string;
  /** Simulated watch: its settings (the watch itself keeps nothing across app restarts). */
  settings?: WatchSettings;
  /** Simulated watch: the watch face applied from a package (its version; issue 21), null for the built-in one. */
  watchFace?: string | null;
  pairedAt: string;
};

export type DeviceSnapshot = {
  paired: PairedDevice | null;
  state: AdapterState;
  busy: 'pairing' | 'connecting' | 'forgetting' | null;
  error: AdapterErrorCode | null;
  measurement: { kind: MeasurementKind; status: MeasurementStatus; progress: number } | null;
  battery: number | null;
  lastReadingAt: string | null;
  /** Readings received from the device since the app started. */
  received: number;
};

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Where the manager's side effects go: the server and the outbox (signed in) or the phone only (visitor mode). */
export type DeviceEnv = {
  /** The user the watch is bound to ('visitor' in visitor mode). */
  userId: string;
  storage: KeyValueStore;
  storageKey: string;
  /** Readings of the device (with `deviceId` when the server knows it). */
  sink(readings: TReading[]): Promise<void>;
  /** Reports a connection change; answers the server's device id. Throws AdapterError (e.g. CONNECTED_BY_ANOTHER_USER). */
  report?(identity: Pick<PairedDevice, 'mac' | 'model' | 'firmwareVersion'>, status: 1 | 0): Promise<string>;
  /** Unbinds the device on the server (forget). */
  unregister?(serverId: string): Promise<void>;
  /** Tells the server the device is worn again / not worn since `at` (issue 20). Throws when it could not. */
  reportWear?(serverId: string, report: WearReport): Promise<void>;
  /** Builds the simulated watch (tests inject a manual clock). */
  simulated?(model: WatchModel, seed: number): SimulatedAdapter;
};

const INITIAL: DeviceSnapshot = {
  paired: null,
  state: 'unpaired',
  busy: null,
  error: null,
  measurement: null,
  battery: null,
  lastReadingAt: null,
  received: 0,
};

const errorCode = (e: unknown, fallback: AdapterErrorCode): AdapterErrorCode =>
  e instanceof AdapterError ? e.code : fallback;

/**
 * One paired wearable at a time: pairing, connection, reconnection on app start, forgetting, on-demand measurement,
 * and readings handed to the sink. A snapshot store for React (`subscribe` / `snapshot`).
 */
export class DeviceManager {
  private readonly env: DeviceEnv;
  private adapter: WatchAdapter | null = null;
  private detach: (() => void) | null = null;
  private current: DeviceSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private stopped = false;
  /** Sensor contact → "not worn" reports, per connection (wear-rules.ts). */
  private wear: WearState = INITIAL_WEAR;

  constructor(env: DeviceEnv) {
    this.env = env;
    const paired = this.load();
    this.current = { ...INITIAL, paired, state: paired ? 'disconnected' : 'unpaired' };
  }

  get snapshot(): DeviceSnapshot {
    return this.current;
  }
  get controls() {
    return this.adapter?.controls ?? null;
  }
  get measurable(): readonly MeasurementKind[] {
    return this.adapter?.measurable ?? [];
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** App start: reconnects the remembered device (a real one only when the browser still lists it). */
  async start(): Promise<void> {
    const paired = this.current.paired;
    if (!paired) return;
    if (paired.kind === 'simulated') {
      await this.open(this.buildSimulated(paired.model === 'GT2' ? 'GT2' : 'GT5', paired.seed ?? 1), paired).catch(
        () => undefined,
      );
    } else if (paired.bluetoothId) {
      const adapter = await WebBluetoothAdapter.restore(paired.bluetoothId);
      if (adapter) await this.open(adapter, paired).catch(() => undefined);
    }
  }

  /** Sign-out or leaving visitor mode: the connection ends; the pairing is kept for next time. */
  async stop(): Promise<void> {
    this.stopped = true;
    const adapter = this.adapter;
    this.release();
    if (adapter && adapter.state === 'connected') await adapter.disconnect().catch(() => undefined);
  }

  async pairSimulated(model: WatchModel): Promise<void> {
    // A fresh seed per pairing: each phone's simulated watch is its own device (its own MAC).
    const seed = 1 + Math.floor(Math.random() * 0x7ffffffe);
    await this.pair(() => Promise.resolve(this.buildSimulated(model, seed)), { seed });
  }

  async pairBluetooth(): Promise<void> {
    await this.pair(() => WebBluetoothAdapter.request(), {});
  }

  /** Reconnects the paired device after a disconnection (a real one may need the browser's chooser again). */
  async reconnect(): Promise<void> {
    const paired = this.current.paired;
    if (!paired) return;
    this.update({ busy: 'connecting', error: null });
    try {
      if (this.adapter) await this.open(this.adapter, paired);
      else if (paired.kind === 'simulated')
        await this.open(this.buildSimulated(paired.model === 'GT2' ? 'GT2' : 'GT5', paired.seed ?? 1), paired);
      else {
        const adapter =
          (paired.bluetoothId ? await WebBluetoothAdapter.restore(paired.bluetoothId) : null) ??
          (await WebBluetoothAdapter.request());
        await this.open(adapter, paired);
      }
      this.update({ busy: null });
    } catch (e) {
      this.update({ busy: null, error: errorCode(e, 'PAIRING_FAILED') });
    }
  }

  async disconnect(): Promise<void> {
    const adapter = this.adapter;
    if (!adapter) return;
    await adapter.disconnect().catch(() => undefined);
    this.update({ state: 'disconnected', measurement: null });
    await this.reportQuietly(0);
  }

  /** Forgets the device: unbound on the device, on the server and on the phone, so another user may pair it. */
  async forget(): Promise<void> {
    const paired = this.current.paired;
    this.update({ busy: 'forgetting', error: null });
    const adapter = this.adapter;
    this.release();
    if (adapter) await adapter.forget().catch(() => undefined);
    if (paired?.serverId && this.env.unregister) {
      try {
        await this.env.unregister(paired.serverId);
      } catch (e) {
        // The phone forgets anyway; the server keeps the binding to this same user, who may pair it again.
        this.env.storage.removeItem(this.env.storageKey);
        this.current = { ...INITIAL, error: errorCode(e, 'SERVER_UNREACHABLE') };
        this.notify();
        return;
      }
    }
    this.env.storage.removeItem(this.env.storageKey);
    this.current = { ...INITIAL };
    this.notify();
  }

  async measure(kind: MeasurementKind): Promise<void> {
    if (!this.adapter || this.adapter.state !== 'connected') {
      this.update({ error: 'NOT_CONNECTED' });
      return;
    }
    if (this.current.measurement?.status === 'testing') {
      this.update({ error: 'MEASUREMENT_IN_PROGRESS' });
      return;
    }
    this.update({ error: null, measurement: { kind, status: 'testing', progress: 0 } });
    try {
      await this.adapter.measure(kind);
    } catch (e) {
      const code = errorCode(e, 'MEASUREMENT_FAILED');
      // Stopped by the user is a state, not an error.
      if (code !== 'MEASUREMENT_STOPPED') this.update({ error: code });
      if (code === 'LOW_BATTERY' || code === 'MEASUREMENT_IN_PROGRESS')
        this.update({ measurement: { kind, status: 'failed', progress: 0 } });
    }
  }

  stopMeasurement(): void {
    this.adapter?.stopMeasurement();
  }

  /** Simulated watch settings (spec §2), remembered with the pairing. */
  updateSettings(patch: Partial<WatchSettings>): void {
    const controls = this.controls;
    const paired = this.current.paired;
    if (!controls || !paired) return;
    try {
      const settings = controls.updateSettings(patch);
      this.save({ ...paired, settings });
      this.update({ error: null });
    } catch (e) {
      this.update({ error: errorCode(e, 'INVALID_SETTING') });
    }
  }

  clearDeviceData(): boolean {
    const controls = this.controls;
    const paired = this.current.paired;
    if (!controls || !paired) return false;
    try {
      controls.clearData();
      this.save({ ...paired, settings: controls.settings });
      this.update({ error: null });
      return true;
    } catch (e) {
      this.update({ error: e instanceof AdapterError ? e.code : 'CLEAR_FAILED' });
      return false;
    }
  }

  exportLog(): string | null {
    try {
      const controls = this.controls;
      if (!controls) throw new AdapterError('NOT_CONNECTED');
      return controls.exportLog();
    } catch {
      this.update({ error: 'EXPORT_LOG_FAILED' });
      return null;
    }
  }

  /** A package the watch applied (firmware-panel.tsx): kept with the pairing; a new firmware version is reported. */
  recordPackage(applied: { kind: 'firmware' | 'watch_face'; version: string }): void {
    const paired = this.current.paired;
    if (!paired) return;
    if (applied.kind === 'watch_face') {
      this.save({ ...paired, watchFace: applied.version });
      return;
    }
    this.save({ ...paired, firmwareVersion: applied.version });
    void this.reportQuietly(1);
  }

  clearError(): void {
    this.update({ error: null });
  }

  // ---- internals

  private async pair(make: () => Promise<WatchAdapter>, extra: Pick<PairedDevice, 'seed'>): Promise<void> {
    if (this.current.paired) await this.forget();
    this.update({ busy: 'pairing', error: null, state: 'pairing' });
    try {
      const adapter = await make();
      await this.open(adapter, null, extra);
      this.update({ busy: null });
    } catch (e) {
      this.update({
        busy: null,
        state: this.current.paired ? this.current.state : 'unpaired',
        error: errorCode(e, 'PAIRING_FAILED'),
      });
    }
  }

  /** Connects `adapter`; on first pairing registers the device on the server (which may refuse: bound to another user). */
  private async open(
    adapter: WatchAdapter,
    paired: PairedDevice | null,
    extra: Pick<PairedDevice, 'seed'> = {},
  ): Promise<void> {
    if (this.adapter !== adapter) {
      this.release();
      this.adapter = adapter;
      this.detach = adapter.on((e) => this.onEvent(e));
    }
    this.stopped = false;
    this.wear = INITIAL_WEAR;
    // The simulated watch keeps nothing across app restarts: give it back the firmware and face it had (issue 21).
    if (paired && adapter.controls)
      adapter.controls.firmware.restore({ version: paired.firmwareVersion, face: paired.watchFace ?? null });
    const identity: DeviceIdentity = await adapter.connect(this.env.userId);
    let serverId = paired?.serverId ?? null;
    if (this.env.report && identity.model) {
      try {
        serverId = await this.env.report(
          { mac: identity.mac, model: identity.model, firmwareVersion: identity.firmwareVersion },
          1,
        );
      } catch (e) {
        // Offline at a reconnection is fine (the pairing is known); a refusal, or a first pairing the server never saw, is not.
        if (!paired || (e instanceof AdapterError && e.code === 'CONNECTED_BY_ANOTHER_USER')) {
          this.release();
          await adapter.forget().catch(() => undefined);
          if (paired) {
            this.env.storage.removeItem(this.env.storageKey);
            this.current = { ...INITIAL };
          }
          throw e;
        }
      }
    }
    const record: PairedDevice = {
      ...(paired ?? { pairedAt: new Date().toISOString(), ...extra }),
      kind: adapter.kind,
      name: identity.name,
      mac: identity.mac,
      model: identity.model,
      serialNumber: identity.serialNumber,
      firmwareVersion: identity.firmwareVersion,
      serverId,
      ...(adapter instanceof WebBluetoothAdapter ? { bluetoothId: adapter.device.id } : {}),
    };
    const controls = adapter.controls;
    if (controls && record.settings) {
      try {
        controls.updateSettings(record.settings);
      } catch {
        /* settings of an older version: the watch keeps its defaults */
      }
    }
    if (controls) record.settings = controls.settings;
    this.save(record);
    this.update({ state: adapter.state, battery: identity.batteryLevel, error: null });
  }

  private onEvent(e: AdapterEvent): void {
    if (this.stopped) return;
    if (e.type === 'state') {
      this.update({ state: e.state, ...(e.lost ? { error: 'BLUETOOTH_LOST' as const, measurement: null } : {}) });
      if (e.lost) void this.reportQuietly(0);
    } else if (e.type === 'contact') {
      this.onContact(e.contact, e.at);
    } else if (e.type === 'measurement') {
      this.update({ measurement: { kind: e.kind, status: e.status, progress: e.progress } });
      if (e.status === 'completed' && this.controls) this.update({ battery: this.controls.batteryLevel });
    } else {
      const serverId = this.current.paired?.serverId ?? null;
      const readings = serverId ? e.readings.map((r) => ({ ...r, deviceId: serverId })) : e.readings;
      this.update({
        lastReadingAt: readings[0]?.measuredAt ?? this.current.lastReadingAt,
        received: this.current.received + readings.length,
      });
      void this.env.sink(readings).catch(() => undefined);
    }
  }

  /** Only changes reach the server; a report that fails is retried at the next notification. */
  private onContact(contact: 'detected' | 'not_detected', at: Date): void {
    const serverId = this.current.paired?.serverId;
    if (!serverId || !this.env.reportWear) return;
    const before = this.wear;
    const next = nextWear(before, contact, at.getTime());
    this.wear = next.state;
    if (!next.report) return;
    this.env.reportWear(serverId, next.report).catch(() => {
      if (this.wear === next.state) this.wear = { ...next.state, reported: before.reported };
    });
  }

  private async reportQuietly(status: 0 | 1): Promise<void> {
    const p = this.current.paired;
    if (!p?.model || !this.env.report) return;
    await this.env
      .report({ mac: p.mac, model: p.model, firmwareVersion: p.firmwareVersion }, status)
      .catch(() => undefined);
  }

  private buildSimulated(model: WatchModel, seed: number): SimulatedAdapter {
    return this.env.simulated?.(model, seed) ?? new SimulatedAdapter({ model, seed });
  }

  private release(): void {
    this.detach?.();
    this.detach = null;
    this.adapter = null;
  }

  private load(): PairedDevice | null {
    try {
      const raw = this.env.storage.getItem(this.env.storageKey);
      return raw ? (JSON.parse(raw) as PairedDevice) : null;
    } catch {
      return null;
    }
  }

  private save(paired: PairedDevice): void {
    try {
      this.env.storage.setItem(this.env.storageKey, JSON.stringify(paired));
    } catch {
      // Full or private storage: the pairing lasts for this visit only.
    }
    this.update({ paired });
  }

  private update(patch: Partial<DeviceSnapshot>): void {
    this.current = { ...this.current, ...patch };
    this.notify();
  }

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }
}
