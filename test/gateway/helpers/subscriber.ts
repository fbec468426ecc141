import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/** What a subscriber got: events, GraphQL errors, and how its socket closed. */
export interface Subscriber {
  events: { id: string; type: string; timestamp: string; data: any }[];
  errors: unknown[];
  closed?: { code: number; reason: string };
  client: Client;
  dispose(): Promise<void>;
}

/** A real graphql-ws client (the `graphql-ws` package over `ws`) running `subscription { events }`. */
export function subscribeToEvents(
  baseUrl: string,
  connectionParams: Record<string, unknown>,
  types?: string[],
): Subscriber {
  const client = createClient({
    url: baseUrl.replace(/^http/, 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
  });
  const subscriber: Subscriber = { events: [], errors: [], client, dispose: async () => client.dispose() };
  client.on('closed', (event) => {
    const e = event as { code: number; reason: string };
    subscriber.closed = { code: e.code, reason: String(e.reason) };
  });
  client.subscribe(
    {
      query: 'subscription($types: [String!]) { events(types: $types) { id type timestamp data } }',
      variables: { types: types ?? null },
    },
    {
      next: (result) => {
        if (result.errors) subscriber.errors.push(...result.errors);
        if (result.data) subscriber.events.push((result.data as { events: Subscriber['events'][number] }).events);
      },
      error: (error) => subscriber.errors.push(error),
      complete: () => undefined,
    },
  );
  return subscriber;
}
