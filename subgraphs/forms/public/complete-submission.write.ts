import type { EntityManager } from '@mikro-orm/postgresql';
import { notifyEventsOf, outboxInsert } from '../../../platform/events/emit-event.js';
import { newId } from '../../../platform/ids/ids.js';
import { countQuotaIfAllowed } from '../../../platform/quotas/consume-quota.js';
import type { PlanName } from '../../../platform/rate-limit/plans.js';
import type { Form } from '../entities/form.entity.js';

/** A new, complete submission as validated by PublicFormService.submit. */
export interface NewCompleteSubmission {
  form: Form;
  plan: PlanName;
  answers: Record<string, unknown>;
  respondentEmail: string | null;
  metadata: Record<string, unknown>;
}

/**
 * Writes a new complete submission, counts it against the owner's `formSubmissions` quota and writes its
 * `form.submitted` event in ONE statement (one round trip, atomic without BEGIN/COMMIT): the quota count gates
 * the insert, the insert gates the event, so all three happen or none. Returns the submission id.
 */
export async function writeCompleteSubmission(em: EntityManager, s: NewCompleteSubmission): Promise<string> {
  const id = newId('sub');
  const now = new Date();
  const organizationId = s.form.organizationId;
  const quota = countQuotaIfAllowed(organizationId, s.plan, 'formSubmissions', 1, '', now);
  const event = outboxInsert(organizationId, 'form.submitted', {
    formId: s.form.id, submissionId: id, fields: s.answers, respondentEmail: s.respondentEmail, submittedAt: now.toISOString(),
  }, 'from submission');
  const [row] = await em.execute<{ written: string; used_before: string | null }[]>(
    `with counted as (${quota.sql}),
     submission as (
       insert into forms.submissions (id, organization_id, form_id, status, answers, respondent_email, metadata, completed_at, created_at, updated_at)
       select ?, ?, ?, 'complete', ?::jsonb, ?, ?::jsonb, ?, ?, ? from counted
       returning organization_id),
     event as (${event.sql})
     select (select count(*) from submission) as written, (${quota.usedBeforeSql}) as used_before, (${notifyEventsOf('event')})`,
    [
      ...quota.params,
      id, organizationId, s.form.id, JSON.stringify(s.answers), s.respondentEmail, JSON.stringify(s.metadata), now, now, now,
      ...event.params,
      ...quota.usedBeforeParams,
    ],
  );
  if (Number(row!.written) === 0) throw quota.exceeded(Number(row!.used_before ?? 0));
  return id;
}
