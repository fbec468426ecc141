// Tracing as deployed: `node --import dist/platform/tracing/register.js dist/gateway/main.js` in a child process
// (Jest's VM modules bypass Node's loader hooks, so the SDK cannot be tried in-process), exporting OTLP/JSON to a
// sink this test runs. One REST call must come back as one trace: HTTP → bridge → gateway → subgraph → SQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { projectRoot } from '../../../platform/config/project-root.js';
import { createTestDatabase } from '../../helpers/test-database.js';
import { eventually } from '../../helpers/test-platform.js';
import { freePort } from '../../helpers/free-port.js';
import { startOtlpSink, type OtlpSink, type SinkSpan } from '../../helpers/otlp-sink.js';

const SERVER = 2;

describe('OpenTelemetry traces of a REST call', () => {
  let database: { url: string; drop(): Promise<void> };
  let sink: OtlpSink;
  let child: ChildProcess | undefined;
  const output: string[] = [];
  const apiKey = 'sk_srv_' + randomBytes(24).toString('hex');
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startOtlpSink();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const { NODE_OPTIONS: _jestOnly, ...inherited } = process.env;
    const env = {
      ...inherited,
      DATABASE_URL: database.url,
      PORT: String(port),
      DNS_PORT: '0',
      SMTP_INBOUND_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BOOTSTRAP_API_KEY: apiKey,
      OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '50', // export within 50 ms instead of 5 s
    };
    const root = projectRoot();
    child = spawn(
      process.execPath,
      ['--import', join(root, 'dist/platform/tracing/register.js'), join(root, 'dist/gateway/main.js')],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    await eventually(async () => (await fetch(url + '/healthz').catch(() => null))?.ok, 60_000, 100).catch((error) => {
      throw new Error(`${(error as Error).message}\n${output.join('').slice(-3000)}`);
    });
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await sink.close();
    await database.drop();
  });

  it('should export one trace from the HTTP server span through the bridge, gateway and subgraph to each SQL statement, tagged with request and organization', async () => {
    const requestId = `req_trace_${randomBytes(6).toString('hex')}`;
    const res = await fetch(url + '/emails/messages', {
      headers: { authorization: `Bearer ${apiKey}`, 'x-request-id': requestId },
    });
    expect(res.status).toBe(200);
    const organizationId = await organizationOf(database.url, 'default');

    // The HTTP server span ends last (with the response), so once it is exported its whole trace is.
    const root = await eventually(
      async () => sink.spans.find((s) => s.kind === SERVER && s.attributes['request.id'] === requestId),
      15_000,
      50,
    ).catch((error) => {
      throw new Error(
        `${(error as Error).message}: spans seen ${JSON.stringify(sink.spans.map((s) => s.name))}\n${output.join('').slice(-3000)}`,
      );
    });
    const trace = sink.spans.filter((s) => s.traceId === root.traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const isUnder = (span: SinkSpan, ancestor: SinkSpan) => {
      for (
        let at = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
        at;
        at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined
      )
        if (at === ancestor) return true;
      return false;
    };
    const one = (name: string, under: SinkSpan) => {
      const found = trace.filter((s) => s.name === name && isUnder(s, under));
      if (found.length === 0)
        throw new Error(
          `no span ${name} under ${under.name}; the trace: ${JSON.stringify(trace.map((s) => [s.name, s.spanId, s.parentSpanId]))}`,
        );
      return found[0]!;
    };

    expect(root.parentSpanId).toBeUndefined();
    expect(root.attributes).toMatchObject({
      'request.id': requestId,
      'organization.id': organizationId,
      'http.route': '/emails/messages',
    });

    const bridge = one('bridge GET /emails/messages', root);
    expect(bridge.parentSpanId).toBe(root.spanId);
    expect(bridge.attributes).toMatchObject({
      'request.id': requestId,
      'organization.id': organizationId,
      'rest.operation': 'ListEmailMessages',
    });

    const gateway = one('gateway.request', bridge);
    const fetchSpan = one('gateway.fetch', gateway);
    const subgraph = one('subgraph email', fetchSpan);
    expect(subgraph.parentSpanId).toBe(fetchSpan.spanId);
    expect(subgraph.attributes).toMatchObject({
      'request.id': requestId,
      'organization.id': organizationId,
      'graphql.subgraph.name': 'email',
    });

    const execute = trace.filter((s) => s.scope.includes('instrumentation-graphql') && isUnder(s, subgraph));
    expect(execute.length).toBeGreaterThan(0);
    const sql = trace.filter((s) => s.scope.includes('instrumentation-pg') && isUnder(s, subgraph));
    const statements = sql.map((s) => String(s.attributes['db.query.text'] ?? s.attributes['db.statement'] ?? ''));
    expect(statements.some((text) => /select/i.test(text) && /email/i.test(text))).toBe(true);
    // The API key lookup is SQL of the same request too, below the bridge span (before the gateway).
    expect(
      trace.some((s) => s.scope.includes('instrumentation-pg') && isUnder(s, bridge) && !isUnder(s, gateway)),
    ).toBe(true);
  });
});

async function organizationOf(databaseUrl: string, slug: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ id: string }>('select id from platform.organizations where slug = $1', [slug]))
      .rows[0]!.id;
  } finally {
    await client.end();
  }
}
