import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logging/logger.js';
import { crossTenantSql, sql } from '../orm/tenant-sql.js';
import { EVENTS_CHANNEL } from './emit-event.js';

/**
 * Wakes the events dispatchers (of every process, by NOTIFY) for outbox rows a statement outside any transaction has
 * already committed: for hot writes that must not NOTIFY in their own transaction. PostgreSQL serializes the commits
 * of all transactions that NOTIFY behind one database-wide lock held until the commit is over, WAL flush included, so
 * durable writes that NOTIFY commit one flush at a time (inbound mail: 8 SMTP connections waited on that lock, not on
 * the CPU). This NOTIFY runs in a transaction of its own that changes no data, with synchronous_commit off: there is
 * nothing to flush, so it holds the lock only briefly. Requests made while one is on its way coalesce into one more,
 * sent after it. A wake-up lost to a crash or an error is made up by the dispatcher's sweep (EVENTS_SWEEP_MS).
 */
export class DispatcherWakeUp {
  private sending = false;
  private again = false;

  constructor(
    private readonly em: () => EntityManager,
    private readonly logger?: Logger,
  ) {}

  /** Call after the outbox rows committed. */
  request(): void {
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = true;
    this.again = false;
    crossTenantSql(this.em(), 'a NOTIFY that carries no tenant data wakes the dispatchers')
      .rows(sql`select set_config('synchronous_commit', 'off', true), pg_notify(${EVENTS_CHANNEL}, '')`)
      .catch((error: Error) =>
        this.logger?.warn('events wake-up failed; the dispatcher sweep will pick the events up', {
          error: error.message,
        }),
      )
      .finally(() => {
        this.sending = false;
        if (this.again) this.request();
      });
  }
}
