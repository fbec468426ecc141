// The floor: a bare handler (node:http + pg, no framework) doing the same jobs as the platform's hot
// paths (the email list, POST /emails, the cross-module query of floor-cross-module.ts), with the same statements,
// rows and envelopes, so `npm run bench -- --only read-path` can say what share of the floor the whole stack keeps.
// Its own process, like the platform's; keys come from the parent (the platform's key cache answers from memory too).
// A benchmark fixture, never a server: it validates only what the bench sends.
// It reads from the platform's database (FLOOR_DATABASE_URL: reads change nothing there) and writes to a database of
// its own (FLOOR_WRITE_DATABASE_URL, migrated like the platform's): its writes must not lock or bloat the rows and
// tables the platform's own writes use. Nothing delivers what it queues: the bench deletes its jobs between rows.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { newId } from '../../platform/ids/ids.js';
import { crossModuleFloor } from './floor-cross-module.js';

/**
 * MikroORM's list statement for `GET /emails/messages` (find-page.ts), as its query log shows it, with the organization
 * and page bound: the columns ListEmailMessages selects, plus the key, the tenant column and the order's (`fields`).
 */
const LIST_SQL = `select "e0"."id", "e0"."organization_id", "e0"."created_at", "e0"."from_address", "e0"."to_addresses", "e0"."cc", "e0"."subject", "e0"."tags", "e0"."status", "e0"."bounce_type", "e0"."open_count", "e0"."click_count", "e0"."sent_at", "e0"."delivered_at", "e0"."bounced_at", "e0"."failed_at", count(*) over() as "__total" from "email"."messages" as "e0" where "e0"."organization_id" = $1 order by "e0"."created_at" desc, "e0"."id" desc limit $2 offset $3`;

/**
 * The statements of POST /emails before queue-message.write.ts (email-message.service.ts send through MikroORM):
 * suppression check, then one transaction. Served at /emails/separate, the floor of builds that still send them.
 */
const SUPPRESSED_SQL = `select email, reason from email.suppressions where organization_id = $1 and email = any($2::text[]) limit 1`;
const QUOTA_SQL = `insert into platform.usage (organization_id, resource, period, used) values ($1, 'emails', $2, 1)
  on conflict (organization_id, resource, period) do update set used = platform.usage.used + excluded.used returning used`;
const INSERT_SQL = `insert into "email"."messages" ("id", "organization_id", "from_address", "to_addresses", "cc", "bcc", "reply_to", "subject", "html", "text", "headers", "tags", "attachments", "attachment_info", "template_id", "status", "attempts", "track_opens", "track_clicks", "list_unsubscribe", "open_count", "click_count", "idempotency_key", "created_at", "updated_at")
  values ($1, $2, $3, $4, '{}', '{}', '{}', $5, $6, null, '{}', $7, null, '[]', null, 'QUEUED', 0, false, false, false, 0, 0, null, $8, $8)`;
const JOB_SQL = `insert into agenda_jobs (name, data, next_run_at, type, priority) values ('email.send', $1::jsonb, $2, 'normal', 0) returning id`;
const NOTIFY_SQL = `select pg_notify('agenda_jobs', $1)`;
/** queue-message.write.ts's statement for an Enterprise organization (no allowance: no quota guard), after the same suppression check. */
const QUEUE_SQL = `with counted as (insert into platform.usage (organization_id, resource, period, used) select $1, 'emails', $2, 1
    on conflict (organization_id, resource, period) do update set used = platform.usage.used + excluded.used returning used),
  message as (insert into email.messages (id, organization_id, from_address, to_addresses, cc, bcc, reply_to, subject, html, text, headers, tags, attachments, attachment_info,
      template_id, status, attempts, track_opens, track_clicks, list_unsubscribe, open_count, click_count, idempotency_key, created_at, updated_at)
    select $3, $1, $4, $5::text[], '{}'::text[], '{}'::text[], '{}'::text[], $6, $7, null, '{}'::jsonb, $8::jsonb, null::jsonb, '[]'::jsonb,
      null, 'QUEUED', 0, false, false, false, 0, 0, null, $9::timestamptz, $9::timestamptz from counted returning id),
  job as (insert into agenda_jobs (name, data, next_run_at, type, priority) select 'email.send', $10::jsonb, $9::timestamptz, 'normal', 0 from message returning id, name)
  select (select count(*) from message) as written, (select used from platform.usage where organization_id = $1 and resource = 'emails' and period = $2) as used_before,
    (select pg_notify('agenda_jobs', json_build_object('jobId', id, 'jobName', name, 'nextRunAt', $11::text, 'priority', 0, 'timestamp', $12::text)::text) from job) as notified`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function main() {
  const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 });
  const writePool = new pg.Pool({
    connectionString: process.env.FLOOR_WRITE_DATABASE_URL ?? process.env.FLOOR_DATABASE_URL,
    max: 10,
  });
  const organizations = new Map(Object.entries(JSON.parse(process.env.FLOOR_KEYS ?? '{}') as Record<string, string>));

  const list = async (organizationId: string, url: URL) => {
    const count = Number(url.searchParams.get('count') ?? '100');
    const offset = Number(url.searchParams.get('offset') ?? '0');
    const { rows } = await pool.query(LIST_SQL, [organizationId, count, offset]);
    const total = rows.length ? Number(rows[0].__total) : 0;
    const data = rows.map((r) => ({
      messageId: r.id,
      from: r.from_address,
      to: r.to_addresses,
      cc: r.cc,
      subject: r.subject,
      status: r.status,
      tags: r.tags,
      bounceType: r.bounce_type,
      openCount: r.open_count,
      clickCount: r.click_count,
      createdAt: iso(r.created_at),
      sentAt: iso(r.sent_at),
      deliveredAt: iso(r.delivered_at),
      bouncedAt: iso(r.bounced_at),
      failedAt: iso(r.failed_at),
    }));
    return { success: true, data, meta: { count: rows.length, offset, total, hasMore: offset + rows.length < total } };
  };

  const accepted = (id: string) => ({ success: true, data: { messageId: id, status: 'QUEUED' } });
  const read = async (organizationId: string, req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      from: string;
      to: string[];
      subject: string;
      html: string;
      tags: unknown[];
    };
    const suppressed = await writePool.query(SUPPRESSED_SQL, [organizationId, body.to]);
    if (suppressed.rows.length) throw new Error('suppressed');
    return body;
  };
  const queue = async (organizationId: string, req: IncomingMessage) => {
    const body = await read(organizationId, req);
    const id = newId('em');
    const now = new Date();
    const job = JSON.stringify({ organizationId, messageId: id });
    // Prepared once per connection, as the platform prepares it (TenantSql.rowsBound's prepareAs).
    await writePool.query({
      name: 'email_queue_message_unlimited',
      text: QUEUE_SQL,
      values: [
        organizationId,
        now.toISOString().slice(0, 7),
        id,
        body.from,
        body.to,
        body.subject,
        body.html,
        JSON.stringify(body.tags),
        now,
        job,
        now.toISOString(),
        new Date().toISOString(),
      ],
    });
    return accepted(id);
  };
  const separate = async (organizationId: string, req: IncomingMessage) => {
    const body = await read(organizationId, req);
    const id = newId('em');
    const now = new Date();
    const client = await writePool.connect();
    try {
      await client.query('begin');
      await client.query(QUOTA_SQL, [organizationId, now.toISOString().slice(0, 7)]);
      await client.query(INSERT_SQL, [
        id,
        organizationId,
        body.from,
        body.to,
        body.subject,
        body.html,
        JSON.stringify(body.tags),
        now,
      ]);
      const job = await client.query<{ id: string }>(JOB_SQL, [JSON.stringify({ organizationId, messageId: id }), now]);
      await client.query(NOTIFY_SQL, [
        JSON.stringify({
          jobId: job.rows[0]!.id,
          jobName: 'email.send',
          nextRunAt: now.toISOString(),
          priority: 0,
          timestamp: new Date().toISOString(),
        }),
      ]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    return accepted(id);
  };

  const crossModule = crossModuleFloor(pool);
  const graphql = async (organizationId: string, req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return crossModule(organizationId, JSON.parse(Buffer.concat(chunks).toString('utf8')));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://floor');
    const organizationId = organizations.get((req.headers.authorization ?? '').slice('Bearer '.length));
    if (!organizationId)
      return reply(res, 401, { success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid API key' } });
    if (req.method === 'GET' && url.pathname === '/emails/messages')
      return reply(res, 200, await list(organizationId, url));
    if (req.method === 'POST' && url.pathname === '/emails') return reply(res, 200, await queue(organizationId, req));
    if (req.method === 'POST' && url.pathname === '/emails/separate')
      return reply(res, 200, await separate(organizationId, req));
    if (req.method === 'POST' && url.pathname === '/graphql')
      return reply(res, 200, await graphql(organizationId, req));
    reply(res, 404, { success: false, error: { code: 'NOT_FOUND', message: 'No route' } });
  };
  const server = createServer(
    { keepAliveTimeout: 65_000 },
    (req, res) =>
      void handle(req, res).catch((error) => {
        process.stderr.write(`floor: ${error instanceof Error ? error.stack : String(error)}\n`);
        if (!res.headersSent)
          reply(res, 500, { success: false, error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } });
      }),
  );
  server.listen(0, '127.0.0.1', () => {
    const address = server.address() as { port: number };
    process.send!({ url: `http://127.0.0.1:${address.port}` });
  });
  process.on('message', (command: { type: string }) => {
    if (command.type !== 'stop') return;
    server.close(() => void Promise.all([pool.end(), writePool.end()]).then(() => process.exit(0)));
    server.closeAllConnections();
  });
}

function reply(res: ServerResponse, status: number, payload: unknown) {
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

main().catch((error) => {
  process.stderr.write(`floor failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
