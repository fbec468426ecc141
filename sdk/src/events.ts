import { createClient, type Client } from 'graphql-ws';

/** One platform event: the same `{id, type, timestamp, data}` a webhook delivery carries. */
export interface PlatformEvent {
  id: string;
  type: string;
  timestamp: string;
  data: unknown;
}

export interface EventStreamOptions {
  /** A SERVER key with the `webhooks` scope. */
  apiKey: string;
  /** The platform's PUBLIC_URL (`https://…`; the stream uses `wss://…/graphql`). */
  baseUrl: string;
  /** Only these event types (all of the organization's when absent). */
  types?: string[];
  /** A WebSocket class where there is no global one (Node 20: `import WebSocket from 'ws'`). */
  webSocketImpl?: unknown;
  /** Reconnect attempts after a dropped connection (default 5; graphql-ws waits longer after each). */
  retryAttempts?: number;
}

const EVENTS = 'subscription Events($types: [String!]) { events(types: $types) { id type timestamp data } }';

/** The organization's live events over graphql-ws, as an async iterator; `close()` (or leaving the loop) ends it. */
export interface EventStream extends AsyncIterable<PlatformEvent> {
  close(): Promise<void>;
}

/**
 * Subscribes to `Subscription.events`: `for await (const event of platformEvents({ apiKey, baseUrl })) …`.
 * A refusal (an invalid key closes the socket with 4401, a key without the scope gets FORBIDDEN) ends the loop with
 * the error thrown.
 */
export function platformEvents(options: EventStreamOptions): EventStream {
  const client: Client = createClient({
    url: options.baseUrl.replace(/\/$/, '').replace(/^http/, 'ws') + '/graphql',
    connectionParams: { authorization: `Bearer ${options.apiKey}` },
    webSocketImpl: options.webSocketImpl,
    retryAttempts: options.retryAttempts ?? 5,
    // 4401/4403 are answers about the key: retrying cannot change them.
    shouldRetry: (event) =>
      !(
        typeof event === 'object' &&
        event !== null &&
        'code' in event &&
        [4401, 4403].includes((event as { code: number }).code)
      ),
  });
  const subscription = client.iterate<{ events: PlatformEvent }>({
    query: EVENTS,
    variables: { types: options.types ?? null },
  });
  const close = async () => {
    await subscription.return?.();
    await client.dispose();
  };
  return {
    close,
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        const step = await subscription.next();
        if (step.done) return { done: true, value: undefined };
        const { data, errors } = step.value;
        if (errors?.length) {
          await close();
          throw Object.assign(new Error(errors[0]!.message), {
            code: (errors[0]!.extensions as { code?: string } | undefined)?.code,
          });
        }
        return { done: false, value: data!.events };
      },
      return: async () => {
        await close();
        return { done: true, value: undefined };
      },
    }),
  };
}
