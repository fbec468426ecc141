/** Attributes through which an HTML document fetches something on its own, without a click. */
const FETCHING_ATTRIBUTES = ['src', 'srcset', 'background', 'poster', 'data'] as const;

/**
 * The message's HTML with every address it would fetch by itself (images, frames, media, stylesheets) taken out,
 * data: URLs kept. Remote images are how senders track opens; the frame's policy refuses them too, but a browser may
 * start a fetch before a policy applies (Chromium did, when a hidden frame was shown), and an address that is not
 * there cannot be fetched. Parsed by DOMParser, whose documents fetch nothing.
 */
export function withoutRemoteResources(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of doc.querySelectorAll('*')) {
    for (const name of FETCHING_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value !== null && !/^\s*data:/i.test(value)) element.removeAttribute(name);
    }
    if (element.localName === 'link' && !/^\s*data:/i.test(element.getAttribute('href') ?? '')) element.remove();
  }
  return doc.documentElement.outerHTML;
}
