import type { EntityManager } from '@mikro-orm/postgresql';
import { NotificationListener } from '../../../platform/database/notification-listener.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import type { CrmDeps } from '../crm-deps.js';
import { commitNextBatch, commitTarget } from './commit-writes.js';
import { CRM_WRITES_CHANNEL } from './pending-writes.js';
import { crossTenantSql, ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

const RETRY_AFTER_FAILURE_MS = 1_000;

export interface CommitLaneOptions {
  /** Awaited before each drain (tests hold commits back to observe PENDING). */
  beforeCommit?: () => Promise<void>;
}

/**
 * Commits accepted writes as soon as they are accepted. Each accept NOTIFYs `crm_writes` with its organization when it
 * commits; the lane drains that organization's waiting writes in batches, organizations taking turns. Notifications that arrive during a drain
 * ask for one more pass, so a write is never left behind a drain that started before it was visible. Any number
 * of processes run a lane: targets are taken under advisory locks. The write sweeper covers what a lost
 * notification or a killed process leaves behind.
 */
export class CommitLane {
  private readonly listener: NotificationListener;
  private readonly waiting = new Set<string>();
  private readonly retrying = new Set<string>();
  private running?: Promise<void>;
  private retryTimer?: NodeJS.Timeout;
  private stopped = true;

  constructor(
    private readonly deps: CrmDeps,
    private readonly options: CommitLaneOptions = {},
  ) {
    this.listener = new NotificationListener({
      databaseUrl: deps.orm.config.get('clientUrl')!,
      channel: CRM_WRITES_CHANNEL,
      logger: deps.logger,
      onNotify: (organizationId) => (organizationId ? this.wake(organizationId) : void this.wakeAll()),
    });
  }

  /** Listens, then commits what a previous run left accepted. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.listener.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.listener.stop();
    await this.running;
  }

  /** Asks for a drain of the organization's accepted writes. */
  wake(organizationId: string): void {
    if (this.stopped) return;
    this.waiting.add(organizationId);
    this.running ??= this.run().finally(() => (this.running = undefined));
  }

  /** Every organization with accepted writes (after a (re)connect: notifications may have been missed). */
  private async wakeAll(): Promise<void> {
    try {
      const rows = await crossTenantSql(
        this.deps.orm.em,
        'crm: after a reconnect, every organization with writes waiting',
      ).rows<{ org: string }>(
        sql`select distinct organization_id as org from crm.pending_writes where status = 'ACCEPTED'`,
      );
      for (const row of rows) this.wake(row.org);
    } catch (error) {
      this.deps.logger.warn('crm commit lane could not list waiting writes', { error: (error as Error).message });
    }
  }

  /** One batch per organization per turn: a flood of one organization's writes does not hold back the others'. */
  private async run(): Promise<void> {
    for (const organizationId of this.waiting) {
      this.waiting.delete(organizationId);
      if (this.stopped) return;
      const em = forkForTenant(this.deps.orm.em, organizationId) as unknown as EntityManager;
      try {
        await this.options.beforeCommit?.();
        if (await commitNextBatch(this.deps, em, organizationId)) this.waiting.add(organizationId);
      } catch (error) {
        this.deps.logger.warn('crm write commit failed; committing target by target', {
          error: (error as Error).message,
        });
        await this.commitOneByOne(em, organizationId);
      }
    }
  }

  /** After a failed batch: each target alone, so one failing write cannot hold back the others; failures retry later. */
  private async commitOneByOne(em: EntityManager, organizationId: string): Promise<void> {
    let failed = false;
    try {
      const targets = await tenantSql(em).rows<{ target: string }>(
        sql`select distinct target_external_id as target from crm.pending_writes where organization_id = ${ORG} and status = 'ACCEPTED'`,
      );
      for (const { target } of targets) {
        await commitTarget(this.deps, em, { organizationId, target }, true).catch((error: Error) => {
          failed = true;
          this.deps.logger.warn('crm write commit failed; retrying', { error: error.message, target });
        });
      }
    } catch (error) {
      failed = true;
      this.deps.logger.warn('crm write commit failed; retrying', { error: (error as Error).message });
    }
    if (failed) this.retryLater(organizationId);
  }

  private retryLater(organizationId: string): void {
    this.retrying.add(organizationId);
    this.retryTimer ??= setTimeout(() => {
      this.retryTimer = undefined;
      for (const org of this.retrying) this.wake(org);
      this.retrying.clear();
    }, RETRY_AFTER_FAILURE_MS).unref();
  }
}
