import { ApiError } from './api-error';
import type { SessionInfo } from './session';

/** GET /console/api/session with a key: what it may read, or why it cannot sign in. */
export async function fetchSession(key: string): Promise<SessionInfo> {
  let response: Response;
  try {
    response = await fetch('/console/api/session', {
      headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
    });
  } catch (error) {
    throw new ApiError(String((error as Error).message), 'NETWORK', null);
  }
  const requestId = response.headers.get('X-Request-Id');
  const body = (await response.json().catch(() => null)) as {
    data?: SessionInfo;
    error?: { code: string; message: string };
  } | null;
  if (!response.ok || !body?.data)
    throw new ApiError(body?.error?.message ?? `HTTP ${response.status}`, body?.error?.code ?? 'NETWORK', requestId);
  return body.data;
}
