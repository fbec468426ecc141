import { StringDecoder } from 'node:string_decoder';
import type { Dispatcher } from 'undici';

/** Where a response's body goes, piece by piece as text, then its end or failure (once). */
export interface BodySink {
  data(text: string): void;
  end(): void;
  error(error: Error): void;
}

/** What a response needs of its connection: backpressure and abort (undici's controller, or the sandbox's). */
export type BodyController = Pick<Dispatcher.DispatchController, 'pause' | 'resume' | 'paused' | 'abort'>;

/**
 * A provider's answer once its status arrived. The body is handed to one `read` sink; pieces that arrive before
 * it is attached wait in order. `pause`/`resume` apply backpressure to the connection.
 */
export class UpstreamResponse {
  private sink: BodySink | null = null;
  private early: Buffer[] = [];
  private outcome: 'open' | 'ended' | Error = 'open';
  private decoder: StringDecoder | null = null;

  constructor(
    readonly status: number,
    private readonly controller: BodyController,
  ) {}

  read(sink: BodySink) {
    this.sink = sink;
    for (const piece of this.early) this.deliver(piece);
    this.early = [];
    if (this.outcome === 'ended') this.finish();
    else if (this.outcome !== 'open') sink.error(this.outcome);
  }

  pause() {
    this.controller.pause();
  }

  resume() {
    this.controller.resume();
  }

  get paused(): boolean {
    return this.controller.paused;
  }

  /** Closes the connection (the provider sees it go). */
  abort(reason: Error) {
    this.controller.abort(reason);
  }

  /** @internal the dispatch handler's side */
  push(piece: Buffer) {
    if (this.sink) this.deliver(piece);
    else this.early.push(piece);
  }

  /** @internal */
  settle(outcome: 'ended' | Error) {
    if (this.outcome !== 'open') return;
    this.outcome = outcome;
    if (!this.sink) return;
    if (outcome === 'ended') this.finish();
    else this.sink.error(outcome);
  }

  private deliver(piece: Buffer) {
    // A UTF-8 character may straddle two pieces; the decoder holds its first bytes back.
    this.sink!.data((this.decoder ??= new StringDecoder('utf8')).write(piece));
  }

  private finish() {
    const rest = this.decoder?.end();
    if (rest) this.sink!.data(rest);
    this.sink!.end();
  }
}
