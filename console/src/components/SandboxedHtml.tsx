import { useMemo } from 'react';
import { withoutRemoteResources } from './without-remote-resources';

/**
 * What the message's own document may load: nothing from any host (remote images are how senders track opens), inline
 * styles and data: images only. Put in the document itself rather than relying on the srcdoc inheriting the console's
 * policy, which Chromium does not apply to every fetch of an opaque-origin frame.
 */
const MESSAGE_POLICY = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:">`;

/**
 * A message's HTML in an iframe with an empty sandbox: no script runs, no form posts, no navigation of the console,
 * and the document gets an opaque origin (it cannot read the console's storage, where the key is). The addresses the
 * document would fetch by itself are taken out first, the policy refusing whatever is left (CSS `url()`).
 */
export function SandboxedHtml({ html, title }: { html: string; title: string }) {
  const srcDoc = useMemo(() => MESSAGE_POLICY + withoutRemoteResources(html), [html]);
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={srcDoc}
      referrerPolicy="no-referrer"
      style={{ width: '100%', minHeight: 420, border: '1px solid var(--mantine-color-gray-3)', background: '#fff' }}
    />
  );
}
