import type { TypedDocumentString } from '../gql/graphql';
import { ApiError } from './api-error';
import { storedKey } from './session';

interface GraphqlErrorBody {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; details?: Record<string, unknown>; [name: string]: unknown };
}

/** A GraphQL answer: data (possibly partial) and the errors of the fields that failed. */
export interface GraphqlResult<R> {
  data: R | null;
  errors: ApiError[];
  requestId: string | null;
}

function toApiError(error: GraphqlErrorBody, requestId: string | null): ApiError {
  const code = error.extensions?.code ?? 'INTERNAL_SERVER_ERROR';
  return new ApiError(error.message, code, requestId, error.path ?? [], error.extensions?.details ?? {});
}

/** POST /graphql with the signed-in key (Authorization header). Never throws: errors come back in the result. */
export async function execute<R, V>(
  document: TypedDocumentString<R, V>,
  variables?: V,
  signal?: AbortSignal,
): Promise<GraphqlResult<R>> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Bearer ${storedKey() ?? ''}`,
      },
      body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return {
      data: null,
      errors: [new ApiError(String((error as Error).message ?? error), 'NETWORK', null)],
      requestId: null,
    };
  }
  const requestId = response.headers.get('X-Request-Id');
  let body: { data?: R | null; errors?: GraphqlErrorBody[]; error?: { code?: string; message?: string } };
  try {
    body = await response.json();
  } catch {
    return {
      data: null,
      errors: [
        new ApiError(
          `HTTP ${response.status} without a JSON body`,
          response.status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'NETWORK',
          requestId,
        ),
      ],
      requestId,
    };
  }
  const errors = (body.errors ?? []).map((e) => toApiError(e, requestId));
  // Refusals before execution (no key, rate limit) may come in the platform envelope instead.
  if (body.error)
    errors.push(
      new ApiError(
        body.error.message ?? `HTTP ${response.status}`,
        body.error.code ?? 'INTERNAL_SERVER_ERROR',
        requestId,
      ),
    );
  if (!response.ok && errors.length === 0)
    errors.push(
      new ApiError(
        `HTTP ${response.status}`,
        response.status === 401 ? 'UNAUTHORIZED' : 'INTERNAL_SERVER_ERROR',
        requestId,
      ),
    );
  return { data: body.data ?? null, errors, requestId };
}

/** Like execute, for mutations: the data, or the first error thrown. */
export async function mutate<R, V>(document: TypedDocumentString<R, V>, variables?: V): Promise<R> {
  const result = await execute(document, variables);
  if (result.errors.length > 0 || !result.data)
    throw result.errors[0] ?? new ApiError('No data in the answer', 'INTERNAL_SERVER_ERROR', result.requestId);
  return result.data;
}
