import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../../platform/logging/logger.js';

/** One request as the usage log keeps it. */
export interface UsageEntry {
  organizationId: string;
  requestId: string;
  keyId: string | null;
  /** The model the client asked for (a bare name, a route or provider/model). */
  model: string;
  provider: string | null;
  providerModel: string | null;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  latencyMs: number;
  firstChunkMs: number | null;
  cache: 'HIT' | 'MISS' | 'BYPASS';
  status: 'SUCCESS' | 'ERROR' | 'ABORTED';
  errorCode: string | null;
  stream: boolean;
  /** Tokens estimated from the characters seen (a stream cut short before the provider reported usage). */
  estimated: boolean;
  createdAt: Date;
}

export interface UsageSink {
  record(entry: UsageEntry): void;
}

const COLUMNS = 18;

/**
 * Writes usage rows off the hot path: entries are buffered and inserted in batches (one statement per batch)
 * every `intervalMs` or when `batchSize` wait. Each row carries the organization of the request that made it.
 */
export class UsageLogWriter implements UsageSink {
  private buffer: UsageEntry[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly orm: MikroORM, private readonly logger: Logger, intervalMs = 500, private readonly batchSize = 500) {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  record(entry: UsageEntry) {
    this.buffer.push(entry);
    if (this.buffer.length >= this.batchSize) void this.flush();
  }

  /** Writes what is buffered; resolves when every row recorded before the call is in the database. */
  flush(): Promise<void> {
    const batch = this.buffer;
    if (batch.length === 0) return this.flushing;
    this.buffer = [];
    this.flushing = this.flushing.then(() => this.insert(batch)).catch((error: Error) => {
      this.logger.error('usage log write failed', { rows: batch.length, error: error.message });
    });
    return this.flushing;
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }

  private async insert(batch: UsageEntry[]) {
    const params: unknown[] = [];
    const rows: string[] = [];
    for (const e of batch) {
      rows.push(`(${new Array(COLUMNS).fill('?').join(',')})`);
      params.push(
        e.organizationId, e.requestId, e.keyId, e.model, e.provider, e.providerModel, e.promptTokens, e.completionTokens,
        e.promptTokens + e.completionTokens, e.costUsd, Math.round(e.latencyMs), e.firstChunkMs === null ? null : Math.round(e.firstChunkMs),
        e.cache, e.status, e.errorCode, e.stream, e.estimated, e.createdAt,
      );
    }
    await this.orm.em.getConnection().execute(
      `insert into ai_gateway.usage_log (organization_id, request_id, key_id, model, provider, provider_model, prompt_tokens, completion_tokens,
         total_tokens, cost_usd, latency_ms, first_chunk_ms, cache, status, error_code, stream, estimated, created_at) values ${rows.join(',')}`,
      params,
    );
  }
}
