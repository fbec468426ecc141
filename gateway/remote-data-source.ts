import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { GraphQLError } from 'graphql';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import { SIGNED_CONTEXT_HEADER, signCallerContext } from '../platform/auth/signed-context.js';
import { DomainError } from '../platform/errors/domain-error.js';
import { newId } from '../platform/ids/ids.js';

export interface RemoteDataSourceOptions {
  /** The subgraph's name, for the error that says it is down. */
  name: string;
  /** The subgraph's /graphql URL (split mode: its own process, on a private interface). */
  url: string;
  /** config.internalSecret; the subgraph verifies the header with the same secret. */
  secret: string;
}

/** Answers of a balancer or proxy in front of a module whose processes are all down or restarting. */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/**
 * A subgraph in another process: the caller's identity travels in one signed header, so the subgraph
 * trusts it without seeing the API key, and refuses anything the gateway did not send.
 */
export class RemoteDataSource extends RemoteGraphQLDataSource<CallerContext & Record<string, any>> {
  private readonly secret: string;
  private readonly name: string;

  constructor(options: RemoteDataSourceOptions) {
    super({ url: options.url });
    this.secret = options.secret;
    this.name = options.name;
  }

  override willSendRequest(options: GraphQLDataSourceProcessOptions<CallerContext & Record<string, any>>): void {
    // Health checks and schema loads carry no caller: they go out signed as anonymous, which opens public fields only.
    const caller: CallerContext =
      'incomingRequestContext' in options // the request-kind enum is not exported by @apollo/gateway's entry point
        ? { requestId: options.context.requestId, auth: options.context.auth ?? null }
        : { requestId: newId('req'), auth: null };
    options.request.http!.headers.set(SIGNED_CONTEXT_HEADER, signCallerContext(caller, this.secret));
    options.request.http!.headers.set('x-request-id', caller.requestId);
  }

  /**
   * A module that cannot be reached (connection refused or reset, a balancer's 502-504) answers 503
   * SERVICE_UNAVAILABLE naming it, so the bridge answers in the route's envelope and the other modules keep
   * working; each request tries again, so the module is back as soon as its process is (no gateway restart).
   * (Apollo calls this for every failed fetch and expects it to throw.)
   */
  override didEncounterError(error: Error): void {
    if (isUnreachable(error))
      throw new DomainError('SERVICE_UNAVAILABLE', `The ${this.name} module is unavailable; try again shortly`, {
        module: this.name,
      });
    throw error;
  }
}

function isUnreachable(error: unknown): boolean {
  if (error instanceof GraphQLError) {
    const status = (error.extensions?.response as { status?: number } | undefined)?.status;
    return status !== undefined && UNAVAILABLE_STATUSES.has(status);
  }
  // make-fetch-happen's network failures (ECONNREFUSED, ECONNRESET, socket hang up, timeouts) are plain errors.
  return error instanceof Error;
}
