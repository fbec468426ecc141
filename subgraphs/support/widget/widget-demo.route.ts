import type { ModuleHttpRoute } from '../../../platform/http/module-http.js';
import { html } from '../../../platform/http/html/html.js';
import { renderPage } from '../../../platform/http/html/page.js';

const DEMO_CSS = `
.demo-hero { padding: 3rem 0 2rem; }
.demo-grid { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); }
.demo-card { border: 1px solid #d0d4dc; border-radius: 8px; padding: 1rem; }
`;

/**
 * `GET /support/widget/demo?widgetToken=wt_…`: a sample shop page that embeds the real widget script exactly as a
 * customer's website does (`<script src=…/support/widget.js data-widget-token=… async>`).
 */
export function widgetDemoRoute(publicUrl: string): ModuleHttpRoute {
  const ws = publicUrl.replace(/^http/, 'ws');
  return {
    path: '/support/widget/demo',
    method: 'GET',
    handle: async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const token =
        typeof query.widgetToken === 'string' ? query.widgetToken : typeof query.token === 'string' ? query.token : '';
      const page = renderPage({
        title: 'Widget demo · Sample shop',
        css: DEMO_CSS,
        connectSrc: [ws],
        // The embed snippet as customers paste it; same-origin, so the page's CSP (script-src 'self') admits it.
        head: token ? html`<script src="/support/widget.js" data-widget-token="${token}" async></script>` : undefined,
        body: html`
<section class="demo-hero">
  <h1>Sample shop</h1>
  <p>${token ? 'This page embeds the chat widget: open it with the button in the corner.' : "Add ?widgetToken=wt_… to the address to embed an inbox's widget."}</p>
</section>
<section class="demo-grid" aria-label="Products">
  <article class="demo-card"><h2>Basic plan</h2><p>Everything to start.</p></article>
  <article class="demo-card"><h2>Team plan</h2><p>For growing teams.</p></article>
  <article class="demo-card"><h2>Enterprise</h2><p>Talk to us in the chat.</p></article>
</section>`,
      });
      return reply.code(200).headers(page.headers).send(page.body);
    },
  };
}
