import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, validationError } from '../../../platform/errors.ts';

/**
 * Reads a multipart form with text fields and at most one file (field `file`); the fields are
 * validated with the contract schema (400 naming the field), the file is returned as bytes.
 */
export async function readForm<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
  maxFileBytes: number,
): Promise<{ fields: z.infer<S>; file: Buffer | null }> {
  const raw: Record<string, string> = {};
  let file: Buffer | null = null;
  for await (const part of req.parts({ limits: { fileSize: maxFileBytes + 1 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
        throw e;
      });
      if (part.fieldname === 'file' && data.length > 0) file = data;
    } else if (typeof part.value === 'string') {
      raw[part.fieldname] = part.value;
    }
  }
  if (file && file.length > maxFileBytes) throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  return { fields: parsed.data, file };
}

/** Reads the single file of a multipart upload (field `file`), or null. */
export async function readFile(req: FastifyRequest, maxFileBytes: number): Promise<Buffer | null> {
  const part = await req.file({ limits: { fileSize: maxFileBytes + 1 } });
  if (!part) return null;
  return part.toBuffer().catch((e: { code?: string }) => {
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
    throw e;
  });
}
