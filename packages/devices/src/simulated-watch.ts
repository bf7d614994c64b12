import { encodeBloodPressureMeasurement } from './blood-pressure.ts';
import { createSystemClock, type Clock, type TimerHandle } from './clock.ts';
import { dateToDateTime } from './date-time.ts';
import { encodeHeartRateMeasurement } from './heart-rate.ts';
import { encodeTemperatureMeasurement } from './health-thermometer.ts';
import { encodePlxContinuous } from './pulse-oximeter.ts';
import { createRandom, type Random } from './random.ts';
import { WatchFirmware, type InstallProgress, type InstallResult, type PackageToInstall } from './firmware-sim.ts';
import { CHARACTERISTIC, SERVICE, shortUuid, uuid128 } from './uuids.ts';

/**
 * A simulated GT2/GT5 Bluetooth watch (spec: "The wearable models are GT2 and GT5 ... connect over Bluetooth"), so a
 * user without hardware, and the tests, can pair and see standard GATT notifications flow. Pure TypeScript, driven by
 * an injectable clock and a seeded generator: the same seed and clock give the same bytes.
 */
export type WatchModel = 'GT2' | 'GT5';
export const WATCH_MODELS: readonly WatchModel[] = ['GT2', 'GT5'];

/** Device states of spec §4, plus Bluetooth off. */
export type WatchState = 'unpaired' | 'pairing' | 'paired' | 'connected' | 'disconnected' | 'bluetooth_off';

/** Numeric connection status of spec §3 (as the device list shows it). */
export const CONNECTION_STATUS = { connected: 1, disconnected: 0, not_activated: -1, unknown: 2 } as const;
export const connectionStatusOf = (state: WatchState): number =>
  state === 'connected'
    ? CONNECTION_STATUS.connected
    : state === 'unpaired' || state === 'pairing'
      ? CONNECTION_STATUS.not_activated
      : state === 'bluetooth_off'
        ? CONNECTION_STATUS.unknown
        : CONNECTION_STATUS.disconnected;

/** Spec §9: the device measures every 15 minutes; a measurement takes up to 2 minutes; a 3-second press toggles the countdown. */
export const AUTO_MEASURE_INTERVAL_MS = 15 * 60_000;
export const MAX_MEASUREMENT_MS = 2 * 60_000;
export const COUNTDOWN_PRESS_MS = 3_000;

/**
 * Device settings of spec §2 (bright-screen duration, brightness, wrist sensitivity) and the auto-measure switches
 * behind §8 "temperature or heart-rate auto-measure is off". The spec names no ranges; these are the simulator's.
 */
export type WatchSettings = {
  brightScreenSeconds: BrightScreenSeconds;
  /** 1 (dim) to 5 (brightest). */
  brightness: number;
  wristSensitivity: WristSensitivity;
  autoMeasureHeartRate: boolean;
  autoMeasureTemperature: boolean;
};
export const BRIGHT_SCREEN_SECONDS = [5, 10, 15, 20, 30] as const;
export type BrightScreenSeconds = (typeof BRIGHT_SCREEN_SECONDS)[number];
export const WRIST_SENSITIVITIES = ['low', 'medium', 'high'] as const;
export type WristSensitivity = (typeof WRIST_SENSITIVITIES)[number];
export const BRIGHTNESS_MIN = 1;
export const BRIGHTNESS_MAX = 5;
export const DEFAULT_WATCH_SETTINGS: Readonly<WatchSettings> = {
  brightScreenSeconds: 10,
  brightness: 3,
  wristSensitivity: 'medium',
  autoMeasureHeartRate: true,
  autoMeasureTemperature: true,
};
/** Longest countdown the watch accepts (99:59). */
export const COUNTDOWN_MAX_SECONDS = 99 * 60 + 59;
/** Below this battery level the watch refuses to start a measurement (§8 "low battery"). */
export const LOW_BATTERY_PERCENT = 5;

/** Errors of spec §8 "Devices" that the simulator can produce. */
export type DeviceErrorCode =
  | 'BLUETOOTH_OFF'
  | 'DEVICE_NOT_FOUND'
  | 'NOT_SUPPORTED'
  | 'CONNECTED_BY_ANOTHER_USER'
  | 'NOT_CONNECTED'
  | 'MEASUREMENT_IN_PROGRESS'
  | 'MEASUREMENT_STOPPED'
  | 'MEASUREMENT_FAILED'
  | 'LOW_BATTERY'
  | 'INVALID_SETTING';

export class DeviceError extends Error {
  override readonly name = 'DeviceError';
  readonly code: DeviceErrorCode;
  constructor(code: DeviceErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export type Advertisement = { name: string; mac: string; model: WatchModel; rssi: number; serviceUuids: string[] };
/** The device entity fields of spec §3. */
export type WatchInfo = {
  name: string;
  mac: string;
  serialNumber: string;
  model: WatchModel;
  firmwareVersion: string;
  batteryLevel: number;
};

export type MeasurementKind = 'heart_rate' | 'spo2' | 'temperature' | 'blood_pressure';
/** Measurement states of spec §4. */
export type MeasurementStatus = 'not_started' | 'testing' | 'completed' | 'stopped' | 'failed';
export type DisconnectReason = 'user' | 'bluetooth_off' | 'out_of_range' | 'forgotten';

export type WatchEvent =
  | { type: 'state'; state: WatchState; reason?: DisconnectReason }
  | { type: 'measurement'; kind: MeasurementKind; status: MeasurementStatus; progress: number }
  | { type: 'countdown'; running: boolean; remainingMs: number }
  | { type: 'countdown_done' }
  | { type: 'settings'; settings: WatchSettings };

/** Values to force instead of generated ones (e.g. an SOS-level heart rate for an E2E test); persistent until cleared. */
export type ValueOverrides = Partial<{
  heartRate: number;
  spo2: number;
  temperature: number;
  systolic: number;
  diastolic: number;
}>;

export type SimulatedWatchOptions = {
  model: WatchModel;
  /** Seed of the MAC address and of the readings; default 1. */
  seed?: number;
  clock?: Clock;
  /** Override the derived MAC (upper-case, colon-separated). */
  mac?: string;
  /** Period of automatic measurements (spec: 15 min); shorten for a demo. */
  autoMeasureIntervalMs?: number;
  /** Duration of an on-demand measurement (spec: up to 2 min). */
  measurementMs?: number;
  /** Phone's UTC offset in minutes, for the wall-clock timestamps the watch puts in its notifications. */
  utcOffsetMinutes?: number;
};

type Listener = (value: DataView) => void;

const MODEL_SERVICES: Readonly<Record<WatchModel, readonly number[]>> = {
  // Assumption of the simulator: the GT5 adds (cuffless) blood pressure; the spec does not list model differences.
  GT2: [
    SERVICE.HEART_RATE,
    SERVICE.PULSE_OXIMETER,
    SERVICE.HEALTH_THERMOMETER,
    SERVICE.BATTERY,
    SERVICE.DEVICE_INFORMATION,
  ],
  GT5: [
    SERVICE.HEART_RATE,
    SERVICE.PULSE_OXIMETER,
    SERVICE.HEALTH_THERMOMETER,
    SERVICE.BLOOD_PRESSURE,
    SERVICE.BATTERY,
    SERVICE.DEVICE_INFORMATION,
  ],
};
const FIRMWARE: Readonly<Record<WatchModel, string>> = { GT2: '2.4.1-sim', GT5: '5.1.0-sim' };

const KIND_CHARACTERISTIC: Readonly<Record<MeasurementKind, number>> = {
  heart_rate: CHARACTERISTIC.HEART_RATE_MEASUREMENT,
  spo2: CHARACTERISTIC.PLX_CONTINUOUS_MEASUREMENT,
  temperature: CHARACTERISTIC.TEMPERATURE_MEASUREMENT,
  blood_pressure: CHARACTERISTIC.BLOOD_PRESSURE_MEASUREMENT,
};
const CHARACTERISTIC_SERVICE: ReadonlyMap<number, number> = new Map<number, number>([
  [CHARACTERISTIC.HEART_RATE_MEASUREMENT, SERVICE.HEART_RATE],
  [CHARACTERISTIC.PLX_CONTINUOUS_MEASUREMENT, SERVICE.PULSE_OXIMETER],
  [CHARACTERISTIC.TEMPERATURE_MEASUREMENT, SERVICE.HEALTH_THERMOMETER],
  [CHARACTERISTIC.BLOOD_PRESSURE_MEASUREMENT, SERVICE.BLOOD_PRESSURE],
]);

const clamp = (v: number, min: number, max: number): number => Math.min(max, Math.max(min, v));
const hex2 = (n: number): string => n.toString(16).toUpperCase().padStart(2, '0');

type Running = {
  kind: MeasurementKind;
  timers: TimerHandle[];
  resolve: (v: DataView) => void;
  reject: (e: DeviceError) => void;
};

export class SimulatedWatch {
  readonly model: WatchModel;
  readonly mac: string;
  readonly name: string;
  readonly serialNumber: string;
  /** Firmware and watch face (firmware-sim.ts): packages from the app replace them. */
  readonly firmware: WatchFirmware;

  private readonly clock: Clock;
  private readonly random: Random;
  /** Separate stream for radio noise, so scanning does not change the readings that follow. */
  private readonly signal: Random;
  private readonly autoMeasureIntervalMs: number;
  private readonly measurementMs: number;
  private readonly utcOffsetMinutes: number;

  private currentState: WatchState = 'unpaired';
  /** Whether the watch has been paired since it was last forgotten (decides the state after Bluetooth returns). */
  private paired = false;
  private owner: string | null = null;
  private bluetoothOn = true;
  private inRange = true;
  private battery = 100;
  /** On the wrist: off it, the heart-rate sensor reports no skin contact and the other sensors measure nothing. */
  private onWrist = true;
  private currentSettings: WatchSettings = { ...DEFAULT_WATCH_SETTINGS };
  private overrides: ValueOverrides = {};
  private readonly eventListeners = new Set<(e: WatchEvent) => void>();
  private readonly subscriptions = new Map<number, Set<Listener>>();
  private autoTimer: TimerHandle | null = null;
  private running: Running | null = null;
  private log: string[] = [];
  // Generator state: a bounded random walk so consecutive readings look like one person.
  private hr = 72;
  private spo2 = 97;
  private temp = 36.6;
  private stopwatchStartedAt: number | null = null;
  private stopwatchAccumulated = 0;
  private countdownMs = 60_000;
  private countdownEndsAt: number | null = null;
  private countdownTimer: TimerHandle | null = null;

  constructor(opts: SimulatedWatchOptions) {
    this.model = opts.model;
    this.clock = opts.clock ?? createSystemClock();
    const seed = opts.seed ?? 1;
    this.random = createRandom(seed);
    this.signal = createRandom(seed ^ 0x5bd1e995);
    // A static random address: the two top bits of the first byte are 1.
    const bytes = [0xc0 | this.random.int(0, 0x3f), ...Array.from({ length: 5 }, () => this.random.int(0, 0xff))];
    this.mac = opts.mac ?? bytes.map(hex2).join(':');
    this.name = `${this.model}-${this.mac.slice(-5).replace(':', '')}`;
    this.serialNumber = `${this.model}${this.mac.replace(/:/g, '')}`;
    this.firmware = new WatchFirmware({ model: this.model, version: FIRMWARE[this.model], clock: this.clock });
    this.autoMeasureIntervalMs = opts.autoMeasureIntervalMs ?? AUTO_MEASURE_INTERVAL_MS;
    this.measurementMs = clamp(opts.measurementMs ?? 30_000, 0, MAX_MEASUREMENT_MS);
    this.utcOffsetMinutes = opts.utcOffsetMinutes ?? 0;
    this.hr = this.random.int(64, 80);
  }

  get state(): WatchState {
    return this.currentState;
  }
  get firmwareVersion(): string {
    return this.firmware.version;
  }
  get connectionStatus(): number {
    return connectionStatusOf(this.currentState);
  }
  /** The user the watch is bound to since pairing; null when unpaired or forgotten. */
  get ownerId(): string | null {
    return this.owner;
  }
  get settings(): WatchSettings {
    return { ...this.currentSettings };
  }
  get batteryLevel(): number {
    return this.battery;
  }
  /** 16-bit UUIDs of the GATT services of this model. */
  get services(): readonly number[] {
    return MODEL_SERVICES[this.model];
  }
  get measuring(): MeasurementKind | null {
    return this.running?.kind ?? null;
  }

  /** Subscribes to state, measurement, countdown and settings events; returns the unsubscribe function. */
  on(listener: (e: WatchEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => {
      this.eventListeners.delete(listener);
    };
  }

  // ---- environment (what the phone and the room do to the watch)

  /** The phone's Bluetooth switch: turning it off drops the connection. */
  setBluetoothEnabled(on: boolean): void {
    if (on === this.bluetoothOn) return;
    this.bluetoothOn = on;
    if (!on) {
      this.drop();
      this.setState('bluetooth_off');
    } else {
      this.setState(this.paired ? 'disconnected' : 'unpaired');
    }
  }

  /** Walking away from the phone: out of range the watch is not found and a connection is lost. */
  setInRange(inRange: boolean): void {
    this.inRange = inRange;
    if (!inRange && this.currentState === 'connected') {
      this.drop();
      this.setState('disconnected', 'out_of_range');
    }
  }

  setBatteryLevel(percent: number): void {
    this.battery = clamp(Math.round(percent), 0, 100);
  }

  /** Taking the watch off the wrist (and putting it back): heart-rate notifications say sensor contact not detected. */
  setWorn(worn: boolean): void {
    this.onWrist = worn;
    this.addLog(worn ? 'worn' : 'taken off');
  }
  get worn(): boolean {
    return this.onWrist;
  }

  overrideValues(values: ValueOverrides | null): void {
    this.overrides = values ? { ...values } : {};
  }

  // ---- connection

  scan(): Promise<Advertisement> {
    return this.attempt(() => {
      this.requireBluetooth();
      if (!this.inRange) throw new DeviceError('DEVICE_NOT_FOUND', 'No watch found nearby');
      // Pairing range is 50 cm (spec §9): a watch next to the phone is a strong signal.
      const rssi = -45 - this.signal.int(0, 15);
      return { name: this.name, mac: this.mac, model: this.model, rssi, serviceUuids: this.services.map(uuid128) };
    });
  }

  /** Pairs on first use (binding the watch to `userId`), then connects; refused while bound to another user. */
  connect(userId: string): Promise<WatchInfo> {
    return this.attempt(() => {
      this.requireBluetooth();
      if (!this.inRange) throw new DeviceError('DEVICE_NOT_FOUND', 'No watch found nearby');
      if (this.owner !== null && this.owner !== userId) {
        throw new DeviceError(
          'CONNECTED_BY_ANOTHER_USER',
          'This watch is connected to another user; they must forget it first',
        );
      }
      if (this.currentState !== 'connected') {
        if (!this.paired) {
          this.setState('pairing');
          this.owner = userId;
          this.paired = true;
          this.setState('paired');
        }
        this.setState('connected');
        this.scheduleAuto();
      }
      return this.info();
    });
  }

  disconnect(): Promise<void> {
    return this.attempt(() => {
      if (this.currentState !== 'connected') return;
      this.drop();
      this.setState('disconnected', 'user');
    });
  }

  /** Unbinds the watch from its user (spec: "forget"); another user can pair it afterwards. */
  forget(): Promise<void> {
    return this.attempt(() => {
      this.drop();
      this.owner = null;
      this.paired = false;
      this.currentSettings = { ...DEFAULT_WATCH_SETTINGS };
      this.setState(this.bluetoothOn ? 'unpaired' : 'bluetooth_off', 'forgotten');
    });
  }

  // ---- GATT

  /**
   * Subscribes to notifications of a characteristic (16-bit or 128-bit UUID). The listener gets the value as a
   * DataView, as Web Bluetooth's `characteristicvaluechanged` does. Subscriptions end on disconnect.
   */
  startNotifications(characteristic: number | string, listener: Listener): Promise<() => void> {
    return this.attempt(() => {
      this.requireConnected();
      const uuid = this.supportedCharacteristic(characteristic);
      const set = this.subscriptions.get(uuid) ?? new Set<Listener>();
      set.add(listener);
      this.subscriptions.set(uuid, set);
      return () => {
        this.subscriptions.get(uuid)?.delete(listener);
      };
    });
  }

  /**
   * Takes one measurement on demand (blood pressure is only ever on demand): progress events, then the encoded value
   * is notified to subscribers and returned. One measurement at a time.
   */
  measure(kind: MeasurementKind): Promise<DataView> {
    try {
      this.requireConnected();
      this.supportedCharacteristic(KIND_CHARACTERISTIC[kind]);
      if (this.running)
        throw new DeviceError('MEASUREMENT_IN_PROGRESS', `A ${this.running.kind} measurement is already in progress`);
      if (this.battery < LOW_BATTERY_PERCENT) throw new DeviceError('LOW_BATTERY', 'Battery too low to measure');
    } catch (e) {
      return Promise.reject(e);
    }
    return new Promise<DataView>((resolve, reject) => {
      const steps = 10;
      const running: Running = { kind, timers: [], resolve, reject };
      this.running = running;
      this.addLog(`measurement ${kind} started`);
      this.emit({ type: 'measurement', kind, status: 'testing', progress: 0 });
      for (let i = 1; i <= steps; i++) {
        running.timers.push(
          this.clock.setTimeout(
            () => {
              if (i < steps) {
                this.emit({ type: 'measurement', kind, status: 'testing', progress: i * 10 });
                return;
              }
              this.running = null;
              this.battery = Math.max(0, this.battery - 1);
              const value = this.notifyOne(kind);
              this.addLog(`measurement ${kind} completed`);
              this.emit({ type: 'measurement', kind, status: 'completed', progress: 100 });
              resolve(value);
            },
            (this.measurementMs * i) / steps,
          ),
        );
      }
    });
  }

  /** Stops the running measurement (spec: "stopped"); its promise rejects with MEASUREMENT_STOPPED. */
  stopMeasurement(): void {
    this.endMeasurement('stopped', new DeviceError('MEASUREMENT_STOPPED', 'Measurement stopped'));
  }

  // ---- settings and tools of the device settings screen (spec §2)

  updateSettings(patch: Partial<WatchSettings>): WatchSettings {
    this.requireConnected();
    const next = { ...this.currentSettings, ...patch };
    if (!BRIGHT_SCREEN_SECONDS.includes(next.brightScreenSeconds)) {
      throw new DeviceError(
        'INVALID_SETTING',
        `brightScreenSeconds must be one of ${BRIGHT_SCREEN_SECONDS.join(', ')}`,
      );
    }
    if (!Number.isInteger(next.brightness) || next.brightness < BRIGHTNESS_MIN || next.brightness > BRIGHTNESS_MAX) {
      throw new DeviceError(
        'INVALID_SETTING',
        `brightness must be an integer from ${BRIGHTNESS_MIN} to ${BRIGHTNESS_MAX}`,
      );
    }
    if (!WRIST_SENSITIVITIES.includes(next.wristSensitivity))
      throw new DeviceError('INVALID_SETTING', 'Unknown wrist sensitivity');
    this.currentSettings = next;
    this.addLog(`settings ${Object.keys(patch).join(',')}`);
    this.emit({ type: 'settings', settings: this.settings });
    return this.settings;
  }

  /** Clears the device data (settings back to defaults, log, stopwatch, countdown); pairing stays. */
  clearData(): void {
    this.requireConnected();
    if (this.running) throw new DeviceError('MEASUREMENT_IN_PROGRESS', 'Cannot clear data while measuring');
    this.currentSettings = { ...DEFAULT_WATCH_SETTINGS };
    this.resetStopwatch();
    this.cancelCountdown();
    this.countdownMs = 60_000;
    this.log = [];
    this.addLog('data cleared');
    this.emit({ type: 'settings', settings: this.settings });
  }

  /** The device event log as text (connection, settings and measurement events; never measured values). */
  exportLog(): string {
    this.requireConnected();
    return this.log.join('\n');
  }

  startStopwatch(): void {
    if (this.stopwatchStartedAt === null) this.stopwatchStartedAt = this.clock.now();
  }
  stopStopwatch(): void {
    if (this.stopwatchStartedAt === null) return;
    this.stopwatchAccumulated += this.clock.now() - this.stopwatchStartedAt;
    this.stopwatchStartedAt = null;
  }
  resetStopwatch(): void {
    this.stopwatchStartedAt = null;
    this.stopwatchAccumulated = 0;
  }
  get stopwatchMs(): number {
    return (
      this.stopwatchAccumulated + (this.stopwatchStartedAt === null ? 0 : this.clock.now() - this.stopwatchStartedAt)
    );
  }

  setCountdown(seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > COUNTDOWN_MAX_SECONDS) {
      throw new DeviceError('INVALID_SETTING', `Countdown must be 1 to ${COUNTDOWN_MAX_SECONDS} seconds`);
    }
    this.cancelCountdown();
    this.countdownMs = seconds * 1000;
  }
  get countdownRemainingMs(): number {
    return this.countdownEndsAt === null ? this.countdownMs : Math.max(0, this.countdownEndsAt - this.clock.now());
  }
  get countdownRunning(): boolean {
    return this.countdownEndsAt !== null;
  }

  startCountdown(): void {
    if (this.countdownEndsAt !== null) return;
    this.countdownEndsAt = this.clock.now() + this.countdownMs;
    this.countdownTimer = this.clock.setTimeout(() => {
      this.countdownTimer = null;
      this.countdownEndsAt = null;
      this.emit({ type: 'countdown_done' });
    }, this.countdownMs);
    this.emit({ type: 'countdown', running: true, remainingMs: this.countdownMs });
  }
  /** Pauses the countdown, keeping the remaining time. */
  stopCountdown(): void {
    if (this.countdownEndsAt === null) return;
    this.countdownMs = this.countdownRemainingMs;
    this.cancelCountdown();
    this.emit({ type: 'countdown', running: false, remainingMs: this.countdownMs });
  }

  /** The physical button: a press of 3 s or more starts or stops the countdown (spec §9); shorter presses do nothing here. */
  pressButton(durationMs: number): void {
    if (durationMs < COUNTDOWN_PRESS_MS) return;
    if (this.countdownRunning) this.stopCountdown();
    else this.startCountdown();
  }

  /** Installs a firmware or watch-face package sent by the app (firmware-sim.ts); connected, not measuring. */
  installPackage(pkg: PackageToInstall, onProgress?: (p: InstallProgress) => void): Promise<InstallResult> {
    try {
      this.requireConnected();
      if (this.running)
        throw new DeviceError('MEASUREMENT_IN_PROGRESS', `A ${this.running.kind} measurement is in progress`);
      if (this.battery < LOW_BATTERY_PERCENT) throw new DeviceError('LOW_BATTERY', 'Battery too low to upgrade');
    } catch (e) {
      return Promise.reject(e);
    }
    this.addLog('package transfer started');
    return this.firmware.install(pkg, onProgress).then(
      (r) => {
        this.addLog(`${r.kind} ${r.version} applied`);
        return r;
      },
      (e: unknown) => {
        this.addLog('package rejected');
        throw e;
      },
    );
  }

  // ---- internals

  private info(): WatchInfo {
    return {
      name: this.name,
      mac: this.mac,
      serialNumber: this.serialNumber,
      model: this.model,
      firmwareVersion: this.firmwareVersion,
      batteryLevel: this.battery,
    };
  }

  /** Runs a synchronous step as a promise, so callers handle a simulated and a real (async) device alike. */
  private attempt<T>(fn: () => T): Promise<T> {
    try {
      return Promise.resolve(fn());
    } catch (e) {
      return Promise.reject(e);
    }
  }

  private requireBluetooth(): void {
    if (!this.bluetoothOn) throw new DeviceError('BLUETOOTH_OFF', 'Bluetooth is off');
  }

  private requireConnected(): void {
    this.requireBluetooth();
    if (this.currentState !== 'connected') throw new DeviceError('NOT_CONNECTED', 'The watch is not connected');
  }

  private supportedCharacteristic(characteristic: number | string): number {
    const uuid = shortUuid(characteristic);
    const service = uuid === null ? undefined : CHARACTERISTIC_SERVICE.get(uuid);
    if (uuid === null || service === undefined || !this.services.includes(service)) {
      throw new DeviceError('NOT_SUPPORTED', `${this.model} does not offer characteristic ${String(characteristic)}`);
    }
    return uuid;
  }

  private setState(state: WatchState, reason?: DisconnectReason): void {
    if (state === this.currentState) return;
    this.currentState = state;
    this.addLog(`state ${state}${reason ? ` (${reason})` : ''}`);
    this.emit(reason ? { type: 'state', state, reason } : { type: 'state', state });
  }

  /** Ends everything tied to a live connection: auto-measure, running measurement, notification subscriptions. */
  private drop(): void {
    this.firmware.abort();
    if (this.autoTimer) this.clock.clearTimeout(this.autoTimer);
    this.autoTimer = null;
    this.endMeasurement('failed', new DeviceError('MEASUREMENT_FAILED', 'Connection lost during the measurement'));
    this.subscriptions.clear();
  }

  private endMeasurement(status: 'stopped' | 'failed', error: DeviceError): void {
    const running = this.running;
    if (!running) return;
    this.running = null;
    for (const t of running.timers) this.clock.clearTimeout(t);
    this.addLog(`measurement ${running.kind} ${status}`);
    this.emit({ type: 'measurement', kind: running.kind, status, progress: 0 });
    running.reject(error);
  }

  private scheduleAuto(): void {
    if (this.autoTimer) this.clock.clearTimeout(this.autoTimer);
    this.autoTimer = this.clock.setTimeout(() => {
      this.autoTimer = null;
      // An on-demand measurement uses the sensor: the automatic one waits for the next period.
      if (!this.running) {
        if (this.currentSettings.autoMeasureHeartRate) {
          this.notifyOne('heart_rate');
          if (this.onWrist) this.notifyOne('spo2');
        }
        if (this.currentSettings.autoMeasureTemperature && this.onWrist) this.notifyOne('temperature');
      }
      if (this.currentState === 'connected') this.scheduleAuto();
    }, this.autoMeasureIntervalMs);
  }

  /** Generates, encodes and notifies one value of `kind`; returns it. */
  private notifyOne(kind: MeasurementKind): DataView {
    const bytes = this.encode(kind);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (const listener of [...(this.subscriptions.get(KIND_CHARACTERISTIC[kind]) ?? [])]) listener(view);
    return view;
  }

  private encode(kind: MeasurementKind): Uint8Array {
    const o = this.overrides;
    const timestamp = dateToDateTime(new Date(this.clock.now()), this.utcOffsetMinutes);
    switch (kind) {
      case 'heart_rate': {
        this.hr = clamp(this.hr + this.random.int(-4, 4), 55, 110);
        // Off the wrist the sensor sees no pulse: 0 bpm, contact not detected (what real straps send).
        if (!this.onWrist) return encodeHeartRateMeasurement({ heartRate: 0, sensorContact: 'not_detected' });
        const hr = o.heartRate ?? this.hr;
        return encodeHeartRateMeasurement({
          heartRate: hr,
          sensorContact: 'detected',
          rrIntervalsMs: hr > 0 ? [60_000 / hr] : [],
        });
      }
      case 'spo2': {
        this.spo2 = clamp(this.spo2 + this.random.int(-1, 1), 95, 99);
        return encodePlxContinuous({ spo2: o.spo2 ?? this.spo2, pulseRate: o.heartRate ?? this.hr });
      }
      case 'temperature': {
        this.temp = clamp(Math.round((this.temp + this.random.between(-0.2, 0.2)) * 10) / 10, 36.2, 37.2);
        return encodeTemperatureMeasurement({
          temperature: o.temperature ?? this.temp,
          timestamp,
          temperatureType: 'body',
        });
      }
      case 'blood_pressure': {
        const systolic = o.systolic ?? this.random.int(108, 132);
        const diastolic = o.diastolic ?? this.random.int(66, 84);
        return encodeBloodPressureMeasurement({ systolic, diastolic, timestamp, pulseRate: o.heartRate ?? this.hr });
      }
    }
  }

  private addLog(line: string): void {
    this.log.push(`${new Date(this.clock.now()).toISOString()} ${line}`);
  }

  private emit(e: WatchEvent): void {
    for (const l of [...this.eventListeners]) l(e);
  }

  private cancelCountdown(): void {
    if (this.countdownTimer) this.clock.clearTimeout(this.countdownTimer);
    this.countdownTimer = null;
    this.countdownEndsAt = null;
  }
}
