import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './openapi.generated.js';
import { PlatformApiError } from './errors.js';
import { groupOperations, type GroupedOperations } from './grouped.js';
import { operations } from './operations.generated.js';
import { retryingFetch, type RetryOptions } from './retrying-fetch.js';

export interface PlatformClientOptions {
  /** A SERVER or SENDING key (`Authorization: Bearer <key>`). */
  apiKey: string;
  /** The platform's PUBLIC_URL, e.g. `https://api.example.com`. */
  baseUrl: string;
  retry?: RetryOptions;
  /** The fetch to call (defaults to the global one). */
  fetch?: typeof fetch;
}

/** Every refusal (4xx, 5xx) thrown as a PlatformApiError instead of returned. */
const throwOnError: Middleware = {
  async onResponse({ response }) {
    if (!response.ok && response.status >= 400) throw await PlatformApiError.from(response);
    return undefined;
  },
};

/** The grouped methods (`client.emails.send`) beside openapi-fetch's raw ones (`client.POST('/emails', ...)`). */
export type PlatformClient = Client<paths> & GroupedOperations;

/**
 * A typed client of every REST operation of schema/openapi.json: `client.emails.send({ body })`,
 * `client.crm.contacts.get({ params: { path: { id } } })` (names: decision 0340) resolve with the documented success
 * body; the raw openapi-fetch form `client.POST('/emails', { body })` answers `{ data, response }`. Both check the
 * path, the body and the query at compile time. Pass `headers: { 'Idempotency-Key': key }` on the POSTs that take one.
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    headers: { authorization: `Bearer ${options.apiKey}` },
    fetch: retryingFetch(options.fetch ?? globalThis.fetch, options.retry),
  });
  client.use(throwOnError);
  return Object.assign(client, groupOperations(client, operations)) as unknown as PlatformClient;
}

/**
 * The JSON body of an operation, for declaring a body before the call: `const body: RequestBody<'/emails', 'post'>`.
 * A declared body is held to exactly the documented fields (an inline body inside `client.POST` is inferred, so
 * TypeScript checks its required fields and types but not its extra ones).
 */
export type RequestBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
