import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { RateCategory } from '../platform/rate-limit/plans.js';
import type { EnvelopeStyle } from './envelopes.js';
import type { BodyFormat } from '../platform/http/read-body.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParamType = 'int' | 'string' | 'boolean' | 'string[]';

/** What a route's `variables` function sees. */
export interface BridgeRequest {
  params: Record<string, string>;
  /** Query parameters declared by the route, converted to their types. */
  query: Record<string, unknown>;
  body: unknown;
  headers: IncomingHttpHeaders;
  ip: string;
}

/** One documented REST path, mapped to one named GraphQL operation. Data, not a handler. */
export interface RouteSpec {
  method: HttpMethod;
  /** Path with `:name` parameters, e.g. `/emails/messages/:id`. */
  path: string;
  /** Name of the operation in rest-bridge/operations/**.graphql. */
  operation: string;
  /** Field of the operation's `data` holding the result. */
  result: string;
  /** The result is `{data, meta}` and renders as a list envelope. */
  list?: boolean;
  /**
   * Fields of the result, nullable in GraphQL because other queries leave them out, that this route's resolver always
   * fills: the OpenAPI document declares them non-null here, so generated clients need no null check.
   */
  filled?: string[];
  /** Declared query parameters; others are ignored. */
  query?: Record<string, QueryParamType>;
  /** Builds the GraphQL variables; default: path params, declared query params, `bodyVariable` and `headerVariables`. */
  variables?: (req: BridgeRequest) => Record<string, unknown>;
  /** The JSON body becomes this variable (a typed input); a body that is not an object is a 400 naming `body`. */
  bodyVariable?: string;
  /** With `bodyVariable`: a request without a body sends null (`'null'`) or `{}` (`'empty'`) rather than a 400. */
  bodyOptional?: 'null' | 'empty';
  /** Request headers sent as variables: variable name → header name in lower case (e.g. `{password: 'x-form-password'}`). */
  headerVariables?: Record<string, string>;
  /** HTTP status on success (default 200); 204 answers with no body. */
  status?: number;
  /** `public` routes run without a key (tracking links); their operations check their own tokens. */
  auth?: 'key' | 'public';
  /** Which plan rate applies, and the endpoint's own figure (the stricter wins). */
  rateLimit: { category: RateCategory; endpoint?: { limit: number; windowMs: number } };
  /** The body's encoding: JSON (default), or a form (carrier callbacks). */
  body?: BodyFormat;
  /** Largest body this route reads, when it differs from BODY_LIMIT_BYTES (support replies carry 25 MB of attachments). */
  bodyLimitBytes?: number;
  /** A DELETE that takes a JSON body (CRM list members: `{entityIds}`); other DELETEs are read without one. */
  deleteWithBody?: boolean;
  /** The body is not JSON and not needed (RFC 8058 one-click posts a form); it is discarded unread. */
  ignoreBody?: boolean;
  /** Renders a non-JSON answer (a pixel, a redirect) instead of the envelope. */
  respond?: (result: unknown, res: ServerResponse, req: BridgeRequest) => void;
  /**
   * `respond` still answers the module's envelope of the result, less these fields (sent as headers instead: CRM's
   * accepted writes move `correlationId` and `location` to `X-Correlation-Id` and `Location`); the OpenAPI document
   * then describes that body instead of calling it "not the JSON envelope".
   */
  respondEnvelopeWithout?: readonly string[];
  /** Streams a large answer page by page (exports): memory holds one page, whatever the total size. */
  stream?: StreamSpec;
}

/** A streamed answer: the operation runs again with `next` variables until `next` is null. */
export interface StreamSpec {
  /** Headers of the 200 answer (Content-Type, Content-Disposition). */
  headers: (req: BridgeRequest) => Record<string, string>;
  /** The text one page's result adds, and the variables of the following page (null after the last page). */
  page: (
    result: unknown,
    variables: Record<string, unknown>,
  ) => { chunk: string; next: Record<string, unknown> | null };
}

/** A module's routes: its path prefix and envelope style, used for its own 404s as well. */
export interface ModuleRoutes {
  module: string;
  prefix: string;
  envelope: EnvelopeStyle;
  routes: RouteSpec[];
}
