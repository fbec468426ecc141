import { useCallback, useEffect, useRef, useState } from 'react';
import type { TypedDocumentString } from '../gql/graphql';
import { execute, type GraphqlResult } from './graphql-client';

export interface QueryState<R> extends GraphqlResult<R> {
  loading: boolean;
  /** Runs the query again with the same variables (after a mutation, on a live event). */
  refetch: () => void;
}

/** One GraphQL request per page: runs when the variables change, keeps the last answer while the next loads. */
export function useQuery<R, V>(
  document: TypedDocumentString<R, V>,
  variables: V,
  options: { skip?: boolean; reloadKey?: unknown } = {},
): QueryState<R> {
  const [result, setResult] = useState<GraphqlResult<R>>({ data: null, errors: [], requestId: null });
  const [loading, setLoading] = useState(!options.skip);
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(variables);
  const latest = useRef(0);

  useEffect(() => {
    if (options.skip) return;
    const controller = new AbortController();
    const run = ++latest.current;
    setLoading(true);
    execute(document, JSON.parse(key) as V, controller.signal).then(
      (answer) => {
        if (run !== latest.current) return;
        setResult(answer);
        setLoading(false);
      },
      () => undefined, // aborted: a newer request is on its way
    );
    return () => controller.abort();
  }, [document, key, generation, options.skip, options.reloadKey]);

  const refetch = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...result, loading, refetch };
}
