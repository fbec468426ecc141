// The floor's cross-module query (cross-module-fixtures.ts, ContactActivity): the statements the crm, calendar and
// forms subgraphs send for it, captured with log_statement on a scratch database, in the gateway plan's order (the
// contact first, then bookings and submissions side by side), and the same JSON /graphql answers. A benchmark fixture:
// it serves that one operation and validates nothing else.
import type pg from 'pg';

/** CRM's `contact(id:)` by email (contact-lookup.ts findContact: the live contact holding it, newest first). */
const CONTACT_SQL = `TODO`;
/** Calendar's `Contact.bookings` (bookings-by-email.loader.ts): every attendee email of the request in one statement. */
const BOOKINGS_SQL = `TODO`;
/** Forms' `Contact.formSubmissions` (contact-submissions.loader.ts): the newest 100 ids per email, then their rows. */
const SUBMISSION_IDS_SQL = `TODO`;
const SUBMISSIONS_SQL = `TODO`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Answers `{ query, operationName: 'ContactActivity', variables: { id } }` for an organization as /graphql does. */
export function crossModuleFloor(pool: pg.Pool) {
  return async (organizationId: string, body: { operationName?: string; variables?: { id?: string } }) => {
    if (body.operationName !== 'ContactActivity' || typeof body.variables?.id !== 'string') throw new Error('the floor serves ContactActivity only');
    const email = body.variables.id.toLowerCase();
    const { rows: [contact] } = await pool.query(CONTACT_SQL, [organizationId, email]);
    if (!contact) return { data: { contact: null } };
    const key = String(contact.email).toLowerCase();
    const [bookings, submissions] = await Promise.all([
      pool.query(BOOKINGS_SQL, [organizationId, key]).then((r) => r.rows),
      pool.query<{ id: string }>(SUBMISSION_IDS_SQL, [organizationId, key]).then(async ({ rows: ids }) => (ids.length ? (await pool.query(SUBMISSIONS_SQL, [organizationId, ids.map((r) => r.id)])).rows : [])),
    ]);
    return {
      data: {
        contact: {
          id: String(contact.id), email: contact.email, name: contact.name, lifecycleStage: contact.lifecycle_stage,
          bookings: bookings.map((b) => ({ uid: b.uid, title: b.title, status: b.status, startTime: iso(b.start_time), endTime: iso(b.end_time), attendee: { name: b.attendee_name, email: b.attendee_email } })),
          formSubmissions: submissions.map((s) => ({ submissionId: s.id, formId: s.form_id, status: s.status, answers: s.answers, createdAt: iso(s.created_at) })),
        },
      },
    };
  };
}
