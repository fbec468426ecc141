/** How long a typing signal lasts and how often it may reach a subscriber. */
export interface TypingOptions {
  /** A typing signal not renewed within this time ends by itself (the sender renews while typing). */
  expiresAfterMs: number;
  /**
   * At most one change per sender reaches a subscriber in this window (the latest state is delivered at its end), and
   * a sender's renewal within it is not published at all.
   */
  minIntervalMs: number;
}

/** Intercom and Chatwoot keep a typing indicator a few seconds after the last keystroke; senders renew every 3 s. */
export const DEFAULT_TYPING: TypingOptions = { expiresAfterMs: 6_000, minIntervalMs: 300 };

/** The bus message type of a typing signal (transient: never an outbox event, never a webhook). */
export const TYPING_SIGNAL = 'support.typing';

/** What a typing signal carries on the bus. */
export interface TypingSignal {
  conversationId: string;
  inboxId: string;
  /** `visitor`, `agent` (with authorId) or `inbox` (an agent signalling as the inbox). */
  senderType: 'visitor' | 'agent' | 'inbox';
  authorId: string | null;
  /** The agent's name as the visitor sees it (the inbox's for `inbox`); null for the visitor. */
  authorName: string | null;
  typing: boolean;
}

/** One sender of a conversation: the relay keeps a state per sender. */
export const senderKeyOf = (s: { senderType: string; authorId: string | null }) =>
  s.senderType === 'agent' ? `agent:${s.authorId}` : s.senderType;
