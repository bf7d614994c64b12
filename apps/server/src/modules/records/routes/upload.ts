import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors.ts';

/**
 * Reads a multipart upload: its text fields and the `file` part with its name (the name is only shown back; the type
 * is decided by content). A file over `maxBytes` is refused while it streams.
 */
export async function readUpload(
  req: FastifyRequest,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; file: { name: string; data: Buffer } | null }> {
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | null = null;
  for await (const part of req.parts({ limits: { files: 1, fileSize: maxBytes + 1, fields: 10, fieldSize: 1000 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
        throw e;
      });
      if (part.fieldname === 'file' && data.length > 0) file = { name: part.filename, data };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (file && file.data.length > maxBytes) throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
  return { fields, file };
}
