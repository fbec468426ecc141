/** One server-sent event: its `event:` name (if any) and its `data:` lines joined by newlines. */
export interface SseEvent {
  event?: string;
  data: string;
}

/**
 * Incremental text/event-stream parser (WHATWG rules that matter here): lines end in LF, CRLF or CR, a blank
 * line ends an event, `:` lines are comments (keep-alives), `data:` lines accumulate.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event: string | undefined;

  /** Feeds text; returns the events it completed. */
  push(text: string): SseEvent[] {
    this.buffer += text;
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      // A CR at the very end may be half of a CRLF: wait for the next chunk.
      if (c === 13 && i === this.buffer.length - 1) break;
      const line = this.buffer.slice(start, i);
      if (c === 13 && this.buffer.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
      this.line(line, events);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  /** The event left open when the stream ended without a final blank line. */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.buffer.length > 0) this.line(this.buffer, events);
    this.buffer = '';
    this.line('', events);
    return events;
  }

  private line(line: string, events: SseEvent[]) {
    if (line === '') {
      if (this.data.length > 0) events.push({ event: this.event, data: this.data.join('\n') });
      this.data = [];
      this.event = undefined;
      return;
    }
    if (line.charCodeAt(0) === 58) return; // ':' comment
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
  }
}
