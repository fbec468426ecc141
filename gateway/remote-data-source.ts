import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import { SIGNED_CONTEXT_HEADER, signCallerContext } from '../platform/auth/signed-context.js';
import { newId } from '../platform/ids/ids.js';

export interface RemoteDataSourceOptions {
  /** The subgraph's /graphql URL (split mode: its own process, on a private interface). */
  url: string;
  /** config.internalSecret; the subgraph verifies the header with the same secret. */
  secret: string;
}

/**
 * A subgraph in another process: the caller's identity travels in one signed header, so the subgraph
 * trusts it without seeing the API key, and refuses anything the gateway did not send.
 */
export class RemoteDataSource extends RemoteGraphQLDataSource<CallerContext & Record<string, any>> {
  private readonly secret: string;

  constructor(options: RemoteDataSourceOptions) {
    super({ url: options.url });
    this.secret = options.secret;
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
}
