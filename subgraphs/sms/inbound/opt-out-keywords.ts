/** Twilio's default opt-out keywords on long codes; matched as the whole message, one word, any case. */
export const OPT_OUT_KEYWORDS = [
  'STOP',
  'UNSUBSCRIBE',
  'END',
  'QUIT',
  'STOPALL',
  'REVOKE',
  'OPTOUT',
  'CANCEL',
] as const;
/** Opt back in (Twilio: START, UNSTOP; YES is left out: too common as a plain reply). */
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP'] as const;

export type KeywordKind = 'opt-out' | 'opt-in' | null;

/** "stop", " Stop\n" are keywords; "STOP PLEASE" and "stop." are not (a single bare word only). */
export function keywordOf(body: string): { kind: KeywordKind; keyword: string | null } {
  const word = body.trim().toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return { kind: 'opt-out', keyword: word };
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return { kind: 'opt-in', keyword: word };
  return { kind: null, keyword: null };
}
