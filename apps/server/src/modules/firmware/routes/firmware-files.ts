import type { FastifyReply } from 'fastify';
import type { PackageFile } from '../firmware.service.ts';

/** Streams a package (never read whole) as a download, with its SHA-256 for the receiver to check. */
export async function sendPackage(reply: FastifyReply, f: PackageFile): Promise<void> {
  await reply
    .type('application/octet-stream')
    .header('content-disposition', `attachment; filename="${f.name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('x-content-sha256', f.sha256)
    .header('cache-control', 'private, no-store')
    .header('content-length', f.size)
    .send(f.stream);
}
