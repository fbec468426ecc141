import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { projectRoot } from '../platform/config/project-root.js';
import { sendStatic } from './static-response.js';

/**
 * GraphiQL at GET /graphql for a browser, offline: React and GraphiQL's prebuilt bundles come from npm and are served
 * from this process under /graphql/ide/ (no CDN). The API key goes into GraphiQL's headers editor; queries go over
 * POST /graphql and subscriptions over graphql-ws on the same path, both with that header.
 */
const IDE_PREFIX = '/graphql/ide/';

/** The only files served under IDE_PREFIX (no path is ever taken from the request). */
const ASSETS: Record<string, { module: string; file: string; type: string }> = {
  'react.js': { module: 'react', file: 'umd/react.production.min.js', type: 'text/javascript; charset=utf-8' },
  'react-dom.js': {
    module: 'react-dom',
    file: 'umd/react-dom.production.min.js',
    type: 'text/javascript; charset=utf-8',
  },
  'graphiql.js': { module: 'graphiql', file: 'graphiql.min.js', type: 'text/javascript; charset=utf-8' },
  'graphiql.css': { module: 'graphiql', file: 'graphiql.min.css', type: 'text/css; charset=utf-8' },
};

// The headers editor opens with {"Authorization": "Bearer "} (the stored key after it): the schema is asked for once
// a key is there, so the page shows no 401 before the user has typed one, and no manual refetch is needed after.
const INIT_SCRIPT = `
const stored = localStorage.getItem('platform-api-key') || '';
const http = GraphiQL.createFetcher({
  url: location.origin + '/graphql',
  subscriptionUrl: location.origin.replace(/^http/, 'ws') + '/graphql',
});
const keyIn = (headers) => {
  const bearer = /^Bearer\\s+(\\S+)$/i.exec(String((headers && (headers.Authorization || headers.authorization)) || '').trim());
  return (bearer && bearer[1]) || (headers && (headers['X-API-Key'] || headers['x-api-key'])) || '';
};
let waitingForKey = [];
const fetcher = (params, options) => {
  if (params.operationName === 'IntrospectionQuery' && !keyIn(options && options.headers)) {
    return new Promise((resolve) => waitingForKey.push((headers) => resolve(http(params, { ...options, headers }))));
  }
  return http(params, options);
};
ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, {
  fetcher,
  defaultEditorToolsVisibility: 'headers',
  defaultHeaders: JSON.stringify({ Authorization: 'Bearer ' + stored }),
  shouldPersistHeaders: true,
  defaultQuery: '# Put your API key after "Bearer " in the Headers tab below, then run a query, e.g.\\n{\\n  __typename\\n}\\n',
  onEditHeaders: (text) => {
    let headers;
    try {
      headers = JSON.parse(text);
    } catch {
      return; // headers being typed
    }
    const key = keyIn(headers);
    if (!key) return;
    localStorage.setItem('platform-api-key', key);
    const waiting = waitingForKey;
    waitingForKey = [];
    for (const run of waiting) run(headers);
  },
}));
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Platform API · GraphQL</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${IDE_PREFIX}graphiql.css">
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="graphiql">Loading GraphiQL…</div>
<script src="${IDE_PREFIX}react.js"></script>
<script src="${IDE_PREFIX}react-dom.js"></script>
<script src="${IDE_PREFIX}graphiql.js"></script>
<script src="${IDE_PREFIX}init.js"></script>
</body>
</html>
`;

/** Scripts and styles from this origin only; the API (fetch and WebSocket) on this origin too. */
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const cache = new Map<string, Buffer>();
const requireFromHere = createRequire(join(projectRoot(), 'package.json'));

function asset(name: string): Buffer {
  let bytes = cache.get(name);
  if (!bytes) {
    const spec = ASSETS[name]!;
    const root = join(requireFromHere.resolve(`${spec.module}/package.json`), '..');
    bytes = readFileSync(join(root, spec.file));
    cache.set(name, bytes);
  }
  return bytes;
}

/** A browser asking for /graphql: a GET that accepts HTML and carries no GraphQL query. */
export function wantsGraphqlIde(req: IncomingMessage, path: string): boolean {
  if (req.method !== 'GET') return false;
  if (path.startsWith(IDE_PREFIX)) return true;
  if (path !== '/graphql') return false;
  const search = new URL(req.url ?? '/', 'http://local').searchParams;
  return !search.has('query') && String(req.headers.accept ?? '').includes('text/html');
}

/** The paths the IDE answers (route labels in /metrics). */
export const IDE_PATHS = new Set([
  '/graphql',
  `${IDE_PREFIX}init.js`,
  ...Object.keys(ASSETS).map((name) => IDE_PREFIX + name),
]);

/** Serves the IDE page or one of its assets; 404 for any other name under the prefix. */
export function serveGraphqlIde(reply: FastifyReply, path: string): FastifyReply {
  if (path === '/graphql')
    return sendStatic(reply, 200, 'text/html; charset=utf-8', Buffer.from(PAGE), {
      'Content-Security-Policy': PAGE_CSP,
      'Cache-Control': 'no-cache',
    });
  const name = path.slice(IDE_PREFIX.length);
  if (name === 'init.js')
    return sendStatic(reply, 200, 'text/javascript; charset=utf-8', Buffer.from(INIT_SCRIPT), {
      'Cache-Control': 'no-cache',
    });
  if (!Object.hasOwn(ASSETS, name))
    return sendStatic(
      reply,
      404,
      'application/json; charset=utf-8',
      Buffer.from(JSON.stringify({ success: false, error: { code: 'NOT_FOUND', message: 'No such IDE asset' } })),
    );
  return sendStatic(reply, 200, ASSETS[name]!.type, asset(name), { 'Cache-Control': 'public, max-age=86400' });
}
