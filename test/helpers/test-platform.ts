import { loadConfig } from '../../gateway/module-manifests.js';
import { startPlatform, type Platform, type PlatformOptions } from '../../gateway/runner.js';
import type { ApiKeyType } from '../../platform/organizations/api-key.entity.js';
import { createTestDatabase } from './test-database.js';
import { responseChecker } from './openapi-response-check.js';
import { checkTenantStatements } from './tenant-statement-check.js';

export interface TestPlatform {
  platform: Platform;
  url: string;
  /** Creates a key (and its organization) and returns it. */
  key(orgSlug: string, type?: ApiKeyType, scopes?: string[]): Promise<string>;
  /** fetch against the platform with a key; throws when a REST response differs from schema/openapi.json. */
  request(
    method: string,
    path: string,
    options?: { key?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string },
  ): Promise<TestResponse>;
  /** POST /graphql. */
  graphql(key: string | undefined, query: string, variables?: Record<string, unknown>): Promise<TestResponse>;
  stop(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/**
 * The real stack on a random port over its own database: REST bridge → gateway → subgraphs → PostgreSQL.
 * `env` overrides configuration (e.g. SMTP_URL).
 */
export function startTestPlatform(
  env: Record<string, string> = {},
  options: PlatformOptions = {},
): Promise<TestPlatform> {
  const starting = startOwnPlatform(env, options);
  unstopped.add(starting);
  return starting;
}

/**
 * Platforms of this test file not stopped yet. A `beforeAll` that times out (a loaded machine) never gets the platform
 * its start resolves to, so its `afterAll` cannot stop it, and without Jest's forceExit its open server would keep the
 * worker alive: `stopUnstoppedPlatforms` (run after every file, test/helpers/after-each-file.ts) stops those.
 */
const unstopped = new Set<Promise<TestPlatform>>();

export async function stopUnstoppedPlatforms(): Promise<void> {
  const left = [...unstopped];
  unstopped.clear();
  await Promise.all(
    left.map((starting) =>
      starting
        .then(
          (t) => t.stop(),
          () => undefined,
        )
        .catch(() => undefined),
    ),
  );
}

async function startOwnPlatform(env: Record<string, string>, options: PlatformOptions): Promise<TestPlatform> {
  const database = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DNS_PORT: '0',
    JOBS_PROCESS_EVERY_MS: '200',
    SHUTDOWN_TIMEOUT_MS: '2000',
    SMTP_INBOUND_PORT: '0',
    ...poolOverride(),
    ...env,
  });
  const platform = await startPlatform(config, options);
  // Every tenantSql statement this platform runs is parsed: a table with an organization column left unfiltered fails stop().
  const tenantCheck = await checkTenantStatements(database.url);
  const url = platform.url;
  let stopped: Promise<void> | undefined;
  const request: TestPlatform['request'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.key) headers.authorization = `Bearer ${opts.key}`;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    // Every REST answer a test sees must match schema/openapi.json (openapi-response-check.ts; UNCHECKED_MODULES).
    const problem = responseChecker().check(method, path, res.status, res.headers.get('content-type'), parsed);
    if (problem) throw new Error(problem);
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
  return {
    platform,
    url,
    key: async (orgSlug, type = 'SERVER', scopes) => (await platform.apiKeys.createKey({ orgSlug, type, scopes })).key,
    request,
    graphql: (key, query, variables) => request('POST', '/graphql', { key, body: { query, variables } }),
    stop: () =>
      (stopped ??= (async () => {
        const unfiltered = tenantCheck.stop();
        await platform.stop();
        await database.drop();
        if (unfiltered.length > 0)
          throw new Error(
            `tenantSql statements that do not filter every table by organization_id:\n${unfiltered.join('\n')}`,
          );
      })()),
  };
}

/** Polls `check` until it returns a truthy value (jobs run asynchronously); fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** DATABASE_POOL_MAX from the shell caps each test platform's pool (several checkouts testing beside each other). */
function poolOverride(): Record<string, string> {
  const max = process.env.DATABASE_POOL_MAX;
  return max ? { DATABASE_POOL_MAX: max } : {};
}
