import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Context } from 'graphql-ws';
import {
  GraphQLID,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  GraphQLBoolean,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
} from 'graphql';
import { GraphQLJSON } from 'graphql-scalars';
import type { Auth } from '../platform/auth/auth.js';
import { hasScope } from '../platform/auth/auth.js';
import { DomainError } from '../platform/errors/domain-error.js';
import type { BusEvent, EventBus } from '../platform/events/event-bus.js';
import type { PlatformEvent } from '../platform/events/platform-event.js';
import type { Logger } from '../platform/logging/logger.js';
import { hashApiKey, type ApiKeyService } from '../platform/organizations/api-key.service.js';
import type { PublicSubscriptionCaller, PublicSubscriptions } from '../platform/graphql/subscription-fields.js';
import { limitedSubscriptions } from './subscription-limits.js';

/** Close codes of a refused connection (graphql-ws uses 44xx for application refusals). */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;

/** What a subscription resolver receives: the caller, authenticated at connection time (absent on a keyless connection, which only public fields serve). */
export interface SubscriptionContext extends PublicSubscriptionCaller {
  auth: Auth;
}

interface ConnectionExtra extends Record<PropertyKey, unknown> {
  socket: WebSocket;
  request: IncomingMessage;
  auth?: Auth;
  /** The hash of the key the connection was opened with: a revocation of that key closes it. */
  keyHash?: string;
}

export interface SubscriptionServerOptions {
  /** The platform's HTTP server: subscriptions share its port and the /graphql path. */
  server: Server;
  apiKeys: ApiKeyService;
  bus: EventBus;
  logger: Logger;
  /** Further Subscription fields (the AI gateway's chatCompletion), beside `events`. */
  fields?: GraphQLFieldConfigMap<unknown, SubscriptionContext>;
  /** Fields that also serve connections opened without a key (the support widget), with the test that admits such a connection. */
  publicSubscriptions?: PublicSubscriptions[];
  path?: string;
  /** Events a slow subscriber may have waiting before its subscription is ended. */
  maxQueuedEvents?: number;
}

export interface SubscriptionServer {
  /** The schema graphql-ws serves (its Subscription root), for introspection beside the gateway's. */
  schema: GraphQLSchema;
  close(): Promise<void>;
}

const EventType = new GraphQLObjectType({
  name: 'Event',
  description: 'A platform event, as webhooks receive it',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID), description: 'The idempotency key: the same on every delivery' },
    type: { type: new GraphQLNonNull(GraphQLString) },
    timestamp: { type: new GraphQLNonNull(GraphQLString), description: 'ISO 8601' },
    data: { type: new GraphQLNonNull(GraphQLJSON) },
  },
});

/**
 * `Subscription.events(types)`: every event of the caller's organization (what its webhooks would receive),
 * optionally only the given types, and nothing of any other organization.
 */
export function eventsField(
  bus: EventBus,
  maxQueued: number,
): GraphQLFieldConfig<unknown, SubscriptionContext, { types?: string[] | null }> {
  return {
    type: new GraphQLNonNull(EventType),
    args: { types: { type: new GraphQLList(new GraphQLNonNull(GraphQLString)) } },
    subscribe: (_root, args, context) => {
      const { auth } = context;
      if (auth.keyType !== 'SERVER') throw new DomainError('FORBIDDEN', 'The event stream needs a SERVER key');
      if (!hasScope(auth, 'webhooks')) throw new DomainError('FORBIDDEN', 'This key lacks the "webhooks" scope');
      const types = args.types?.length ? new Set(args.types) : null;
      return busIterator(
        bus,
        (m) => m.organizationId === auth.organizationId && !m.transient && (!types || types.has(m.event.type)),
        maxQueued,
      );
    },
    resolve: (payload: unknown) => payload as PlatformEvent,
  };
}

/** graphql-ws on the platform's HTTP server, beside the Apollo gateway (which refuses subscriptions). */
export function startSubscriptionServer(options: SubscriptionServerOptions): SubscriptionServer {
  const path = options.path ?? '/graphql';
  const schema = new GraphQLSchema({
    // graphql-js needs a Query type; the real queries are served by the gateway on POST /graphql.
    query: new GraphQLObjectType({
      name: 'Query',
      fields: { subscriptionsOnly: { type: GraphQLBoolean, resolve: () => true } },
    }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        ...keyRequired({ events: eventsField(options.bus, options.maxQueuedEvents ?? 1000), ...options.fields }),
        ...Object.assign({}, ...(options.publicSubscriptions ?? []).map((p) => p.fields)),
      },
    }),
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((request.url ?? '').split('?')[0] !== path) {
      // Another handler may own other paths; refuse only when none does.
      if (options.server.listenerCount('upgrade') === 1) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      }
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  options.server.on('upgrade', onUpgrade);

  const limits = limitedSubscriptions(schema);
  // Connections by the hash of their key: a revoked key's open connections are closed, not left streaming.
  const byKey = new Map<string, Set<WebSocket>>();
  const stopHearingRevocations = options.apiKeys.onRevoked((hash) => {
    for (const socket of byKey.get(hash) ?? []) socket.close(CLOSE_UNAUTHORIZED, 'API key revoked');
    byKey.delete(hash);
  });
  const disposable = useServer<Record<string, unknown>, ConnectionExtra>(
    {
      schema,
      // The same depth, alias, cost and token limits as POST /graphql, and the subscription caps.
      onSubscribe: (ctx, id, payload) => limits.onSubscribe(ctx, id, payload),
      context: (ctx) =>
        ({
          auth: ctx.extra.auth!,
          connectionParams: ctx.connectionParams ?? {},
          origin: ctx.extra.request.headers.origin,
          events: (accept) => busIterator(options.bus, accept, options.maxQueuedEvents ?? 1000),
        }) satisfies SubscriptionContext,
      onConnect: async (ctx) => {
        const admitted = await authenticate(ctx, options);
        if (admitted) limits.track(ctx);
        const { keyHash, socket } = ctx.extra;
        if (admitted && keyHash) byKey.set(keyHash, (byKey.get(keyHash) ?? new Set()).add(socket));
        return admitted;
      },
      onClose: (ctx) => {
        limits.untrack(ctx);
        const { keyHash, socket } = ctx.extra;
        const sockets = keyHash ? byKey.get(keyHash) : undefined;
        sockets?.delete(socket);
        if (sockets?.size === 0) byKey.delete(keyHash!);
      },
      onError: (_ctx, _id, _payload, errors) => {
        options.logger.debug('subscription error', { errors: errors.map((e) => e.message) });
      },
    },
    wss,
  );
  options.logger.debug('subscriptions served', { path });

  return {
    schema,
    close: async () => {
      options.server.off('upgrade', onUpgrade);
      stopHearingRevocations();
      await disposable.dispose();
    },
  };
}

/** The key comes from connectionParams (`authorization: "Bearer <key>"`, `apiKey` or `x-api-key`), else the upgrade headers. */
async function authenticate(
  ctx: Context<Record<string, unknown>, ConnectionExtra>,
  options: SubscriptionServerOptions,
): Promise<boolean> {
  const params = ctx.connectionParams ?? {};
  const headers = ctx.extra.request.headers;
  const pick = (...values: unknown[]) => values.find((v): v is string => typeof v === 'string' && v.length > 0);
  const authorization = pick(params.authorization, params.Authorization, headers.authorization);
  const bearer = authorization && /^Bearer\s+(.+)$/i.exec(authorization.trim())?.[1];
  const key = pick(bearer, params.apiKey, params['x-api-key'], params['X-API-Key'], headers['x-api-key']);
  const refuse = (code: number, reason: string) => {
    ctx.extra.socket.close(code, reason);
    return false;
  };
  if (!key) {
    // A keyless connection is admitted only for public fields that recognise its parameters (widget tokens).
    if ((options.publicSubscriptions ?? []).some((p) => p.accepts(params))) return true;
    return refuse(CLOSE_UNAUTHORIZED, 'Missing API key');
  }
  const auth = await options.apiKeys.authenticate(key);
  if (!auth) return refuse(CLOSE_UNAUTHORIZED, 'Invalid API key');
  if (auth.keyType === 'GATEWAY') return refuse(CLOSE_FORBIDDEN, 'AI gateway keys open /ai/v1 only');
  ctx.extra.auth = auth;
  ctx.extra.keyHash = hashApiKey(key);
  return true;
}

/** Fields that need a key: on a keyless connection (public fields only) they answer UNAUTHORIZED. */
function keyRequired(
  fields: GraphQLFieldConfigMap<unknown, SubscriptionContext>,
): GraphQLFieldConfigMap<unknown, SubscriptionContext> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      {
        ...field,
        subscribe: (root: unknown, args: any, context: SubscriptionContext, info: any) => {
          if (!context.auth) throw new DomainError('UNAUTHORIZED', 'Missing API key');
          return field.subscribe!(root, args, context, info);
        },
      },
    ]),
  );
}

/**
 * The bus as an async iterator of the messages that pass `accept`. A subscriber that falls `maxQueued` events
 * behind is ended with an error rather than allowed to grow the process's memory.
 */
function busIterator(
  bus: EventBus,
  accept: (message: BusEvent) => boolean,
  maxQueued: number,
): AsyncIterableIterator<PlatformEvent> {
  const queue: PlatformEvent[] = [];
  const waiting: ((result: IteratorResult<PlatformEvent>) => void)[] = [];
  let failure: Error | undefined;
  let done = false;
  const unsubscribe = bus.subscribe((message) => {
    if (done || !accept(message)) return;
    const next = waiting.shift();
    if (next) next({ value: message.event, done: false });
    else if (queue.length >= maxQueued) {
      failure = new DomainError('SERVICE_UNAVAILABLE', `Subscriber fell more than ${maxQueued} events behind`);
      finish();
    } else queue.push(message.event);
  });
  const finish = () => {
    if (done) return;
    done = true;
    unsubscribe();
    for (const resolve of waiting.splice(0)) resolve({ value: undefined, done: true });
  };
  return {
    next: () => {
      if (queue.length > 0) return Promise.resolve({ value: queue.shift()!, done: false });
      if (failure) {
        const error = failure;
        failure = undefined;
        return Promise.reject(error);
      }
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => waiting.push(resolve));
    },
    return: () => {
      finish();
      queue.length = 0;
      return Promise.resolve({ value: undefined, done: true });
    },
    throw: (error?: unknown) => {
      finish();
      return Promise.reject(error);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
