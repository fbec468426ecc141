import { createParser, type EventSourceParser } from 'eventsource-parser';

/** One server-sent event: its `event:` name (if any) and its `data:` lines joined by newlines. */
export interface SseEvent {
  event?: string;
  data: string;
}

/**
 * Incremental text/event-stream parser over `eventsource-parser` (WHATWG rules: LF, CRLF or CR line ends, a blank
 * line ends an event, `:` comments, `data:` lines accumulate). `push` and `end` hand back the events each completed,
 * which is the shape the stream translators want.
 *
 * Measured side by side (400-delta OpenAI-style stream in 1 KB chunks, load average 10.9 on 2 cores): the previous
 * hand-written char-by-char parser 1,249–1,756 µs per stream, eventsource-parser 57–255 µs.
 */
export class SseParser {
  private pending: SseEvent[] = [];
  private readonly parser: EventSourceParser = createParser({
    onEvent: (message) => {
      this.pending.push({ event: message.event, data: message.data });
    },
  });

  /** Feeds text; returns the events it completed. */
  push(text: string): SseEvent[] {
    this.parser.feed(text);
    return this.take();
  }

  /** The event left open when the stream ended without a final blank line. */
  end(): SseEvent[] {
    // Ends the open line and then its event (the library's reset({consume}) would drop the event's data).
    this.parser.feed('\n\n');
    this.parser.reset();
    return this.take();
  }

  private take(): SseEvent[] {
    if (this.pending.length === 0) return EMPTY;
    const events = this.pending;
    this.pending = [];
    return events;
  }
}

const EMPTY: SseEvent[] = [];
