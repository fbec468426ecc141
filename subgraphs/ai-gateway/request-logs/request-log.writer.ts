import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../../platform/logging/logger.js';
import { crossTenantSql, sqlOf } from '../../../platform/orm/tenant-sql.js';
import type { OrgConfigCache } from '../routing/org-config.cache.js';
import { redactorOf } from './redaction.js';

/** What an organization that logs bodies asked for (loaded with its config). */
export interface BodyLogging {
  retentionDays: number;
  redact: string[];
  redactStrings: string[];
}

interface Pending {
  organizationId: string;
  requestId: string;
  endpoint: string;
  model: string;
  request: unknown;
  response: unknown;
  logging: BodyLogging;
  createdAt: Date;
}

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Request and response bodies of organizations that turned logging on. The request path only pushes a reference
 * (the check is the organization's config, in memory); serializing, redacting and inserting happen in the timer,
 * in batches, and old rows are pruned there by each organization's retention.
 */
export class RequestLogWriter {
  private buffer: Pending[] = [];
  private readonly timer: NodeJS.Timeout;
  private lastPrune = 0;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly orm: MikroORM,
    private readonly configs: OrgConfigCache,
    private readonly logger: Logger,
    intervalMs = 1_000,
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** The organization's logging when it is on (from memory; undefined when off or not loaded). */
  loggingOf(organizationId: string): BodyLogging | undefined {
    return this.configs.getNow(organizationId)?.logging ?? undefined;
  }

  record(entry: Omit<Pending, 'createdAt'>) {
    if (this.buffer.length >= 10_000) return; // a store that cannot keep up loses bodies, never requests
    this.buffer.push({ ...entry, createdAt: new Date() });
  }

  flush(): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.write())
      .catch((error: Error) => this.logger.error('request log write failed', { error: error.message }));
    return this.flushing;
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write() {
    const batch = this.buffer;
    this.buffer = [];
    const db = crossTenantSql(this.orm.em, 'ai-gateway: the body log buffer and its retention span organizations');
    if (batch.length) {
      const rows = batch.map((e) => {
        const redact = redactorOf(e.logging.redact, e.logging.redactStrings);
        return {
          organization_id: e.organizationId,
          request_id: e.requestId,
          endpoint: e.endpoint,
          model: e.model,
          request: JSON.parse(redact(JSON.stringify(e.request))),
          response: e.response === undefined ? null : JSON.parse(redact(JSON.stringify(e.response))),
          created_at: e.createdAt,
        };
      });
      const columns = 'organization_id, request_id, endpoint, model, request, response, created_at';
      await db.runBound(
        sqlOf(
          `insert into ai_gateway.request_logs (${columns}) select ${columns} from json_populate_recordset(null::ai_gateway.request_logs, ?::json)`,
          [JSON.stringify(rows)],
        ),
      );
    }
    if (Date.now() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      await pruneRequestLogs(this.orm);
    }
  }
}

/** Deletes bodies past their organization's retention (turning logging off keeps the rest until then). */
export async function pruneRequestLogs(orm: MikroORM): Promise<void> {
  await crossTenantSql(orm.em, 'ai-gateway: retention of the body log, every organization by its own setting').runBound(
    sqlOf(
      `delete from ai_gateway.request_logs l where not exists (select 1 from ai_gateway.log_settings s
      where s.organization_id = l.organization_id and l.created_at >= now() - s.retention_days * interval '1 day')`,
      [],
    ),
  );
}
