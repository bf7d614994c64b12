import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TErrorBody } from '@carewatch/contracts/errors';
import { FHIR_MEDIA_TYPE } from '@carewatch/contracts/fhir';

/** The FHIR URL space (issue 19): its answers are FHIR JSON, its errors OperationOutcome resources. */
export const FHIR_PREFIX = '/fhir/';
export const isFhirUrl = (url: string): boolean => url.startsWith(FHIR_PREFIX);

/** The code system of CareWatch's error codes (the `code` of the API's JSON errors) inside an OperationOutcome. */
export const ERROR_CODE_SYSTEM = 'https://carewatch.health/fhir/CodeSystem/error-code';

const ISSUE_TYPE: Record<number, string> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  410: 'deleted',
  413: 'too-long',
  415: 'not-supported',
  429: 'throttled',
};

/**
 * One error as an R4 OperationOutcome: the issue type from the status, the stable error code as a coding, the
 * message as text and diagnostics, and the bad parameter (the JSON error's `details.field`) as the issue's expression.
 */
export function operationOutcomeOf(status: number, body: TErrorBody): Record<string, unknown> {
  const field = body.details && typeof body.details.field === 'string' ? body.details.field : null;
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: status >= 500 ? 'fatal' : 'error',
        code: ISSUE_TYPE[status] ?? (status >= 500 ? 'exception' : 'processing'),
        details: { coding: [{ system: ERROR_CODE_SYSTEM, code: body.code }], text: body.message },
        diagnostics: body.message,
        ...(field ? { expression: [field] } : {}),
      },
    ],
  };
}

/** Reads a CareWatch JSON error body, or null when the payload is something else. */
function errorBodyOf(payload: unknown): TErrorBody | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const v = JSON.parse(payload) as Partial<TErrorBody> & { resourceType?: unknown };
    return v.resourceType === undefined && typeof v.code === 'string' && typeof v.message === 'string'
      ? (v as TErrorBody)
      : null;
  } catch {
    return null;
  }
}

/**
 * Every answer under /fhir/ in FHIR's media type, and every error there (validation, authentication, permission,
 * not found, rate limit, 5xx: whichever handler wrote it) as an OperationOutcome with the same status.
 */
export function registerFhirSpace(app: FastifyInstance): void {
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!isFhirUrl(req.url)) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (reply.statusCode >= 400) {
      const err = errorBodyOf(payload);
      if (err) {
        reply.header('content-type', `${FHIR_MEDIA_TYPE}; charset=utf-8`);
        return JSON.stringify(operationOutcomeOf(reply.statusCode, err));
      }
    }
    if (type.startsWith('application/json')) reply.header('content-type', `${FHIR_MEDIA_TYPE}; charset=utf-8`);
    return payload;
  });
}
