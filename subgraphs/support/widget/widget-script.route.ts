import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ModuleHttpRoute } from '../../../platform/http/module-http.js';
import { projectRoot } from '../../../platform/config/project-root.js';

/** Where the widget's source lives: one framework-free script, served as written. */
export const WIDGET_SCRIPT_PATH = join('subgraphs', 'support', 'widget', 'client', 'widget.js');

interface WidgetScript {
  plain: Buffer;
  gzip: Buffer;
  etag: string;
}

let loaded: WidgetScript | undefined;

/** Read and compressed once per process: the file does not change while the platform runs. */
export function widgetScript(): WidgetScript {
  if (!loaded) {
    const plain = readFileSync(join(projectRoot(), WIDGET_SCRIPT_PATH));
    loaded = {
      plain,
      gzip: gzipSync(plain, { level: 9 }),
      etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 22)}"`,
    };
  }
  return loaded;
}

/**
 * `GET /support/widget.js`: the chat widget that websites embed with
 * `<script src="{PUBLIC_URL}/support/widget.js" data-widget-token="wt_…" async></script>`. Loadable from any
 * site (Cross-Origin-Resource-Policy), cached for five minutes and revalidated by ETag, gzip when accepted.
 */
export function widgetScriptRoute(): ModuleHttpRoute {
  return {
    path: '/support/widget.js',
    method: 'GET',
    handle: async (request, reply) => {
      const script = widgetScript();
      reply.headers({
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'public, max-age=300',
        ETag: script.etag,
        Vary: 'Accept-Encoding',
        'Cross-Origin-Resource-Policy': 'cross-origin',
      });
      if (request.headers['if-none-match'] === script.etag) return reply.code(304).send();
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      if (gzip) reply.header('Content-Encoding', 'gzip');
      return reply.code(200).send(gzip ? script.gzip : script.plain);
    },
  };
}
