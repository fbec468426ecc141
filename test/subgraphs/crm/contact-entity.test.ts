import { graphql } from 'graphql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { crmModule } from '../../../subgraphs/crm/index.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

/** The federation contract other subgraphs build on: `Contact @key(fields: "id")` with a nullable `email`. */
describe('the Contact federation entity', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [crmModule()] });
    key = await t.key('crm-entity');
    other = await t.key('crm-entity-other');
  });
  afterAll(() => t.stop());

  const committed = async (k: string, body: Record<string, unknown>) => {
    const res = await t.request('POST', '/crm/contacts', { key: k, body });
    return eventually(async () => {
      const r = await t.request('GET', `/crm/contacts/${res.body.data.externalId}`, { key: k });
      return r.status === 200 ? r.body.data : null;
    });
  };

  it("should resolve _entities representations by numeric id in one batched query, within the caller's organization only", async () => {
    const a = await committed(key, { email: 'a@entity.example', name: 'A' });
    const b = await committed(key, { name: 'Anonymous B' });
    const foreign = await committed(other, { email: 'z@entity.example' });
    const schema = await crmModule().buildSchema(t.platform.deps);
    const auth = (await t.platform.apiKeys.authenticate(key))!;
    const queries: string[] = [];
    const em = forkForTenant(t.platform.orm.em, auth.organizationId) as EntityManager;
    const execute = em.getConnection().execute.bind(em.getConnection());
    em.getConnection().execute = (async (...args: Parameters<typeof execute>) => {
      queries.push(String(args[0]));
      return execute(...args);
    }) as typeof execute;
    const result = await graphql({
      schema,
      source: 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Contact { id email name } } }',
      variableValues: {
        r: [a, b, foreign, { id: '999999' }, { id: 'not-a-number' }].map((c) => ({ __typename: 'Contact', id: c.id })),
      },
      contextValue: { requestId: 'req_entity', auth, em, loaders: new Map() },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!._entities).toEqual([
      { id: a.id, email: 'a@entity.example', name: 'A' },
      { id: b.id, email: null, name: 'Anonymous B' },
      null,
      null,
      null,
    ]);
    expect(queries.filter((q) => /from "crm"\."contacts"/.test(q))).toHaveLength(1);
  });

  it('should keep the entity\'s shape in the composed schema: Contact @key(fields: "id") { id: ID! email: String }', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { projectRoot } = await import('../../../platform/config/project-root.js');
    const sdl = readFileSync(join(projectRoot(), 'schema', 'crm.graphql'), 'utf8');
    const contact = /type Contact\s+@key\(fields: "id"\)\s*\{([\s\S]*?)\n\}/.exec(sdl)![1]!;
    expect(contact).toMatch(/\n\s+id: ID!\n/);
    expect(contact).toMatch(/\n\s+email: String\n/);
  });
});
