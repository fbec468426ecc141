// The floor's cross-module query (cross-module-fixtures.ts, ContactActivity): the statements the crm, calendar and
// forms subgraphs send for it (seen with log_statement on a scratch database; MikroORM and tenantSql inline the values,
// here they are bound, as in the list floor), in the gateway plan's order (the contact first, then bookings and
// submissions side by side, each subgraph on its own connection), and the same JSON /graphql answers. A benchmark
// fixture: it serves that one operation and validates nothing else.
import type pg from 'pg';

/** CRM's `contact(id:)` by email (contact-lookup.ts readContact: the live contact holding it, newest first). */
const CONTACT_SQL = `select * from crm.contacts where organization_id = $1 and email = $2 and status not in ('DELETED', 'MERGED') order by id desc limit 1`;
/** Calendar's `Contact.bookings` (bookings-by-email.loader.ts): every attendee email of the request in one statement. */
const BOOKINGS_SQL = `select * from "calendar"."bookings" where organization_id = $1 and attendee_email = any($2::text[]) order by start_time asc, uid asc`;
/** Forms' `Contact.formSubmissions` (contact-submissions.loader.ts): the rows of the newest 100 submissions per email. */
const SUBMISSIONS_SQL = `select s.* from forms.submissions s
             where s.organization_id = $1 and s.id in (
               select id from (
                 select id, row_number() over (partition by lower(respondent_email) order by created_at desc, id desc) as n
                   from forms.submissions
                  where organization_id = $1 and lower(respondent_email) = any($2::text[])
               ) ranked where n <= $3)
             order by s.created_at desc, s.id desc`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Answers `{ query, operationName: 'ContactActivity', variables: { id } }` for an organization as /graphql does. */
export function crossModuleFloor(pool: pg.Pool) {
  return async (organizationId: string, body: { operationName?: string; variables?: { id?: string } }) => {
    if (body.operationName !== 'ContactActivity' || typeof body.variables?.id !== 'string')
      throw new Error('the floor serves ContactActivity only');
    const email = body.variables.id.toLowerCase();
    // Prepared once per connection under the platform's names, as the platform's statements are (the platform names the
    // entity's columns, `*` here: the same columns, 16, 29 and 11).
    const {
      rows: [contact],
    } = await pool.query({ name: 'crm_contact_by_email', text: CONTACT_SQL, values: [organizationId, email] });
    if (!contact) return { data: { contact: null } };
    const key = String(contact.email).toLowerCase();
    const [bookings, submissions] = await Promise.all([
      pool
        .query({ name: 'calendar_bookings_by_email', text: BOOKINGS_SQL, values: [organizationId, [key]] })
        .then((r) => r.rows),
      pool
        .query({ name: 'forms_submissions_by_email', text: SUBMISSIONS_SQL, values: [organizationId, [key], 100] })
        .then((r) => r.rows),
    ]);
    return {
      data: {
        contact: {
          id: String(contact.id),
          email: contact.email,
          name: contact.name,
          lifecycleStage: contact.lifecycle_stage,
          bookings: bookings.map((b) => ({
            uid: b.uid,
            title: b.title,
            status: b.status,
            startTime: iso(b.start_time),
            endTime: iso(b.end_time),
            attendee: { name: b.attendee_name, email: b.attendee_email },
          })),
          formSubmissions: submissions.map((s) => ({
            submissionId: s.id,
            formId: s.form_id,
            status: s.status,
            answers: s.answers,
            createdAt: iso(s.created_at),
          })),
        },
      },
    };
  };
}
