import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  readPackageHeader,
  type TFirmwareListQuery,
  type TFirmwareModel,
  type TFirmwarePackage,
  type TFirmwareKind,
  type TFirmwarePackageList,
  type TFirmwareUploadForm,
  type TWatchPackages,
} from '@carewatch/contracts/firmware';
import { personName } from '@carewatch/contracts/names';
import type { AuthedCtx } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { newFileKey } from '../../platform/file-store.ts';
import { newId } from '../../platform/ids.ts';
import * as repo from './firmware.repo.ts';

/*
 * Watch firmware and watch faces (issue 21). Per tenant: a tenant's staff upload the packages its patients' watches
 * take, and mark one per model and kind as current; the app offers the current firmware and lists the faces. The
 * server checks that an upload is a package whose header names the model, kind and version of the form; the payload
 * itself is checked by the watch (its CRC in the header, and the SHA-256 the server computed here over the bytes).
 */

function toPackage(r: repo.FirmwareRow, language: string): TFirmwarePackage {
  return {
    id: r.id,
    model: r.model as TFirmwareModel,
    kind: r.kind as TFirmwareKind,
    version: r.version,
    name: r.name || r.version,
    notes: r.notes,
    sizeBytes: Number(r.size_bytes),
    sha256: r.sha256,
    isCurrent: r.is_current,
    uploadedAt: new Date(r.created_at).toISOString(),
    uploadedBy:
      r.uploader_first !== null
        ? personName({ firstName: r.uploader_first, lastName: r.uploader_last ?? '' }, language)
        : null,
  };
}

export async function listPackages(ctx: AuthedCtx, query: TFirmwareListQuery): Promise<TFirmwarePackageList> {
  const rows = await repo.listPackages(ctx.db, ctx.auth.tenantId, query);
  return { items: rows.map((r) => toPackage(r, ctx.auth.language)) };
}

export async function uploadPackage(
  ctx: AuthedCtx,
  form: TFirmwareUploadForm,
  file: { name: string; data: Buffer } | null,
): Promise<TFirmwarePackage> {
  if (!file) throw new AppError('VALIDATION_ERROR', { field: 'file', rule: 'required' }, 'Required');
  const header = readPackageHeader(file.data);
  if (!header) throw fieldError('INVALID_FILE_TYPE', 'file', 'file_type');
  if (header.model !== form.model || header.kind !== form.kind || header.version !== form.version)
    throw new AppError(
      'VALIDATION_ERROR',
      { field: 'file', rule: 'package_mismatch' },
      `The package is ${header.model} ${header.kind} ${header.version}, not what the form says`,
    );
  const t = ctx.auth.tenantId;
  if (await repo.versionTaken(ctx.db, t, form.model, form.kind, form.version))
    throw fieldError('FIRMWARE_VERSION_EXISTS', 'version');
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  const { key } = await ctx.files.put(newFileKey('firmware', t, 'bin'), file.data, {
    contentType: 'application/octet-stream',
  });
  const id = newId();
  try {
    await repo.insertPackage(ctx.db, t, {
      id,
      model: form.model,
      kind: form.kind,
      version: form.version,
      name: form.name,
      notes: form.notes,
      fileKey: key,
      sizeBytes: file.data.length,
      sha256,
      uploadedBy: ctx.auth.userId,
      at: ctx.clock.now(),
    });
  } catch (e) {
    await ctx.files.remove(key).catch(() => undefined);
    if ((e as { code?: string }).code === '23505') throw fieldError('FIRMWARE_VERSION_EXISTS', 'version');
    throw e;
  }
  await audit(ctx, { action: 'firmware.upload', resource: 'firmware', resourceId: id });
  return requirePackage(ctx, id);
}

async function requirePackage(ctx: AuthedCtx, id: string): Promise<TFirmwarePackage> {
  const row = await repo.findPackage(ctx.db, ctx.auth.tenantId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toPackage(row, ctx.auth.language);
}

export async function markCurrent(ctx: AuthedCtx, id: string): Promise<TFirmwarePackage> {
  const t = ctx.auth.tenantId;
  await ctx.db.tx(async (db) => {
    const row = await repo.findPackage(db, t, id);
    if (!row) throw new AppError('NOT_FOUND');
    await repo.setCurrent(db, t, id, row.model, row.kind);
  });
  await audit(ctx, { action: 'firmware.current', resource: 'firmware', resourceId: id });
  return requirePackage(ctx, id);
}

/** For the app: the current firmware of the watch's model (null when none) and every watch face of that model. */
export async function watchPackages(ctx: AuthedCtx, model: TFirmwareModel): Promise<TWatchPackages> {
  const rows = await repo.listPackages(ctx.db, ctx.auth.tenantId, { model });
  const firmware = rows.find((r) => r.kind === 'firmware' && r.is_current) ?? null;
  return {
    firmware: firmware ? toPackage(firmware, ctx.auth.language) : null,
    faces: rows.filter((r) => r.kind === 'watch_face').map((r) => toPackage(r, ctx.auth.language)),
  };
}

export type PackageFile = { stream: Readable; size: number; name: string; sha256: string };

/** A package's bytes, streamed from the file store (another tenant's id answers 404 like a missing one). */
export async function readPackageFile(ctx: AuthedCtx, id: string): Promise<PackageFile> {
  const row = await repo.findPackage(ctx.db, ctx.auth.tenantId, id);
  const f = row ? await ctx.files.open(row.file_key) : null;
  if (!row || !f) throw new AppError('NOT_FOUND');
  return {
    stream: f.stream,
    size: f.size,
    name: `${row.model}-${row.kind === 'firmware' ? 'firmware' : 'face'}-${row.version}.cwpk`.replace(/[^\w.-]/g, '_'),
    sha256: row.sha256,
  };
}
