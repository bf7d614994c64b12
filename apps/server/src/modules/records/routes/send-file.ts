import type { FastifyReply } from 'fastify';
import type { RecordFile } from '../records.service.ts';

/** Sends a paper with its type, its (sanitised) name as a download, never cached or sniffed by the browser. */
export async function sendRecordFile(reply: FastifyReply, f: RecordFile): Promise<void> {
  await reply
    .type(f.type)
    .header('content-disposition', `attachment; filename="${f.name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-length', f.size)
    .send(f.stream);
}
