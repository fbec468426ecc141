/**
 * The canned-response shortcut being typed: the reply box starts with `/` and a word (`/refund`), nothing after it
 * yet. Returns the word (possibly empty right after the slash), or null when the text is an ordinary reply.
 */
export function cannedShortcut(text: string): string | null {
  const match = /^\/([\w-]*)$/.exec(text);
  return match ? match[1]! : null;
}
