// The cross-module query (README, docs/architecture.md): one CRM contact with its calendar bookings and its
// form submissions, one /graphql query the gateway plans over three subgraphs (crm, then calendar and forms in
// parallel through `_entities`). Its data, per organization, seeded through the platform's own REST API: one
// contact, five bookings whose attendee is that contact, five form submissions with its email.
import { Agent, request } from 'node:http';

const SUBMISSIONS = 5;
/** Weekdays of January 2030; 09:00 UTC is 10:00 in Berlin, inside the default Monday–Friday 09:00–17:00 schedule. */
const BOOKING_DAYS = ['2030-01-08', '2030-01-09', '2030-01-10', '2030-01-11', '2030-01-14'];

/** The contact card of a dashboard: who, their meetings, what they answered. */
export const CROSS_MODULE_QUERY = `query ContactActivity($id: ID!) {
  contact(id: $id) {
    id
    email
    name
    lifecycleStage
    bookings { uid title status startTime endTime attendee { name email } }
    formSubmissions { submissionId formId status answers createdAt }
  }
}`;

/** The same email in every organization, so one request body serves them all (the key picks the organization). */
export const CONTACT_EMAIL = 'ada@example.com';

export const CROSS_MODULE_BODY = JSON.stringify({
  query: CROSS_MODULE_QUERY,
  operationName: 'ContactActivity',
  variables: { id: CONTACT_EMAIL },
});

/** Public submits are limited per IP (10 a minute): every submission of the bench comes from its own loopback address. */
let nextIp = 2;
const newIp = () => {
  const n = nextIp++;
  return `127.2.${Math.floor(n / 250)}.${(n % 250) + 2}`;
};

/** Seeds organization `n` (its `key`) of the platform at `url`: the contact, its bookings and its submissions. */
export async function seedContactActivity(url: string, key: string, n: number): Promise<void> {
  const send = (method: string, path: string, body?: unknown) =>
    fetch(url + path, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  const must = async (method: string, path: string, body: unknown, status: number) => {
    const res = await send(method, path, body);
    const text = await res.text();
    if (res.status !== status)
      throw new Error(
        `seeding the cross-module query: ${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`,
      );
    return JSON.parse(text) as { data: any };
  };
  const email = CONTACT_EMAIL;
  await must('POST', '/crm/contacts', { email, name: `Contact ${n}`, lifecycleStage: 'LEAD' }, 202);

  const hostId = `user_bench_host_${n}`;
  await must('POST', '/calendar/schedules', { hostId, name: 'Work', timezone: 'Europe/Berlin' }, 201);
  const eventType = await must(
    'POST',
    '/calendar/event-types',
    { hostId, hostName: 'Hana Host', hostEmail: 'hana@example.com', title: 'Intro call', duration: 30 },
    201,
  );
  for (const day of BOOKING_DAYS) {
    const startTime = `${day}T09:00:00Z`;
    await must(
      'POST',
      '/calendar/bookings',
      {
        eventTypeId: eventType.data.id,
        startTime,
        attendee: { name: `Contact ${n}`, email, timezone: 'Europe/Berlin' },
      },
      201,
    );
  }

  const form = (
    await must(
      'POST',
      '/forms',
      {
        title: 'Feedback',
        fields: [
          { type: 'NPS', label: 'Score', ref: 'score' },
          { type: 'LONG_TEXT', label: 'Comments', ref: 'comments' },
        ],
      },
      201,
    )
  ).data as { id: number; uuid: string };
  await must('POST', `/forms/${form.id}/publish`, undefined, 200);
  for (let s = 0; s < SUBMISSIONS; s++)
    await submit(url, form.uuid, {
      data: { score: 6 + s, comments: `Answer ${s}: the onboarding was clear.` },
      respondentEmail: email,
    });

  // CRM accepts the contact first and commits it in its lane: wait until it reads.
  const deadline = Date.now() + 30_000;
  const reads = async () => {
    const res = await send('GET', `/crm/contacts/${email}`);
    await res.arrayBuffer();
    return res.status === 200;
  };
  while (!(await reads())) {
    if (Date.now() > deadline) throw new Error(`seeding the cross-module query: ${email} not committed after 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function submit(baseUrl: string, uuid: string, body: unknown): Promise<void> {
  const url = new URL(`/f/${uuid}/submit`, baseUrl);
  const payload = JSON.stringify(body);
  const agent = new Agent({ localAddress: newIp() });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          agent.destroy();
          if (res.statusCode === 201) resolve();
          else
            reject(
              new Error(
                `seeding the cross-module query: submit answered ${res.statusCode}: ${Buffer.concat(chunks).toString('utf8').slice(0, 500)}`,
              ),
            );
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
