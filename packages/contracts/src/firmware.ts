import { z } from 'zod';
import { ZId, ZIsoDateTime } from './common.ts';

/*
 * Watch firmware and watch faces (issue 21; spec §1 "Firmware update", §2 Devices → watch-face and firmware update,
 * §8 "Firmware or UI upgrade failed"). Staff of a tenant upload packages per watch model, kind and version and mark
 * one of each model and kind as current; the patient app offers the current firmware when it is newer than the
 * paired watch's, and lists the watch faces of the watch's model.
 * Staff: `POST|GET /api/account/firmware`, `POST /api/account/firmware/{id}/current`, `GET /api/account/firmware/{id}/file`.
 * App: `GET /api/account/me/firmware?model=GT5`, `GET /api/account/me/firmware/{id}/file`.
 */

/** The Bluetooth watches of DEVICE_MODELS that take packages from the app (the cellular devices update themselves). */
export const FIRMWARE_MODELS = ['GT2', 'GT5'] as const;
export const ZFirmwareModel = z.enum(FIRMWARE_MODELS, 'Unsupported device type');
export type TFirmwareModel = z.infer<typeof ZFirmwareModel>;

export const FIRMWARE_KINDS = ['firmware', 'watch_face'] as const;
export const ZFirmwareKind = z.enum(FIRMWARE_KINDS, 'Kind must be firmware or watch_face');
export type TFirmwareKind = z.infer<typeof ZFirmwareKind>;

/** major.minor.patch with an optional tag (`5.2.0`, `5.2.0-beta.1`): what the watches report. */
export const FIRMWARE_VERSION_RE = /^\d{1,4}\.\d{1,4}\.\d{1,4}(-[0-9A-Za-z.]{1,16})?$/;
export const ZFirmwareVersion = z
  .string()
  .trim()
  .regex(FIRMWARE_VERSION_RE, 'Version must look like 1.2.3 (optionally 1.2.3-tag)');
/** A package is sent to the watch over Bluetooth: a few MB at most. */
export const FIRMWARE_MAX_BYTES = 8 * 1024 * 1024;

/** The multipart text fields of an upload (the `file` part beside them). */
export const ZFirmwareUploadForm = z.object({
  model: ZFirmwareModel,
  kind: ZFirmwareKind,
  version: ZFirmwareVersion,
  /** Shown in the app's list of watch faces; defaults to the version. */
  name: z.string().trim().max(60).optional().default(''),
  notes: z.string().trim().max(500).optional().default(''),
});
export type TFirmwareUploadForm = z.infer<typeof ZFirmwareUploadForm>;

export const ZFirmwarePackage = z.object({
  id: ZId,
  model: ZFirmwareModel,
  kind: ZFirmwareKind,
  version: z.string(),
  name: z.string(),
  notes: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** SHA-256 of the package's bytes, lower-case hex: the watch checks it before applying. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  isCurrent: z.boolean(),
  uploadedAt: ZIsoDateTime,
  uploadedBy: z.string().nullable(),
});
export type TFirmwarePackage = z.infer<typeof ZFirmwarePackage>;
export const ZFirmwarePackageList = z.object({ items: z.array(ZFirmwarePackage) });
export type TFirmwarePackageList = z.infer<typeof ZFirmwarePackageList>;

export const ZFirmwareListQuery = z.object({ model: ZFirmwareModel.optional(), kind: ZFirmwareKind.optional() });
export type TFirmwareListQuery = z.infer<typeof ZFirmwareListQuery>;
export const ZFirmwareAppQuery = z.object({ model: ZFirmwareModel });

/** What the app needs for a paired watch: the current firmware of its model, and its model's watch faces. */
export const ZWatchPackages = z.object({
  firmware: ZFirmwarePackage.nullable(),
  faces: z.array(ZFirmwarePackage),
});
export type TWatchPackages = z.infer<typeof ZWatchPackages>;

/*
 * The package format the watches take (defined here: the server checks an upload's header, the simulated watch
 * checks all of it). Big-endian, a 46-byte header then the payload:
 *   0  'CWPK'            magic
 *   4  1                 format version
 *   5  1 | 2             kind: firmware | watch face
 *   6  model             8 bytes ASCII, zero-padded
 *  14  version           24 bytes ASCII, zero-padded
 *  38  payload length    uint32
 *  42  payload CRC-32    uint32 (IEEE)
 *  46  payload
 */
export const PACKAGE_MAGIC = 'CWPK';
export const PACKAGE_FORMAT = 1;
export const PACKAGE_HEADER_BYTES = 46;
const KIND_BYTE: Record<TFirmwareKind, number> = { firmware: 1, watch_face: 2 };

export type TPackageHeader = {
  kind: TFirmwareKind;
  model: string;
  version: string;
  payloadLength: number;
  payloadCrc32: number;
};

const ascii = (b: Uint8Array, from: number, len: number): string | null => {
  let s = '';
  for (let i = from; i < from + len; i++) {
    const c = b[i]!;
    if (c === 0) break;
    if (c < 0x20 || c > 0x7e) return null;
    s += String.fromCharCode(c);
  }
  return s;
};

/** The header of a package, or null when `bytes` do not start with one (the payload is not checked here). */
export function readPackageHeader(bytes: Uint8Array): TPackageHeader | null {
  if (bytes.length < PACKAGE_HEADER_BYTES) return null;
  if (ascii(bytes, 0, 4) !== PACKAGE_MAGIC || bytes[4] !== PACKAGE_FORMAT) return null;
  const kind = bytes[5] === 1 ? 'firmware' : bytes[5] === 2 ? 'watch_face' : null;
  const model = ascii(bytes, 6, 8);
  const version = ascii(bytes, 14, 24);
  if (!kind || !model || !version) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { kind, model, version, payloadLength: view.getUint32(38), payloadCrc32: view.getUint32(42) };
}

let crcTable: Uint32Array | null = null;
/** CRC-32 (IEEE 802.3), as zip and PNG use. */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = crcTable[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Builds a package (tests, demo data, and the portal's e2e build theirs this way). */
export function encodePackage(header: { kind: TFirmwareKind; model: string; version: string }, payload: Uint8Array) {
  const out = new Uint8Array(PACKAGE_HEADER_BYTES + payload.length);
  const put = (s: string, at: number, len: number) => {
    for (let i = 0; i < Math.min(s.length, len); i++) out[at + i] = s.charCodeAt(i) & 0x7f;
  };
  put(PACKAGE_MAGIC, 0, 4);
  out[4] = PACKAGE_FORMAT;
  out[5] = KIND_BYTE[header.kind];
  put(header.model, 6, 8);
  put(header.version, 14, 24);
  const view = new DataView(out.buffer);
  view.setUint32(38, payload.length);
  view.setUint32(42, crc32(payload));
  out.set(payload, PACKAGE_HEADER_BYTES);
  return out;
}
