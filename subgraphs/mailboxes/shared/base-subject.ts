// Leading reply/forward markers and `[list]` tags, repeated (RFC 8621 section 3, after RFC 5256's base subject).
const PREFIX = /^\s*(?:(?:re|fwd?|aw|sv|wg)\s*(?:\[\d+\])?\s*:|\[[^\]]*\])\s*/i;
const TRAILER = /\s*\(fwd\)\s*$/i;

/** The subject with `Re:`/`Fwd:`/`[list]` prefixes stripped, whitespace folded and lower-cased: threads compare these. */
export function baseSubject(subject: string): string {
  let s = subject.replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 50; i++) {
    const next = s.replace(PREFIX, '').replace(TRAILER, '');
    if (next === s) break;
    s = next;
  }
  return s.toLowerCase();
}

/** `Re: <subject>` unless it already starts with a reply marker. */
export function replySubject(subject: string): string {
  return /^\s*re\s*:/i.test(subject) ? subject : `Re: ${subject}`;
}

/** `Fwd: <subject>` unless it already starts with one. */
export function forwardSubject(subject: string): string {
  return /^\s*fwd?\s*:/i.test(subject) ? subject : `Fwd: ${subject}`;
}
