import {
  crc32,
  PACKAGE_HEADER_BYTES,
  readPackageHeader,
  type TFirmwareKind,
  type TPackageHeader,
} from '@carewatch/contracts/firmware';
import type { Clock, TimerHandle } from './clock.ts';

/**
 * The firmware side of the simulated GT2/GT5 watch (issue 21; spec §1 "Firmware update", §2 watch-face and firmware
 * update screens, §8 "Firmware or UI upgrade failed"). The watch takes a package (format in contracts/firmware.ts)
 * in chunks as it would over Bluetooth, reporting progress; once all bytes are in it checks their SHA-256 against the
 * one it was given, then the package's header (magic, model) and its payload (length and CRC-32). Only then does it
 * apply it: a firmware package becomes its version, a watch-face package its face. Any failure keeps what it had.
 * Pure TypeScript on an injectable clock, like the rest of the simulator.
 */

export type FirmwareErrorCode =
  /** A package is already being installed. */
  | 'UPGRADE_IN_PROGRESS'
  /** The bytes received are not the ones announced (SHA-256 differs). */
  | 'HASH_MISMATCH'
  /** Not a package, or its payload does not match its header (length, CRC-32). */
  | 'BAD_PACKAGE'
  /** A package for another watch model. */
  | 'WRONG_MODEL'
  /** The transfer stopped (the connection was lost). */
  | 'TRANSFER_ABORTED';

export class FirmwareError extends Error {
  override readonly name = 'FirmwareError';
  readonly code: FirmwareErrorCode;
  constructor(code: FirmwareErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export type InstallPhase = 'transferring' | 'verifying' | 'applying' | 'done';
export type InstallProgress = { phase: InstallPhase; percent: number; sentBytes: number; totalBytes: number };
export type InstallResult = { kind: TFirmwareKind; version: string };
export type PackageToInstall = { bytes: Uint8Array; sha256: string };

/** Bytes per write: what a Bluetooth DFU transfer sends at a time (the simulator's choice, the spec names none). */
export const FIRMWARE_CHUNK_BYTES = 2048;

export type WatchFirmwareOptions = {
  model: string;
  version: string;
  clock: Clock;
  chunkBytes?: number;
  /** Time per chunk on the air. */
  chunkMs?: number;
  /** Time the watch takes to apply a verified package (reboot). */
  applyMs?: number;
};

/** SHA-256 of `bytes`, lower-case hex (Web Crypto: browsers in a secure context, Node 20). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  // A copy on a plain ArrayBuffer (Web Crypto refuses views of a SharedArrayBuffer).
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new Uint8Array(bytes));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The header of a package the watch of `model` may apply; throws FirmwareError otherwise. */
export function checkPackage(bytes: Uint8Array, model: string): TPackageHeader {
  const header = readPackageHeader(bytes);
  if (!header) throw new FirmwareError('BAD_PACKAGE', 'Not a watch package');
  if (header.model !== model) throw new FirmwareError('WRONG_MODEL', `A package for ${header.model}, not ${model}`);
  const payload = bytes.subarray(PACKAGE_HEADER_BYTES);
  if (payload.length !== header.payloadLength || crc32(payload) !== header.payloadCrc32)
    throw new FirmwareError('BAD_PACKAGE', 'The package is corrupted');
  return header;
}

export class WatchFirmware {
  readonly model: string;
  private currentVersion: string;
  private currentFace: string | null = null;
  private readonly clock: Clock;
  private readonly chunkBytes: number;
  private readonly chunkMs: number;
  private readonly applyMs: number;
  private busy = false;
  private aborted = false;
  private waiting: { timer: TimerHandle; reject: (e: FirmwareError) => void } | null = null;

  constructor(opts: WatchFirmwareOptions) {
    this.model = opts.model;
    this.currentVersion = opts.version;
    this.clock = opts.clock;
    this.chunkBytes = Math.max(1, opts.chunkBytes ?? FIRMWARE_CHUNK_BYTES);
    this.chunkMs = Math.max(0, opts.chunkMs ?? 40);
    this.applyMs = Math.max(0, opts.applyMs ?? 500);
  }

  get version(): string {
    return this.currentVersion;
  }
  /** The applied watch face (its package version), or null for the built-in one. */
  get face(): string | null {
    return this.currentFace;
  }
  get installing(): boolean {
    return this.busy;
  }

  /** What the watch had before the app restarted (the simulator keeps nothing itself). */
  restore(state: { version?: string | null; face?: string | null }): void {
    if (this.busy) return;
    if (state.version) this.currentVersion = state.version;
    if (state.face !== undefined) this.currentFace = state.face;
  }

  /**
   * Receives, verifies and applies a package; `onProgress` hears every chunk, then verifying, applying and done. A
   * failure rejects with FirmwareError and keeps the version and face the watch had.
   */
  async install(pkg: PackageToInstall, onProgress?: (p: InstallProgress) => void): Promise<InstallResult> {
    if (this.busy) throw new FirmwareError('UPGRADE_IN_PROGRESS', 'An upgrade is already in progress');
    this.busy = true;
    this.aborted = false;
    const total = pkg.bytes.length;
    const report = (phase: InstallPhase, percent: number, sentBytes: number) =>
      onProgress?.({ phase, percent, sentBytes, totalBytes: total });
    try {
      report('transferring', 0, 0);
      let sent = 0;
      while (sent < total) {
        await this.wait(this.chunkMs);
        if (this.aborted) throw new FirmwareError('TRANSFER_ABORTED', 'The connection was lost during the upgrade');
        sent = Math.min(total, sent + this.chunkBytes);
        // The transfer is 90% of the bar; verifying and applying the rest.
        report('transferring', Math.floor((sent / total) * 90), sent);
      }
      report('verifying', 92, total);
      if ((await sha256Hex(pkg.bytes)) !== pkg.sha256.toLowerCase())
        throw new FirmwareError('HASH_MISMATCH', 'The package received does not match its SHA-256');
      const header = checkPackage(pkg.bytes, this.model);
      report('applying', 95, total);
      await this.wait(this.applyMs);
      if (this.aborted) throw new FirmwareError('TRANSFER_ABORTED', 'The connection was lost during the upgrade');
      if (header.kind === 'firmware') this.currentVersion = header.version;
      else this.currentFace = header.version;
      report('done', 100, total);
      return { kind: header.kind, version: header.version };
    } finally {
      this.busy = false;
      this.aborted = false;
      this.waiting = null;
    }
  }

  /** Stops a transfer (the connection dropped): the install rejects with TRANSFER_ABORTED, nothing is applied. */
  abort(): void {
    if (!this.busy) return;
    this.aborted = true;
    const w = this.waiting;
    if (!w) return;
    this.waiting = null;
    this.clock.clearTimeout(w.timer);
    w.reject(new FirmwareError('TRANSFER_ABORTED', 'The connection was lost during the upgrade'));
  }

  private wait(ms: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = this.clock.setTimeout(() => {
        this.waiting = null;
        resolve();
      }, ms);
      this.waiting = { timer, reject };
    });
  }
}
