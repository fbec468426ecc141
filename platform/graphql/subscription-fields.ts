import type { GraphQLFieldConfigMap } from 'graphql';
import type { Auth } from '../auth/auth.js';
import type { PlatformDeps } from '../federation/subgraph-module.js';

/** What a subscription resolver receives: the caller, authenticated when the socket connected. */
export interface SubscriptionCaller {
  auth: Auth;
}

/**
 * A module with Subscription fields of its own (the AI gateway's chatCompletion). They are served by the
 * graphql-ws server beside the gateway, never composed into the supergraph (DESIGN.md section 6).
 */
export interface SubscriptionFieldProvider {
  subscriptionFields?(deps: PlatformDeps): GraphQLFieldConfigMap<unknown, SubscriptionCaller>;
}
