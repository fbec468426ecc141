import { networkInterfaces } from 'node:os';
import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';
import { itIf } from '../../helpers/test-if.js';
import { startReceiver, type Receiver } from '../../subgraphs/webhooks/helpers/receiver.js';
import { PlatformMetrics } from '../../../platform/metrics/platform-metrics.js';
import { mayReadMetrics } from '../../../platform/metrics/metrics-route.js';

/** The value of one sample of the exposition text (labels in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return undefined;
}

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let receiver: Receiver;
  const scrape = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.url}/metrics`, { headers });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  beforeAll(async () => {
    t = await startTestPlatform({ WEBHOOK_ALLOW_PRIVATE: 'true', METRICS_TOKEN: TOKEN });
    key = await t.key('metered');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.stop();
  });

  it('should export the event-loop delay as a cumulative histogram in seconds, and show a stall in its upper buckets', async () => {
    const slow = (text: string) =>
      sample(text, 'nodejs_eventloop_delay_seconds_bucket', { le: '+Inf' })! -
      sample(text, 'nodejs_eventloop_delay_seconds_bucket', { le: '0.1' })!;
    const first = (await scrape()).text;
    expect(first).toContain('# TYPE nodejs_eventloop_delay_seconds histogram');
    const bounds = ['0.001', '0.0025', '0.005', '0.01', '0.02', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '+Inf'];
    const counts = bounds.map((le) => sample(first, 'nodejs_eventloop_delay_seconds_bucket', { le })!);
    expect(counts.every((c, i) => Number.isInteger(c) && (i === 0 || c >= counts[i - 1]!))).toBe(true);
    expect(sample(first, 'nodejs_eventloop_delay_seconds_count')).toBe(counts.at(-1));
    expect(counts.at(-1)).toBeGreaterThan(0);
    const before = slow(first);
    const until = Date.now() + 300;
    while (Date.now() < until); // a 300 ms stall of this very process's event loop
    const after = await eventually(async () => {
      const n = slow((await scrape()).text);
      return n > before ? n : null;
    });
    expect(after).toBeGreaterThan(before);
  });

  it('should count HTTP requests by route template and status, and GraphQL operations by type and outcome', async () => {
    await t.request('GET', '/emails/messages', { key });
    await t.request('GET', '/emails/messages/msg_nope', { key });
    await t.request('GET', '/no/such/path', { key });
    await t.graphql(key, '{ __typename }');
    await t.graphql(key, '{ nope }');
    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: 'GET /emails/messages',
        status: '200',
      }),
    ).toBe(1);
    // A path parameter never becomes a label value: the template is.
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: 'GET /emails/messages/:id', status: '404' }),
    ).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(1);
    expect(text).not.toContain('msg_nope');
    expect(
      sample(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/graphql', status: '200' }),
    ).toBe(1);
    // The REST calls ran operations too; the invalid /graphql document counts as an error.
    expect(sample(text, 'graphql_operations_total', { type: 'query', outcome: 'ok' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'graphql_operations_total', { outcome: 'error' })).toBeGreaterThanOrEqual(1);
    for (const state of ['used', 'free', 'pending'])
      expect(sample(text, 'db_pool_connections', { state })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
  });

  it('should count job runs by name and outcome, and webhook attempts by outcome', async () => {
    const hook = await t.request('POST', '/webhooks', {
      key,
      body: { url: receiver.url, events: ['email.delivered'], active: true },
    });
    expect(hook.status).toBe(201);
    const sent = await t.request('POST', '/emails', {
      key,
      body: { from: 'a@example.com', to: 'b@example.com', subject: 'metered', text: 'x' },
    });
    expect(sent.status).toBe(200);
    await receiver.waitFor((rs) => rs.some((r) => r.json?.data?.messageId === sent.body.data.messageId));
    const text = await eventually(async () => {
      const scraped = (await scrape()).text;
      return sample(scraped, 'webhook_attempts_total', { outcome: 'success' }) ? scraped : undefined;
    });
    expect(sample(text, 'webhook_attempts_total', { outcome: 'success' })).toBe(1);
    const jobs = text
      .split('\n')
      .filter((l) => l.startsWith('job_run_duration_seconds_count{') && l.includes('outcome="success"'));
    expect(jobs.length).toBeGreaterThan(0);
    expect(text).toMatch(/^# TYPE job_queue_depth gauge$/m);
  });

  const address = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  // A machine with loopback only cannot show it through the stack; the unit test below still does.
  itIf(address !== undefined, 'this machine has no non-loopback IPv4 address')(
    'should refuse callers off loopback without the token (401), and serve them with it',
    async () => {
      const outside = await startTestPlatform({ HOST: '0.0.0.0', METRICS_TOKEN: TOKEN });
      try {
        const url = outside.url.replace('127.0.0.1', address!);
        const denied = await fetch(`${url}/metrics`);
        expect(denied.status).toBe(401);
        expect(await denied.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
        expect((await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
        const allowed = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
        expect(allowed.status).toBe(200);
        expect(await allowed.text()).toContain('http_request_duration_seconds');
      } finally {
        await outside.stop();
      }
    },
  );
});

describe('metrics access and labels (unit)', () => {
  it('should open /metrics to loopback callers and to the token only', () => {
    expect(mayReadMetrics('127.0.0.1', undefined, undefined)).toBe(true);
    expect(mayReadMetrics('::1', undefined, TOKEN)).toBe(true);
    expect(mayReadMetrics('::ffff:127.0.0.1', undefined, undefined)).toBe(true);
    expect(mayReadMetrics('10.0.0.5', undefined, undefined)).toBe(false);
    expect(mayReadMetrics('10.0.0.5', `Bearer ${TOKEN}`, undefined)).toBe(false);
    expect(mayReadMetrics('10.0.0.5', `Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(mayReadMetrics('10.0.0.5', `Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
    expect(mayReadMetrics('::ffff:10.0.0.5', 'Basic x', TOKEN)).toBe(false);
    expect(mayReadMetrics(undefined, undefined, TOKEN)).toBe(false);
  });

  it('should count AI tokens and cost by provider and model, folding models past the cap into "other"', async () => {
    const metrics = new PlatformMetrics();
    metrics.aiUsage('openai', 'gpt-4o-mini', 10, 5, 0.25);
    metrics.aiUsage('openai', 'gpt-4o-mini', 1, 0, 0);
    for (let i = 0; i < 600; i++) metrics.aiUsage('custom', `m${i}`, 1, 1, 0);
    const text = await metrics.render();
    expect(sample(text, 'ai_tokens_total', { provider: 'openai', model: 'gpt-4o-mini', kind: 'prompt' })).toBe(11);
    expect(sample(text, 'ai_tokens_total', { provider: 'openai', model: 'gpt-4o-mini', kind: 'completion' })).toBe(5);
    expect(sample(text, 'ai_cost_usd_total', { provider: 'openai', model: 'gpt-4o-mini' })).toBe(0.25);
    expect(sample(text, 'ai_tokens_total', { provider: 'custom', model: 'other', kind: 'prompt' })).toBe(101);
    expect(
      text.split('\n').filter((l) => l.startsWith('ai_tokens_total{') && l.includes('kind="prompt"')),
    ).toHaveLength(501); // 500 pairs and `other`
  });
});
