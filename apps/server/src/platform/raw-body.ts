import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The exact bytes of a request body, for routes that check a signature over them (the Stripe webhook): the JSON
 * parser's object cannot be turned back into the signed bytes. Routes opt in with `rawBody: true` (route.ts).
 */
const RAW = new WeakMap<FastifyRequest, Buffer>();
const LIMIT = 1024 * 1024;

export function rawBodyOf(req: FastifyRequest): Buffer | null {
  return RAW.get(req) ?? null;
}

/** preParsing hook: reads the body once, keeps a copy, hands the parser an identical stream. */
export async function keepRawBody(
  req: FastifyRequest,
  _reply: FastifyReply,
  payload: NodeJS.ReadableStream,
): Promise<NodeJS.ReadableStream> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += b.length;
    if (size > LIMIT) throw new AppError('FILE_TOO_LARGE');
    chunks.push(b);
  }
  const body = Buffer.concat(chunks);
  RAW.set(req, body);
  const copy = Readable.from([body]) as Readable & { receivedEncodedLength?: number };
  copy.receivedEncodedLength = body.length;
  return copy;
}
