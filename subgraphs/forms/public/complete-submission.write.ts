import type { EntityManager } from '@mikro-orm/postgresql';
import { notifyEventsOf, outboxInsert } from '../../../platform/events/emit-event.js';
import { newId } from '../../../platform/ids/ids.js';
import { countQuotaIfAllowed } from '../../../platform/quotas/consume-quota.js';
import { liveFormGuard, type LiveForm } from './live-form.cache.js';
import { ORG, sql, sqlOf, tenantSqlFor } from '../../../platform/orm/tenant-sql.js';

/** A new, complete submission as validated by PublicFormService.submit against `live`, the form found at `ref`. */
export interface NewCompleteSubmission {
  ref: string;
  live: LiveForm;
  answers: Record<string, unknown>;
  respondentEmail: string | null;
  metadata: Record<string, unknown>;
}

/**
 * Writes a new complete submission, counts it against the owner's `formSubmissions` quota and writes its
 * `form.submitted` event in ONE statement (one round trip, atomic without BEGIN/COMMIT): the form's guard gates the
 * quota count, the count gates the insert, the insert gates the event, so all of it happens or none. Returns the
 * submission id, or null when the form is no longer as `live` describes it (the caller reads it again).
 */
export async function writeCompleteSubmission(em: EntityManager, s: NewCompleteSubmission): Promise<string | null> {
  const id = newId('sub');
  const now = new Date();
  const { form, plan } = s.live;
  const guard = liveFormGuard(s.ref, s.live);
  const quota = countQuotaIfAllowed(ORG, plan, 'formSubmissions', 1, 'from live', now);
  const event = outboxInsert(
    ORG,
    'form.submitted',
    {
      formId: form.id,
      submissionId: id,
      fields: s.answers,
      respondentEmail: s.respondentEmail,
      submittedAt: now.toISOString(),
    },
    'from submission',
  );
  // The root EntityManager of the public hot path (no fork per request): the organization is the LIVE form's owner.
  const [row] = await tenantSqlFor(em, form).rows<{
    live: string;
    written: string;
    used_before: string | null;
  }>(sql`with live as (${guard}),
     counted as (${sqlOf(quota.sql, quota.params)}),
     submission as (
       insert into forms.submissions (id, organization_id, form_id, status, answers, respondent_email, metadata, completed_at, created_at, updated_at)
       select ${id}, ${ORG}, ${form.id}, 'complete', ${JSON.stringify(s.answers)}::jsonb, ${s.respondentEmail}, ${JSON.stringify(s.metadata)}::jsonb, ${now}, ${now}, ${now} from counted
       returning organization_id),
     event as (${sqlOf(event.sql, event.params)})
     select (select count(*) from live) as live, (select count(*) from submission) as written, (${sqlOf(quota.usedBeforeSql, quota.usedBeforeParams)}) as used_before, (${sqlOf(notifyEventsOf('event'), [])})`);
  if (Number(row!.live) === 0) return null;
  if (Number(row!.written) === 0) throw quota.exceeded(Number(row!.used_before ?? 0));
  return id;
}
