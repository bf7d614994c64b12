import { ERRORS, type ErrorCode, type TErrorBody, type TFieldError } from '@carewatch/contracts/errors';
import type { ZodError } from 'zod';
import { fieldRule } from '@carewatch/contracts/field-rules';

/** A failure the client can act on: a stable code from the catalogue, an HTTP status, optional details. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: TErrorBody['details'],
    message?: string,
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }
  toBody(): TErrorBody {
    return { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}

export const notFound = (what: ErrorCode = 'NOT_FOUND') => new AppError(what);
export const fieldError = (code: ErrorCode, field: string, rule?: string) =>
  new AppError(code, { field, ...(rule ? { rule } : {}) });

/** Turns a Zod failure into the 400 body: the first field named, every field listed. */
export function validationError(err: ZodError, where: 'body' | 'query' | 'params'): AppError {
  const fields: TFieldError[] = err.issues.map((i) => {
    const named = fieldRule(i.message);
    return {
      field: i.path.length ? i.path.map(String).join('.') : where,
      rule: i.code,
      message: i.message,
      ...(named ? { key: named.key, ...(named.n === undefined ? {} : { n: named.n }) } : {}),
    };
  });
  const first = fields[0] ?? { field: where, rule: 'invalid', message: 'Invalid' };
  return new AppError(
    'VALIDATION_ERROR',
    { field: first.field, rule: first.rule, fields },
    `${first.field}: ${first.message}`,
  );
}

/**
 * busboy's errors for a malformed multipart body (no boundary, a part cut short — the file stream then ends with
 * "Premature close"): the client's fault, not a 500. Only meaningful while reading a multipart request.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|The needle cannot have a length|(Part|File) terminated early due to unexpected end of multipart data|Unexpected end of (multipart data|form))/;
export const isMalformedMultipart = (err: Error): boolean => {
  const e = err as { statusCode?: number; code?: string };
  return !e.statusCode && (e.code === 'ERR_STREAM_PREMATURE_CLOSE' || MALFORMED_MULTIPART.test(err.message));
};
