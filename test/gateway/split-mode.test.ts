import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApolloServer } from '@apollo/server';
import { createGateway } from '../../gateway/create-gateway.js';
import { SIGNED_CONTEXT_HEADER, signCallerContext } from '../../platform/auth/signed-context.js';
import type { Auth } from '../../platform/auth/auth.js';
import { type Config } from '../../platform/config/config.js';
import { loadConfig } from '../../gateway/module-manifests.js';
import { projectRoot } from '../../platform/config/project-root.js';
import type { CallerContext } from '../../platform/context/subgraph-context.js';
import { serveSubgraph, type ServedSubgraph } from '../../platform/federation/serve-subgraph.js';
import { moduleCatalog } from '../../gateway/module-manifests.js';
import { ApiKeyService } from '../../platform/organizations/api-key.service.js';
import { loadOperations } from '../../rest-bridge/operations.js';
import { emailModule } from '../../subgraphs/email/index.js';
import { createTestDatabase } from '../helpers/test-database.js';

const SEND = 'mutation Send($input: SendEmailInput!) { sendEmail(input: $input) { messageId status } }';

describe('split mode: gateway → email subgraph over HTTP with a signed caller context', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let config: Config;
  let subgraph: ServedSubgraph;
  let gateway: ApolloServer<CallerContext>;
  let acme: Auth;
  let globex: Auth;
  const list = loadOperations().get('ListEmailMessages')!;

  const run = async (
    query: string,
    operationName: string | undefined,
    variables: Record<string, unknown>,
    auth: Auth | null,
  ) => {
    const response = await gateway.executeOperation(
      { query, operationName, variables },
      { contextValue: { requestId: 'req_split_test', auth } },
    );
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return response.body.singleResult as {
      data?: any;
      errors?: { message: string; extensions?: Record<string, unknown> }[];
    };
  };
  const listAs = (auth: Auth | null) => run(list.query, list.name, { count: 20 }, auth);
  const postDirect = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(subgraph.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    config = loadConfig({
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      INTERNAL_SECRET: randomBytes(32).toString('hex'),
      JOBS_PROCESS_EVERY_MS: '200',
      SHUTDOWN_TIMEOUT_MS: '2000',
    });
    subgraph = await serveSubgraph(emailModule(), config, { port: 0, catalog: moduleCatalog() });
    const supergraphSdl = readFileSync(join(projectRoot(), 'schema', 'supergraph.graphql'), 'utf8');
    // Every other subgraph of the committed supergraph is remote too, at an address nothing listens on:
    // the operations below plan fetches to email only, so a call elsewhere would fail the test.
    const others = [...supergraphSdl.matchAll(/@join__graph\(name: "([^"]+)"/g)]
      .map((m) => m[1]!)
      .filter((name) => name !== 'email');
    gateway = await createGateway({
      supergraphSdl,
      subgraphs: new Map(), // nothing in-process: email must go over HTTP
      orm: subgraph.orm,
      catalog: moduleCatalog(),
      remoteUrls: new Map([
        ['email', subgraph.url],
        ...others.map((name): [string, string] => [name, 'http://127.0.0.1:9/graphql']),
      ]),
      internalSecret: config.internalSecret,
    });
    const apiKeys = new ApiKeyService(subgraph.orm.em);
    acme = (await apiKeys.authenticate((await apiKeys.createKey({ orgSlug: 'acme', type: 'SERVER' })).key))!;
    globex = (await apiKeys.authenticate((await apiKeys.createKey({ orgSlug: 'globex', type: 'SERVER' })).key))!;
  });

  afterAll(async () => {
    await gateway?.stop();
    await subgraph?.stop();
    await database?.drop();
  });

  it('should bind the subgraph to loopback', () => {
    expect(new URL(subgraph.url).hostname).toBe('127.0.0.1');
  });

  it('should run emailMessages through the gateway on the remote subgraph, scoped to the caller', async () => {
    const sent = await run(
      SEND,
      'Send',
      { input: { from: 'a@example.com', to: ['b@example.com'], subject: 'Split', html: '<p>hi</p>' } },
      acme,
    );
    expect(sent.errors).toBeUndefined();
    const messageId = sent.data.sendEmail.messageId;
    expect(messageId).toMatch(/^em_/);

    const mine = await listAs(acme);
    expect(mine.errors).toBeUndefined();
    expect(mine.data.emailMessages.meta).toEqual({ count: 1, offset: 0, total: 1, hasMore: false });
    expect(mine.data.emailMessages.data).toEqual([
      expect.objectContaining({ messageId, to: ['b@example.com'], subject: 'Split' }),
    ]);

    const theirs = await listAs(globex);
    expect(theirs.data.emailMessages).toEqual({ data: [], meta: { count: 0, offset: 0, total: 0, hasMore: false } });
  });

  it('should carry subgraph error codes back through the gateway', async () => {
    const anonymous = await listAs(null);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    // A 404 domain error must arrive as NOT_FOUND, not as the gateway's generic error for a non-2xx subgraph answer.
    const missing = await run('query Missing { emailMessage(id: "em_missing") { id } }', 'Missing', {}, acme);
    expect(missing.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', http: { status: 404 } });
  });

  it('should answer a correctly signed direct request', async () => {
    const res = await postDirect(
      { query: list.query, operationName: list.name, variables: { count: 5 } },
      { [SIGNED_CONTEXT_HEADER]: signCallerContext({ requestId: 'req_direct', auth: acme }, config.internalSecret) },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.data.emailMessages.meta.total).toBeGreaterThanOrEqual(1);
  });

  it('should refuse a direct request without the header, with a tampered one or one signed with another secret, and run nothing', async () => {
    const send = {
      query: SEND,
      operationName: 'Send',
      variables: { input: { from: 'x@example.com', to: ['y@example.com'], subject: 'Forged', html: 'x' } },
    };
    const before = (await listAs(acme)).data.emailMessages.meta.total;

    const genuine = signCallerContext({ requestId: 'req_forged', auth: null }, config.internalSecret);
    const [, signature] = genuine.split('.');
    const tampered = `${Buffer.from(JSON.stringify({ requestId: 'req_forged', auth: acme, iat: Date.now() })).toString('base64url')}.${signature}`;
    const otherSecret = signCallerContext({ requestId: 'req_forged', auth: acme }, randomBytes(32).toString('hex'));

    const attempts: Record<string, string>[] = [
      {},
      { [SIGNED_CONTEXT_HEADER]: tampered },
      { [SIGNED_CONTEXT_HEADER]: otherSecret },
      { [SIGNED_CONTEXT_HEADER]: 'garbage' },
    ];
    for (const headers of attempts) {
      const res = await postDirect(send, headers);
      expect(res.status).toBe(401);
      expect(((await res.json()) as any).errors[0].extensions.code).toBe('UNAUTHORIZED');
    }
    expect((await listAs(acme)).data.emailMessages.meta.total).toBe(before);
  });
});
