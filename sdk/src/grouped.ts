import type { Client, MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from './openapi.generated.js';
import type { operations } from './operations.generated.js';

type HttpMethod = 'get' | 'put' | 'post' | 'patch' | 'delete';
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** openapi-fetch's init of one operation (`params.path`, `params.query`, `body`, `headers`), as `client.GET` takes it. */
export type OperationInit<P extends keyof paths, M extends keyof paths[P]> = NonNullable<
  MaybeOptionalInit<paths[P], M>
>;

type Responses<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? R
  : never;

/** The documented success body of one operation (its 2xx JSON answers; `undefined` for an empty one). */
export type OperationResult<P extends keyof paths, M extends keyof paths[P]> = {
  [S in keyof Responses<P, M>]: `${S & (string | number)}` extends `2${string}`
    ? Responses<P, M>[S] extends { content: { 'application/json': infer B } }
      ? B
      : undefined
    : never;
}[keyof Responses<P, M>];

/**
 * One grouped method: takes the operation's init (optional when nothing in it is required) and resolves with the
 * success body; a refusal is thrown as PlatformApiError. The init is not inferred, so an inline body is held to
 * exactly the documented fields.
 */
export type OperationMethod<P extends keyof paths, M extends keyof paths[P]> =
  RequiredKeys<OperationInit<P, M>> extends never
    ? (init?: OperationInit<P, M>) => Promise<OperationResult<P, M>>
    : (init: OperationInit<P, M>) => Promise<OperationResult<P, M>>;

/** A tree of `[method, path]` tuples turned into the tree of its methods. */
export type Grouped<T> = {
  readonly [K in keyof T]: T[K] extends readonly [infer M extends HttpMethod, infer P extends keyof paths]
    ? M extends keyof paths[P]
      ? OperationMethod<P, M>
      : never
    : Grouped<T[K]>;
};

/** `client.emails.send(...)`, `client.crm.contacts.get(...)`: every operation by its grouped name. */
export type GroupedOperations = Grouped<typeof operations>;

type Tree = { readonly [key: string]: readonly [HttpMethod, string] | Tree };
type LooseRequest = (method: HttpMethod, path: string, init?: unknown) => Promise<{ data?: unknown }>;

/** The grouped methods over one openapi-fetch client: each is `client.request(method, path, init)` answering `data`. */
export function groupOperations(client: Client<paths>, tree: Tree): Record<string, unknown> {
  const request = client.request as unknown as LooseRequest;
  return Object.fromEntries(
    Object.entries(tree).map(([name, node]) => {
      if (!Array.isArray(node)) return [name, groupOperations(client, node as Tree)];
      const [method, path] = node as readonly [HttpMethod, string];
      return [name, async (init?: unknown) => (await request(method, path, init)).data];
    }),
  );
}
