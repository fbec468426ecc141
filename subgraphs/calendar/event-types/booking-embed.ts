import { escapeHtml } from '../../../platform/http/html/html.js';

/** The two snippets that put a public event type's booking page on another site. */
export interface BookingEmbedSnippets {
  iframe: string;
  script: string;
}

/**
 * `iframe`: the booking page inline where it is pasted; `script`: `/book/embed.js`, which puts a "Book" link there that
 * opens the page in a popup window. Both absolute from the platform's public URL; null without a booking page.
 */
export function bookingEmbed(publicUrl: string, url: string | null, title: string): BookingEmbedSnippets | null {
  if (!url) return null;
  const name = escapeHtml(title);
  const page = escapeHtml(url);
  return {
    iframe: `<iframe src="${page}" title="${name}" width="100%" height="720" style="border:0;max-width:44rem" loading="lazy"></iframe>`,
    script: `<script src="${escapeHtml(publicUrl)}/book/embed.js" data-booking="${page}" data-label="Book: ${name}" async></script>`,
  };
}
