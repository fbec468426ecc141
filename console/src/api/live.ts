import { useEffect, useRef } from 'react';
import { createClient, type Client } from 'graphql-ws';
import type { TypedDocumentString } from '../gql/graphql';
import { storedKey } from './session';

let client: Client | null = null;
let clientKey: string | null = null;

/** One graphql-ws connection per signed-in key; the key goes in connection_init (connectionParams). */
function liveClient(): Client {
  const key = storedKey() ?? '';
  if (client && clientKey === key) return client;
  void client?.dispose();
  clientKey = key;
  client = createClient({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    connectionParams: () => ({ authorization: `Bearer ${storedKey() ?? ''}` }),
    retryAttempts: 5,
  });
  return client;
}

/** Closes the connection (sign out). */
export function closeLive(): void {
  void client?.dispose();
  client = null;
  clientKey = null;
}

/** Subscribes while the component is mounted; `onData` gets every result, `onError` a failure in words. */
export function useSubscription<R, V>(
  document: TypedDocumentString<R, V>,
  variables: V,
  onData: (data: R) => void,
  onError?: (message: string) => void,
  skip = false,
): void {
  const handlers = useRef({ onData, onError });
  handlers.current = { onData, onError };
  const key = JSON.stringify(variables);
  useEffect(() => {
    if (skip) return;
    return liveClient().subscribe<R>(
      { query: document.toString(), variables: JSON.parse(key) as Record<string, unknown> },
      {
        next: (result) => {
          if (result.data) handlers.current.onData(result.data as R);
          if (result.errors?.length) handlers.current.onError?.(result.errors.map((e) => e.message).join('; '));
        },
        error: (error) =>
          handlers.current.onError?.(error instanceof Error ? error.message : 'The live connection closed'),
        complete: () => undefined,
      },
    );
  }, [document, key, skip]);
}
