import type { TestPlatform } from '../../helpers/test-platform.js';

/** A raw POST /graphql: what the client sees, bytes and content type included. */
export async function postGraphql(
  t: TestPlatform,
  key: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const res = await t.request('POST', '/graphql', { key, body, headers });
  return { status: res.status, contentType: res.headers.get('content-type'), text: res.text };
}

/** The same query as a document the gateway has never planned (spacing added each call): its answer comes from the whole road. */
export function unplannedCopies(): (query: string) => string {
  let fresh = 0;
  return (query) => query.replace('{', `${' '.repeat(++fresh)}{`);
}
