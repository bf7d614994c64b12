import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LOGO_MAX_BYTES } from '@carewatch/contracts/centers';
import { AppError, validationError } from '../../../platform/errors.ts';

const LIST_FIELDS = new Set(['supportAdminIds', 'specialties']);

/**
 * Reads a multipart health-center form: text fields (repeated fields and JSON arrays give lists) and an optional
 * image part (`logo`, or `file`). An oversize image is a 400 naming the field, never a 500.
 */
export async function readCenterForm<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
): Promise<{ input: z.infer<S>; logo: Buffer | null }> {
  const fields: Record<string, string | string[]> = {};
  const counts: Record<string, number> = {};
  let logo: Buffer | null = null;
  let logoField = 'logo';
  for await (const part of req.parts({ limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 200 } })) {
    if (part.type === 'file') {
      logoField = part.fieldname;
      logo = await part.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('IMAGE_UPLOAD_FAILED', { field: part.fieldname, rule: 'max_5mb' });
        throw e;
      });
      if (logo.length === 0 && !part.filename) logo = null;
      continue;
    }
    const name = part.fieldname;
    const value = typeof part.value === 'string' ? part.value : String(part.value);
    counts[name] = (counts[name] ?? 0) + 1;
    if (LIST_FIELDS.has(name)) {
      const items = value.trim().startsWith('[') ? parseList(value, name) : [value];
      const prev = fields[name];
      fields[name] = [...(Array.isArray(prev) ? prev : prev !== undefined ? [prev] : []), ...items];
    } else {
      fields[name] = value;
    }
  }
  if ((counts.mainAdminId ?? 0) > 1) throw new AppError('CENTER_MAIN_ADMIN_MAX', { field: 'mainAdminId' });
  if (logo && logoField !== 'logo' && logoField !== 'file')
    throw new AppError(
      'VALIDATION_ERROR',
      { field: logoField, rule: 'unknown_file_field' },
      `${logoField}: unknown file field`,
    );
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  return { input: parsed.data, logo };
}

function parseList(value: string, field: string): string[] {
  try {
    const v: unknown = JSON.parse(value);
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v;
  } catch {
    /* fall through */
  }
  throw new AppError('VALIDATION_ERROR', { field, rule: 'invalid_list' }, `${field}: Invalid list`);
}
