import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Response bodies worth compressing: text, JSON, XML, JavaScript, SVG. Not event streams (each event must leave at
 * once), not images, audio, video, PDF, zip or xlsx (compressed already), not octet-stream (a file of unknown type,
 * usually one of those). */
export const COMPRESSIBLE_TYPE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)(?:;|$)|image\/svg\+xml(?:;|$))/i;

/** The web apps' files written ahead as .br and .gz by scripts/precompress.mjs (the same list), with those suffixes. */
export const PRECOMPRESSED_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)(?:\.br|\.gz)?$/i;

/**
 * Brotli or gzip, as the client accepts, for every answer of a compressible type above 1 KB (smaller ones gain less
 * than the header costs). Brotli at quality 4 on the fly (quality 11 is for the web apps' files, compressed once at
 * build time and sent as they are). Request bodies are not decompressed: nothing we accept is sent compressed, and a
 * small compressed body could expand past the body limits.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE_TYPE,
  });
}
