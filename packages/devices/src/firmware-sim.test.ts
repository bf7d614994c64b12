import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodePackage } from '@carewatch/contracts/firmware';
import { ManualClock } from './clock.ts';
import { checkPackage, FirmwareError, sha256Hex, WatchFirmware, type InstallProgress } from './firmware-sim.ts';
import { DeviceError, SimulatedWatch } from './simulated-watch.ts';

const payload = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 0xff);
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const gt5Firmware = (version: string, n = 5000) =>
  encodePackage({ model: 'GT5', kind: 'firmware', version }, payload(n));

/** Runs the manual clock until `p` settles (the install awaits timers and Web Crypto in turn). */
async function settle<T>(clock: ManualClock, p: Promise<T>): Promise<T> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 1000 && !done; i++) {
    clock.advance(50);
    await new Promise((r) => setTimeout(r, 0));
  }
  return p;
}
async function failure(clock: ManualClock, p: Promise<unknown>): Promise<string> {
  try {
    await settle(clock, p);
  } catch (e) {
    if (e instanceof FirmwareError || e instanceof DeviceError) return e.code;
    throw e;
  }
  throw new Error('expected a failure');
}

describe('simulated watch firmware', () => {
  const setup = () => {
    const clock = new ManualClock();
    const fw = new WatchFirmware({ model: 'GT5', version: '5.1.0-sim', clock, chunkBytes: 1000, chunkMs: 100 });
    return { clock, fw };
  };

  it('hashes like node', async () => {
    const b = payload(100);
    expect(await sha256Hex(b)).toBe(sha(b));
  });

  it('receives a package in chunks with progress, verifies it and reports the new version', async () => {
    const { clock, fw } = setup();
    const bytes = gt5Firmware('5.2.0');
    const progress: InstallProgress[] = [];
    const p = fw.install({ bytes, sha256: sha(bytes) }, (e) => progress.push(e));
    expect(fw.installing).toBe(true);
    expect(await settle(clock, p)).toEqual({ kind: 'firmware', version: '5.2.0' });
    expect(fw.version).toBe('5.2.0');
    expect(fw.installing).toBe(false);
    const transfer = progress.filter((e) => e.phase === 'transferring');
    // 5046 bytes in 1000-byte chunks: the start, then six chunks.
    expect(transfer.map((e) => e.sentBytes)).toEqual([0, 1000, 2000, 3000, 4000, 5000, 5046]);
    expect(transfer.map((e) => e.percent)).toEqual([...transfer.map((e) => e.percent)].sort((a, b) => a - b));
    expect(progress.map((e) => e.phase).slice(-3)).toEqual(['verifying', 'applying', 'done']);
    expect(progress.at(-1)!.percent).toBe(100);
  });

  it('a corrupted package fails and keeps the old version', async () => {
    const { clock, fw } = setup();
    const bytes = gt5Firmware('5.3.0');
    bytes[bytes.length - 1]! ^= 0xff; // the payload no longer matches the CRC in its header
    expect(await failure(clock, fw.install({ bytes, sha256: sha(bytes) }))).toBe('BAD_PACKAGE');
    expect(fw.version).toBe('5.1.0-sim');
  });

  it('bytes that are not the announced ones, another model, or not a package are refused', async () => {
    const { clock, fw } = setup();
    const bytes = gt5Firmware('5.3.0');
    expect(await failure(clock, fw.install({ bytes, sha256: sha(payload(3)) }))).toBe('HASH_MISMATCH');
    const gt2 = encodePackage({ model: 'GT2', kind: 'firmware', version: '2.9.0' }, payload(10));
    expect(await failure(clock, fw.install({ bytes: gt2, sha256: sha(gt2) }))).toBe('WRONG_MODEL');
    const junk = payload(200);
    expect(await failure(clock, fw.install({ bytes: junk, sha256: sha(junk) }))).toBe('BAD_PACKAGE');
    expect(fw.version).toBe('5.1.0-sim');
    expect(() => checkPackage(gt5Firmware('5.3.0').subarray(0, 100), 'GT5')).toThrow(FirmwareError);
  });

  it('one install at a time; an abort (connection lost) applies nothing', async () => {
    const { clock, fw } = setup();
    const bytes = gt5Firmware('5.2.0');
    const first = fw.install({ bytes, sha256: sha(bytes) });
    expect(await failure(clock, fw.install({ bytes, sha256: sha(bytes) }))).toBe('UPGRADE_IN_PROGRESS');
    fw.abort();
    expect(await failure(clock, first)).toBe('TRANSFER_ABORTED');
    expect(fw.version).toBe('5.1.0-sim');
  });

  it('a watch-face package changes the face, not the version; restore puts back what the phone remembers', async () => {
    const { clock, fw } = setup();
    const face = encodePackage({ model: 'GT5', kind: 'watch_face', version: '1.0.0' }, payload(300));
    expect(await settle(clock, fw.install({ bytes: face, sha256: sha(face) }))).toEqual({
      kind: 'watch_face',
      version: '1.0.0',
    });
    expect(fw.face).toBe('1.0.0');
    expect(fw.version).toBe('5.1.0-sim');
    fw.restore({ version: '5.2.0', face: null });
    expect([fw.version, fw.face]).toEqual(['5.2.0', null]);
  });

  it('the simulated watch installs only while connected, and reports its new firmware version', async () => {
    const clock = new ManualClock();
    const watch = new SimulatedWatch({ model: 'GT5', seed: 3, clock });
    const bytes = gt5Firmware('5.2.0', 3000);
    expect(await failure(clock, watch.installPackage({ bytes, sha256: sha(bytes) }))).toBe('NOT_CONNECTED');
    await watch.connect('u1');
    expect(watch.firmwareVersion).toBe('5.1.0-sim');
    await settle(clock, watch.installPackage({ bytes, sha256: sha(bytes) }));
    expect(watch.firmwareVersion).toBe('5.2.0');
    expect((await watch.connect('u1')).firmwareVersion).toBe('5.2.0');
    // Disconnecting mid-transfer aborts it.
    const next = gt5Firmware('5.3.0', 300_000);
    const p = watch.installPackage({ bytes: next, sha256: sha(next) });
    clock.advance(100);
    await watch.disconnect();
    expect(await failure(clock, p)).toBe('TRANSFER_ABORTED');
    expect(watch.firmwareVersion).toBe('5.2.0');
  });
});
