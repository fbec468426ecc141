import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import { doubling, fullJitter } from '../../../platform/jobs/retry-backoff.js';
import { secretBoxFor } from '../../../platform/crypto/encryption-key.js';
import { SafeHttpClient } from '../../../platform/net/safe-http-client.js';
import type { CrmDeps } from '../crm-deps.js';
import { PROVIDERS, type ProviderRequest, type PushActivity, type PushContact } from './providers.js';
import { acquireSlot } from './rate-slot.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

export const INTEGRATION_PUSH_JOB = 'crm.integration-push';

export interface PushJobData {
  organizationId: string;
  integrationId: number;
  /** Failed pushes in a row: the wait before the next try grows with it; a push that gets through resets it. */
  failures?: number;
}

interface IntegrationRow {
  id: number;
  provider: string;
  base_url: string;
  access_token_sealed: string;
}
/** `created_at` (as text: microseconds, which a JS Date would round) doubles as a version: a change committed while the entry is being pushed moves it (integration-triggers.ts). */
interface OutboxRow {
  id: string;
  kind: 'contact' | 'activity';
  ref_id: string;
  version: string;
}

// After a failed push: uniform up to 10 s, 20 s, 40 s, ... 10 min, then every 10 min at most (5 s on average the first time).
const FAILURE_BACKOFF = fullJitter(doubling(10_000, 600_000, 7), { repeatLast: true });
const BATCH = 20;

/** What a push sends is what the hash covers: an unchanged record hashes the same and is skipped. */
export const syncHash = (request: ProviderRequest) =>
  createHash('sha256').update(JSON.stringify(request.body)).digest('hex');

/**
 * Pushes an integration's outbox in order, one request per contact change (skipped when its syncHash is unchanged)
 * and per activity, within the provider's rate limit: out of slots, the job reschedules itself for when one frees.
 * One worker per integration at a time (a lease on the row); another one finding it busy comes back a second later.
 */
export function integrationPushJob(deps: CrmDeps, clock: () => Date = () => new Date()): JobDefinition<PushJobData> {
  const http = new SafeHttpClient({ allowPrivate: deps.config.webhookAllowPrivate, maxSockets: 8 });
  let secrets: ReturnType<typeof secretBoxFor> | undefined;
  const again = (em: EntityManager, data: PushJobData, at: Date) =>
    deps.jobs.enqueue(em, INTEGRATION_PUSH_JOB, data, at);

  return {
    name: INTEGRATION_PUSH_JOB,
    concurrency: 4,
    lockLifetimeMs: 120_000,
    handler: async (data, { em }) => {
      let failures = data.failures ?? 0;
      const db = tenantSql(em);
      await db.run(
        sql`update crm.integrations set push_pending = false where organization_id = ${ORG} and id = ${data.integrationId}`,
      );
      // A lease, not a session lock: pooled connections would not release one reliably, and a crashed worker's lease lapses.
      const leased = await db.rows<{ id: number }>(
        sql`update crm.integrations set pushing_until = now() + interval '2 minutes' where organization_id = ${ORG} and id = ${data.integrationId} and (pushing_until is null or pushing_until < now()) returning id`,
      );
      if (leased.length === 0) return again(em, data, new Date(Date.now() + 1000));
      try {
        const integration = (
          await db.rows<IntegrationRow>(
            sql`select id, provider, base_url, access_token_sealed from crm.integrations where organization_id = ${ORG} and id = ${data.integrationId}`,
          )
        )[0];
        const provider = integration && PROVIDERS[integration.provider];
        if (!integration || !provider) return;
        secrets ??= secretBoxFor(deps.orm, deps.config.encryptionKey, deps.logger);
        const token = (await secrets).open(integration.access_token_sealed, `crm-integration:${integration.id}`);
        for (;;) {
          const entries = await db.rows<OutboxRow>(
            sql`select id, kind, ref_id, created_at::text as version from crm.integration_outbox where organization_id = ${ORG} and integration_id = ${integration.id} order by id limit ${BATCH}`,
          );
          if (entries.length === 0) return;
          for (const entry of entries) {
            const prepared = await prepare(em, integration.id, entry, provider);
            if (!prepared) {
              await db.run(
                sql`delete from crm.integration_outbox where organization_id = ${ORG} and id = ${entry.id} and created_at = ${entry.version}::timestamptz`,
              );
              continue;
            }
            const slot = await acquireSlot(em, integration.id, provider.limit, provider.windowMs, clock());
            if (!slot.ok) return again(em, data, slot.retryAt);
            const result = await http.post({
              url: integration.base_url.replace(/\/$/, '') + prepared.request.path,
              body: JSON.stringify(prepared.request.body),
              timeoutMs: 10_000,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            });
            if (result.kind !== 'response' || result.status < 200 || result.status >= 300) {
              const error = result.kind === 'response' ? `HTTP ${result.status}` : result.error;
              // A URL the guard refuses will be refused again: no retry loop; the next contact change tries once more.
              const refused = result.kind === 'error' && result.refused;
              const stored = refused
                ? `${error} (pushes stopped: connect the integration again with a public URL)`
                : error;
              await db.run(
                sql`update crm.integrations set last_error = ${stored} where organization_id = ${ORG} and id = ${integration.id}`,
              );
              if (refused) return;
              failures += 1;
              return again(em, { ...data, failures }, new Date(Date.now() + FAILURE_BACKOFF.delayBefore(failures)!));
            }
            let body: unknown = null;
            try {
              body = JSON.parse(result.body);
            } catch {
              body = null;
            }
            await em.transactional(async (tx) => {
              const t = tenantSql(tx);
              if (entry.kind === 'contact') {
                await t.run(
                  sql`insert into crm.contact_syncs (organization_id, contact_id, integration_id, external_id, sync_hash, last_synced_at) values (${ORG}, ${entry.ref_id}, ${integration.id}, ${provider.idOf(body)}, ${prepared.hash}, ${clock()})
                   on conflict (contact_id, integration_id) do update set external_id = coalesce(crm.contact_syncs.external_id, excluded.external_id), sync_hash = excluded.sync_hash, last_synced_at = excluded.last_synced_at`,
                );
              }
              // Kept when re-touched meanwhile: the next pass hashes the newer record and pushes it.
              await t.run(
                sql`delete from crm.integration_outbox where organization_id = ${ORG} and id = ${entry.id} and created_at = ${entry.version}::timestamptz`,
              );
              await t.run(
                sql`update crm.integrations set last_error = null where organization_id = ${ORG} and id = ${integration.id}`,
              );
            });
            failures = 0;
          }
        }
      } finally {
        await db.run(
          sql`update crm.integrations set pushing_until = null where organization_id = ${ORG} and id = ${data.integrationId}`,
        );
      }
    },
  };
}

/** The request for an outbox entry, or null when nothing needs sending (gone, unchanged, or not pushable). */
async function prepare(
  em: EntityManager,
  integrationId: number,
  entry: OutboxRow,
  provider: (typeof PROVIDERS)[string],
) {
  const db = tenantSql(em);
  if (entry.kind === 'contact') {
    const rows = await db.rows<PushContact & { status: string; externalId: string | null; syncHash: string | null }>(
      sql`select c.id::text as id, c.email, c.given_name as "givenName", c.family_name as "familyName", c.name, c.phone, c.lifecycle_stage as "lifecycleStage", c.status,
              s.external_id as "externalId", s.sync_hash as "syncHash"
       from crm.contacts c left join crm.contact_syncs s on s.contact_id = c.id and s.organization_id = c.organization_id and s.integration_id = ${integrationId} where c.organization_id = ${ORG} and c.id = ${entry.ref_id}`,
    );
    const contact = rows[0];
    if (!contact || contact.status === 'DELETED' || contact.status === 'MERGED') return null;
    if (provider.name === 'hubspot' && !contact.email) return null; // upserts are keyed by email
    const request = provider.contact(contact, contact.externalId);
    const hash = syncHash(request);
    return hash === contact.syncHash ? null : { request, hash };
  }
  const rows = await db.rows<PushActivity & { contactExternalId: string | null }>(
    sql`select a.type, a.content, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt", s.external_id as "contactExternalId"
     from crm.activities a left join crm.contact_syncs s on s.contact_id = a.contact_id and s.organization_id = a.organization_id and s.integration_id = ${integrationId} where a.organization_id = ${ORG} and a.id = ${entry.ref_id}`,
  );
  if (!rows[0]) return null;
  const request = provider.activity(rows[0], rows[0].contactExternalId);
  return { request, hash: syncHash(request) };
}
