import type { GraphQLFieldConfigMap } from 'graphql';
import type { Auth } from '../auth/auth.js';
import type { PlatformDeps } from '../federation/subgraph-module.js';
import type { BusEvent } from '../events/event-bus.js';
import type { PlatformEvent } from '../events/platform-event.js';

/** What a subscription resolver receives: the caller, authenticated when the socket connected. */
export interface SubscriptionCaller {
  auth: Auth;
  /** The platform's live events that pass `accept` (transient signals included: the field filters). */
  events(accept: (message: BusEvent) => boolean): AsyncIterableIterator<PlatformEvent>;
}

/** What a public subscription field receives: no key, the connection's own parameters and the live event stream. */
export interface PublicSubscriptionCaller {
  /** The graphql-ws `connectionParams` (the field checks its own credentials there, e.g. widget tokens). */
  connectionParams: Readonly<Record<string, unknown>>;
  /** The `Origin` header of the WebSocket upgrade (a page's origin; absent from servers). */
  origin?: string;
  /** The platform's live events that pass `accept`, as `Subscription.events` streams them (ended when the client goes). */
  events(accept: (message: BusEvent) => boolean): AsyncIterableIterator<PlatformEvent>;
}

/** Subscription fields that run on a connection opened without an API key (the support widget's). */
export interface PublicSubscriptions {
  /** Whether a keyless connection is meant for these fields (its connectionParams carry their credentials). */
  accepts(connectionParams: Readonly<Record<string, unknown>>): boolean;
  fields: GraphQLFieldConfigMap<unknown, PublicSubscriptionCaller>;
}

/**
 * A module with Subscription fields of its own (the AI gateway's chatCompletion). They are served by the
 * graphql-ws server beside the gateway, never composed into the supergraph.
 */
export interface SubscriptionFieldProvider {
  subscriptionFields?(deps: PlatformDeps): GraphQLFieldConfigMap<unknown, SubscriptionCaller>;
  /** Fields for keyless connections; every other field refuses such a connection with UNAUTHORIZED. */
  publicSubscriptions?(deps: PlatformDeps): PublicSubscriptions;
}
