import fs from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from './ids.ts';

export type ImageKind = 'png' | 'jpeg';

/** File type by content, never by name or declared type. */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  return null;
}

/** Stores bytes under DATA_DIR/files/<area>/<tenant>/<random name>; returns the relative path. */
export async function storeFile(dataDir: string, area: string, tenantId: string, ext: string, data: Buffer): Promise<string> {
  const rel = path.join('files', area, tenantId, `${randomToken(18)}.${ext}`);
  const abs = path.join(dataDir, rel);
  await fs.mkdir(path.dirname(abs), { recursive: true });
  await fs.writeFile(abs, data);
  return rel;
}

export async function readStoredFile(dataDir: string, rel: string): Promise<Buffer | null> {
  const abs = path.resolve(dataDir, rel);
  if (!abs.startsWith(path.resolve(dataDir) + path.sep)) return null;
  try {
    return await fs.readFile(abs);
  } catch {
    return null;
  }
}

export async function removeStoredFile(dataDir: string, rel: string): Promise<void> {
  const abs = path.resolve(dataDir, rel);
  if (!abs.startsWith(path.resolve(dataDir) + path.sep)) return;
  await fs.rm(abs, { force: true });
}
