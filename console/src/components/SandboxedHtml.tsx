/**
 * What the message's own document may load: nothing from any host (remote images are how senders track opens), inline
 * styles and data: images only. Put in the document itself rather than relying on the srcdoc inheriting the console's
 * policy, which Chromium does not apply to every fetch of an opaque-origin frame.
 */
const MESSAGE_POLICY = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:">`;

/**
 * A message's HTML in an iframe with an empty sandbox: no script runs, no form posts, no navigation of the console,
 * and the document gets an opaque origin (it cannot read the console's storage, where the key is).
 */
export function SandboxedHtml({ html, title }: { html: string; title: string }) {
  // A new frame for new HTML: Chromium fetches a remote image once when an existing frame's srcdoc changes, before the
  // document's policy refuses it; a fresh frame only refuses it.
  return (
    <iframe
      key={html}
      title={title}
      sandbox=""
      srcDoc={MESSAGE_POLICY + html}
      referrerPolicy="no-referrer"
      style={{ width: '100%', minHeight: 420, border: '1px solid var(--mantine-color-gray-3)', background: '#fff' }}
    />
  );
}
