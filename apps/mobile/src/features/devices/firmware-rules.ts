import type { TFirmwarePackage } from '@carewatch/contracts/firmware';

/*
 * Rules of the firmware and watch-face screens (issue 21), pure: comparing versions, deciding whether to offer an
 * update, and naming an install failure for the §8 message.
 */

type Version = { parts: [number, number, number]; tag: string | null };

/** `5.2.0`, `5.1.0-sim` → numbers and tag; null when it is not such a version. */
export function parseVersion(v: string | null | undefined): Version | null {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.]+))?$/.exec((v ?? '').trim());
  if (!m) return null;
  return { parts: [Number(m[1]), Number(m[2]), Number(m[3])], tag: m[4] ?? null };
}

/**
 * -1, 0 or 1 as `a` is older than, the same as, or newer than `b`. A tagged version comes before the same version
 * untagged (`5.1.0-sim` < `5.1.0`, as in semver); tags compare as text. A version that does not parse is the oldest.
 */
export function compareVersions(a: string | null | undefined, b: string | null | undefined): -1 | 0 | 1 {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) return x ? 1 : y ? -1 : 0;
  for (let i = 0; i < 3; i++) {
    if (x.parts[i]! !== y.parts[i]!) return x.parts[i]! < y.parts[i]! ? -1 : 1;
  }
  if (x.tag === y.tag) return 0;
  if (x.tag === null) return 1;
  if (y.tag === null) return -1;
  return x.tag < y.tag ? -1 : 1;
}

/** The current firmware package when it is newer than what the watch runs; null otherwise (nothing to offer). */
export function updateOffer(watchVersion: string | null, current: TFirmwarePackage | null): TFirmwarePackage | null {
  if (!current || current.kind !== 'firmware') return null;
  return compareVersions(current.version, watchVersion) > 0 ? current : null;
}

/** The watch face the watch shows, among the faces offered (by package version); null for its built-in face. */
export function appliedFace(
  faces: readonly TFirmwarePackage[],
  face: string | null | undefined,
): TFirmwarePackage | null {
  return face ? (faces.find((f) => f.version === face) ?? null) : null;
}

export const INSTALL_ERROR_CODES = [
  'HASH_MISMATCH',
  'BAD_PACKAGE',
  'WRONG_MODEL',
  'TRANSFER_ABORTED',
  'UPGRADE_IN_PROGRESS',
  'LOW_BATTERY',
  'MEASUREMENT_IN_PROGRESS',
  'NOT_CONNECTED',
  'DOWNLOAD_FAILED',
  'UNKNOWN',
] as const;
export type InstallErrorCode = (typeof INSTALL_ERROR_CODES)[number];

/** The reason shown under "Firmware or UI upgrade failed" for an error of the watch, the adapter or the download. */
export function installErrorCode(e: unknown): InstallErrorCode {
  const code = e && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : '';
  if (code === 'BLUETOOTH_OFF' || code === 'BLUETOOTH_LOST') return 'TRANSFER_ABORTED';
  return (INSTALL_ERROR_CODES as readonly string[]).includes(code) ? (code as InstallErrorCode) : 'UNKNOWN';
}

/** The catalogue key of an install phase's label. */
export function phaseKey(phase: 'downloading' | 'transferring' | 'verifying' | 'applying' | 'done'): string {
  return phase === 'done' ? 'firmware.applying' : `firmware.${phase}`;
}
