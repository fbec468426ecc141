import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlanName } from '../../../platform/rate-limit/plans.js';
import { newId } from '../../../platform/ids/ids.js';
import { jobInsert } from '../../../platform/jobs/jobs.js';
import { countQuotaIfAllowed } from '../../../platform/quotas/consume-quota.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { ORG, sql, sqlOf, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { EmailStatus } from '../entities/email-status.js';
import { SEND_EMAIL_JOB } from '../jobs/send-email.job.js';
import type { ValidSend } from './send-email.validate.js';

/**
 * Queues one validated message in ONE statement (one round trip, atomic without BEGIN/COMMIT): the quota count
 * gates the message row, the row gates its `email.send` job, the job gates its NOTIFY (delivered on commit), so all
 * of it happens or none. The same row MikroORM's flush wrote (email-message.entity.ts). Answers the new message's id; throws QUOTA_EXCEEDED when the plan's allowance is
 * used up, and the driver's unique violation when another message already holds `idempotencyKey`.
 */
export async function writeQueuedMessage(
  em: EntityManager,
  plan: PlanName,
  send: ValidSend,
  idempotencyKey: string | null,
): Promise<string> {
  const id = newId('em');
  const now = new Date();
  const organizationId = tenantOf(em);
  const quota = countQuotaIfAllowed(ORG, plan, 'emails', 1, '', now);
  const job = jobInsert(SEND_EMAIL_JOB, { organizationId, messageId: id }, now, 'from message');
  const notify = job.notify('job');
  const attachmentInfo = send.attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    size: Buffer.byteLength(a.content, 'base64'),
  }));
  // Bound, not inlined (a body may be megabytes), and prepared once per connection: the text depends on the plan's quota only.
  const [row] = await tenantSql(em).rowsBound<{ written: string; used_before: string | null }>(
    sql`with counted as (${sqlOf(quota.sql, quota.params)}),
     message as (
       insert into email.messages (id, organization_id, from_address, to_addresses, cc, bcc, reply_to, subject, html, text, headers, tags, attachments, attachment_info,
         template_id, status, attempts, track_opens, track_clicks, list_unsubscribe, open_count, click_count, idempotency_key, created_at, updated_at)
       select ${id}, ${ORG}, ${send.from}, ${send.to}::text[], ${send.cc}::text[], ${send.bcc}::text[], ${send.replyTo}::text[], ${send.subject ?? ''}, ${send.html ?? null}, ${send.text ?? null},
         ${JSON.stringify(send.headers)}::jsonb, ${JSON.stringify(send.tags)}::jsonb, ${send.attachments.length ? JSON.stringify(send.attachments) : null}::jsonb, ${JSON.stringify(attachmentInfo)}::jsonb,
         ${send.templateId ?? null}, ${EmailStatus.QUEUED}, 0, ${send.trackOpens}::boolean, ${send.trackClicks}::boolean, ${send.listUnsubscribe}::boolean, 0, 0, ${idempotencyKey}, ${now}::timestamptz, ${now}::timestamptz
       from counted
       returning id),
     job as (${sqlOf(job.sql, job.params)})
     select (select count(*) from message) as written, (${sqlOf(quota.usedBeforeSql, quota.usedBeforeParams)}) as used_before, (${sqlOf(notify.sql, notify.params)}) as notified`,
    `email_queue_message_${quota.capped ? 'capped' : 'unlimited'}`,
  );
  if (Number(row!.written) === 0) throw quota.exceeded(Number(row!.used_before ?? 0));
  return id;
}
