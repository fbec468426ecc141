import DataLoader from 'dataloader';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { FormSubmission } from '../entities/form-submission.entity.js';
import { submissionView, type FormSubmissionView } from '../submissions/form-submission.types.js';
import { entityColumns, plainRows } from '../../../platform/orm/plain-rows.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

/** Newest submissions listed per contact; the rest stay reachable through formSubmissionsByRespondent. */
export const SUBMISSIONS_PER_CONTACT = 100;

/**
 * Per-request loader: every contact of one gateway query (a CRM list of 50 contacts, say) costs one statement for all
 * their emails together, capped per email by a window function, prepared once per connection, its rows mapped to plain objects
 * (`plainRows`): one round trip and no query building (BENCHMARKS.md, "Read path").
 */
export function contactSubmissionsLoader(ctx: SubgraphContext): DataLoader<string, FormSubmissionView[]> {
  const name = 'forms:contact-submissions';
  let loader = ctx.loaders.get(name) as DataLoader<string, FormSubmissionView[]> | undefined;
  if (!loader) {
    loader = new DataLoader<string, FormSubmissionView[]>(async (emails) => {
      const raw = await tenantSql(ctx.em).rowsBound(
        sql`select ${entityColumns(ctx.em, FormSubmission, 's')} from forms.submissions s
             where s.organization_id = ${ORG} and s.id in (
               select id from (
                 select id, row_number() over (partition by lower(respondent_email) order by created_at desc, id desc) as n
                   from forms.submissions
                  where organization_id = ${ORG} and lower(respondent_email) = any(${[...emails]}::text[])
               ) ranked where n <= ${SUBMISSIONS_PER_CONTACT})
             order by s.created_at desc, s.id desc`,
        'forms_submissions_by_email',
      );
      const rows = plainRows(ctx.em, FormSubmission, raw);
      return emails.map((email) =>
        rows.filter((row) => row.respondentEmail?.toLowerCase() === email).map(submissionView),
      );
    });
    ctx.loaders.set(name, loader);
  }
  return loader;
}
