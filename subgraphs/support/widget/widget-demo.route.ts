import type { ModuleHttpRoute } from '../../../platform/http/module-http.js';
import { WIDGET_DEMO_HTML } from './widget-demo.html.js';

/**
 * `GET /support/widget/demo?widgetToken=wt_…`: a self-contained page (no CDN, no external script) that runs the
 * widget in a browser: session, identify, conversation, messages, and agent replies live over graphql-ws.
 */
export function widgetDemoRoute(): ModuleHttpRoute {
  return {
    path: '/support/widget/demo',
    method: 'GET',
    handle: async (_request, reply) => {
      reply.code(200).headers({
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        // Everything the page needs is inline or same-origin.
        'Content-Security-Policy': "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self' ws: wss:",
        'X-Content-Type-Options': 'nosniff',
      });
      return reply.send(WIDGET_DEMO_HTML);
    },
  };
}
