import { escapeHtml } from '../../../platform/http/html/html.js';

/** Where a form's hosted page lives, and the two snippets that put it on another site. */
export interface FormLinks {
  url: string;
  embed: { iframe: string; script: string };
}

/** The page is addressed by uuid: a slug can change, the uuid cannot, so a pasted snippet keeps working. */
export function formLinks(publicUrl: string, uuid: string, title: string): FormLinks {
  const url = `${publicUrl}/f/${uuid}`;
  const name = escapeHtml(title);
  return {
    url,
    embed: {
      iframe: `<iframe src="${url}" title="${name}" width="100%" height="640" style="border:0;max-width:40rem" loading="lazy"></iframe>`,
      script: `<script src="${publicUrl}/f/embed.js" data-form="${uuid}" async></script>`,
    },
  };
}
