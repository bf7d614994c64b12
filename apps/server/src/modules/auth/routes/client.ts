import type { FastifyRequest } from 'fastify';

/** Which app is calling: the patient app says `X-Client: app`; anything else is the staff portal. */
export const clientOf = (req: FastifyRequest): 'portal' | 'app' =>
  req.headers['x-client'] === 'app' ? 'app' : 'portal';
