import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LOGO_MAX_BYTES } from '@carewatch/contracts/tenants';
import { fieldError, validationError } from '../../../platform/errors.ts';

/**
 * Reads a multipart form with text fields and up to `fileNames.length` PNG logos (each at most 2 MB:
 * a bigger one answers LOGO_TOO_LARGE naming its field), then validates the text fields with the schema.
 */
export async function readLogoForm<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
  fileNames: readonly string[],
): Promise<{ fields: z.infer<S>; files: Record<string, Buffer | null> }> {
  const values: Record<string, string> = {};
  const files: Record<string, Buffer | null> = Object.fromEntries(fileNames.map((n) => [n, null]));
  for await (const part of req.parts({
    limits: { files: fileNames.length, fileSize: LOGO_MAX_BYTES + 1, fields: 20, fieldSize: 10_000 },
  })) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('LOGO_TOO_LARGE', part.fieldname, 'max_2mb');
        throw e;
      });
      if (fileNames.includes(part.fieldname)) files[part.fieldname] = data;
    } else {
      values[part.fieldname] = String(part.value);
    }
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  return { fields: parsed.data, files };
}
