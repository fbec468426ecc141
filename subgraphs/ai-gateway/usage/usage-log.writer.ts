import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../../platform/logging/logger.js';
import { crossTenantSql, sqlOf } from '../../../platform/orm/tenant-sql.js';

/** One request as the usage log keeps it. */
export interface UsageEntry {
  organizationId: string;
  requestId: string;
  keyId: string | null;
  /** Which path served it; chat when unset. */
  endpoint?: 'chat' | 'embeddings' | 'responses';
  /** The model the client asked for (a bare name, a route or provider/model). */
  model: string;
  provider: string | null;
  providerModel: string | null;
  promptTokens: number;
  completionTokens: number;
  /** USD; null when no price is known for the model (unknown, not free). */
  costUsd: number | null;
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
  /** False while the usage store cannot keep up (its backlog is full): new requests are refused with 503. */
  readonly accepting: boolean;
}

export interface UsageLogWriterOptions {
  /** How often buffered rows are written. */
  intervalMs?: number;
  /** Rows per insert statement; a full buffer is written at once. */
  batchSize?: number;
  /** Rows kept while the database refuses them; at this many the gateway stops taking requests. */
  backlogLimit?: number;
}

const COLUMN_LIST = `organization_id, request_id, key_id, endpoint, model, provider, provider_model, prompt_tokens, completion_tokens,
  total_tokens, cost_usd, latency_ms, first_chunk_ms, cache, status, error_code, stream, estimated, created_at`;

/**
 * Writes usage rows off the hot path: entries are buffered and inserted in batches (one statement per batch)
 * every `intervalMs` or when `batchSize` wait. Rows the database refuses stay buffered and are tried again, so an
 * outage loses nothing; once `backlogLimit` rows wait, `accepting` turns false (no request goes unaccounted for).
 */
export class UsageLogWriter implements UsageSink {
  private buffer: UsageEntry[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private readonly batchSize: number;
  private readonly backlogLimit: number;

  constructor(
    private readonly orm: MikroORM,
    private readonly logger: Logger,
    options: UsageLogWriterOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.backlogLimit = options.backlogLimit ?? 100_000;
    this.timer = setInterval(() => void this.flush(), options.intervalMs ?? 500);
    this.timer.unref();
  }

  get accepting(): boolean {
    return this.buffer.length < this.backlogLimit;
  }

  record(entry: UsageEntry) {
    this.buffer.push(entry);
    if (this.buffer.length === this.batchSize) void this.flush();
  }

  /** Writes what is buffered; resolves when every row recorded before the call is written, or back in the buffer. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBuffered());
    return this.flushing;
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }

  private async writeBuffered() {
    while (this.buffer.length > 0) {
      const batch = this.buffer.slice(0, this.batchSize);
      try {
        await this.insert(batch);
      } catch (error) {
        this.logger.error('usage log write failed; rows kept for the next try', {
          rows: this.buffer.length,
          error: (error as Error).message,
        });
        return;
      }
      this.buffer = this.buffer.slice(batch.length);
    }
  }

  private async insert(batch: UsageEntry[]) {
    const rows = batch.map((e) => ({
      organization_id: e.organizationId,
      request_id: e.requestId,
      key_id: e.keyId,
      endpoint: e.endpoint ?? 'chat',
      model: e.model,
      provider: e.provider,
      provider_model: e.providerModel,
      prompt_tokens: e.promptTokens,
      completion_tokens: e.completionTokens,
      total_tokens: e.promptTokens + e.completionTokens,
      cost_usd: e.costUsd,
      latency_ms: Math.round(e.latencyMs),
      first_chunk_ms: e.firstChunkMs === null ? null : Math.round(e.firstChunkMs),
      cache: e.cache,
      status: e.status,
      error_code: e.errorCode,
      stream: e.stream,
      estimated: e.estimated,
      created_at: e.createdAt,
    }));
    // The batch travels as one JSON parameter: binding 18 parameters a row cost the driver more than the rows did
    // (and MikroORM's execute would inline every value into the SQL text). Every row carries its own organization.
    await crossTenantSql(this.orm.em, 'ai-gateway: the usage log buffer holds requests of every organization').runBound(
      sqlOf(
        `insert into ai_gateway.usage_log (${COLUMN_LIST}) select ${COLUMN_LIST} from json_populate_recordset(null::ai_gateway.usage_log, ?::json)`,
        [JSON.stringify(rows)],
      ),
    );
  }
}
