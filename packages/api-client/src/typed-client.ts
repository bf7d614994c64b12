import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './generated/openapi.ts';

/**
 * A client typed from the OpenAPI document (packages/api-client/src/generated/openapi.ts, made by `npm run openapi` from
 * the server's route table): every URL, method, parameter, body and answer is checked by the compiler against what the
 * server declares. `client.GET('/api/account/patients', { params: { query: { size: 20 } } })` answers
 * `{ data, error, response }`, `error` typed by the error responses (their `code` an enum).
 */
export type ApiPaths = paths;
export type ApiOperations = operations;
/** A named schema of the document: `ApiSchema<'Patient'>`. */
export type ApiSchema<N extends keyof components['schemas']> = components['schemas'][N];
export type TypedApiClient = Client<paths>;

export type TypedClientOptions = {
  /** The server's origin (default: same origin). */
  baseUrl?: string;
  /** The access token to send as `Authorization: Bearer`, read on every request (null: none, e.g. public routes). */
  accessToken?: () => string | null | undefined;
  /** The screen language, sent as Accept-Language. */
  language?: () => string | null | undefined;
  fetch?: (input: Request) => Promise<Response>;
};

export function createTypedClient(opts: TypedClientOptions = {}): TypedApiClient {
  const client = createClient<paths>({
    baseUrl: (opts.baseUrl ?? '').replace(/\/$/, ''),
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  client.use({
    onRequest({ request }) {
      const token = opts.accessToken?.();
      if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
      const lang = opts.language?.();
      if (lang && !request.headers.has('accept-language')) request.headers.set('accept-language', lang);
      return request;
    },
  });
  return client;
}
