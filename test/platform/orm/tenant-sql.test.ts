import { MikroORM } from '@mikro-orm/postgresql';
import { createTestDatabase } from '../../helpers/test-database.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { ORG, crossTenantSql, joinSql, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { positional } from '../../../platform/orm/pooled-query.js';
import { checkTenantStatements } from '../../helpers/tenant-statement-check.js';

describe('tenantSql', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: MikroORM;
  const orgA = '00000000-0000-4000-8000-00000000000a';
  const orgB = '00000000-0000-4000-8000-00000000000b';

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await MikroORM.init({
      clientUrl: db.url,
      entities: [],
      discovery: { warnWhenNoEntities: false },
      allowGlobalContext: false,
      filters: { tenant: { name: 'tenant', cond: () => ({}), default: false } },
    });
    await orm.em.fork().execute('create table notes (organization_id uuid not null, body text not null)');
    await orm.em.fork().execute('insert into notes values (?, ?), (?, ?)', [orgA, 'of A', orgB, 'of B']);
  });
  afterAll(async () => {
    await orm.close();
    await db.drop();
  });

  it('should bind the EntityManager organization wherever ${ORG} stands', async () => {
    const rows = await tenantSql(forkForTenant(orm.em, orgA)).rows<{ body: string }>(
      sql`select body from notes where organization_id = ${ORG}`,
    );
    expect(rows).toEqual([{ body: 'of A' }]);
  });

  it('should have the test-time proof name a join that forgets the organization of one table', async () => {
    await orm.em
      .fork()
      .execute('create table note_tags (organization_id uuid not null, body text not null, tag text not null)');
    await orm.em
      .fork()
      .execute('insert into note_tags values (?, ?, ?), (?, ?, ?)', [orgA, 'of A', 'mine', orgB, 'of A', 'theirs']);
    const check = await checkTenantStatements(db.url);
    const em = forkForTenant(orm.em, orgA);
    // Runs, and leaks: B's tag joins A's note, because nothing filters note_tags.
    const leaked = await tenantSql(em).rows<{ tag: string }>(
      sql`select t.tag from notes n join note_tags t on t.body = n.body where n.organization_id = ${ORG} order by t.tag`,
    );
    expect(leaked.map((r) => r.tag)).toEqual(['mine', 'theirs']);
    const kept = await tenantSql(em).rows<{ tag: string }>(
      sql`select t.tag from notes n join note_tags t on t.body = n.body and t.organization_id = n.organization_id where n.organization_id = ${ORG}`,
    );
    expect(kept.map((r) => r.tag)).toEqual(['mine']);
    const found = check.stop();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /^public\.note_tags t is not filtered by organization_id: select t\.tag from notes n join note_tags t on t\.body = n\.body where/,
    );
  });

  it('should refuse a statement that does not bind the organization', async () => {
    await expect(tenantSql(forkForTenant(orm.em, orgA)).rows(sql`select body from notes`)).rejects.toThrow(
      'without the organization bound',
    );
  });

  it('should refuse an EntityManager without an organization', () => {
    expect(() => tenantSql(orm.em.fork())).toThrow('No organization');
  });

  it('should bind values as parameters, never as SQL text', async () => {
    const hostile = "x' or '1'='1";
    const rows = await tenantSql(forkForTenant(orm.em, orgB)).rows(
      sql`select body from notes where organization_id = ${ORG} and body = ${hostile}`,
    );
    expect(rows).toEqual([]);
  });

  it('should splice nested fragments with their own values, and count rows written', async () => {
    const where = joinSql([sql`organization_id = ${ORG}`, sql`body like ${'of%'}`], ' and ');
    const t = tenantSql(forkForTenant(orm.em, orgB));
    expect(await t.run(sql`update notes set body = ${'changed'} where ${where}`)).toBe(1);
    expect(await t.one(sql`select body from notes where organization_id = ${ORG}`)).toEqual({ body: 'changed' });
    const a = await tenantSql(forkForTenant(orm.em, orgA)).one(
      sql`select body from notes where organization_id = ${ORG}`,
    );
    expect(a).toEqual({ body: 'of A' });
  });

  it("should run a named prepared statement with each caller's organization and values, also inside a transaction", async () => {
    const statement = (like: string) =>
      sql`select body from notes where organization_id = ${ORG} and body like ${like}`;
    // Past the fifth run PostgreSQL may switch to a generic plan: the organization must stay a parameter.
    for (let i = 0; i < 8; i++) {
      expect(await tenantSql(forkForTenant(orm.em, orgA)).rowsBound(statement('of%'), 'test_notes_by_org')).toEqual([
        { body: 'of A' },
      ]);
      expect(await tenantSql(forkForTenant(orm.em, orgB)).rowsBound(statement('%'), 'test_notes_by_org')).toEqual([
        { body: expect.any(String) },
      ]);
    }
    await forkForTenant(orm.em, orgA).transactional(async (tx) => {
      expect(await tenantSql(tx).rowsBound(statement('of%'), 'test_notes_by_org')).toEqual([{ body: 'of A' }]);
      const prepared = await tenantSql(tx).rows(
        sql`select name from pg_prepared_statements where name = ${'test_notes_by_org'} and ${ORG}::uuid is not null`,
      );
      expect(prepared).toEqual([{ name: 'test_notes_by_org' }]);
    });
  });

  it("should bind arrays, jsonb's ? operator and hostile text through a pooled connection as they bind through knex", async () => {
    const hostile = "of A' or '1'='1";
    const statement = sql`select body, ${JSON.stringify({ a: 1 })}::jsonb \\? 'a' as has_a from notes where organization_id = ${ORG} and body = any(${['of A', 'of B', hostile]}::text[])`;
    const outside = await tenantSql(forkForTenant(orm.em, orgA)).rowsBound(statement);
    expect(outside).toEqual([{ body: 'of A', has_a: true }]);
    // Inside a transaction the statement takes knex's road (the transaction's connection): the same answer.
    await forkForTenant(orm.em, orgA).transactional(async (tx) =>
      expect(await tenantSql(tx).rowsBound(statement)).toEqual(outside),
    );
    expect(
      await tenantSql(forkForTenant(orm.em, orgB)).rowsBound(
        sql`select body from notes where organization_id = ${ORG} and body = ${hostile}`,
      ),
    ).toEqual([]);
  });

  it('should turn ? placeholders into $n and keep an escaped \\? as the operator', () => {
    expect(positional("select ? , data \\? 'k', ?::text[]")).toBe("select $1 , data ? 'k', $2::text[]");
  });

  it('should let a named cross-tenant statement span organizations and refuse ${ORG} in it', async () => {
    const all = crossTenantSql(orm.em.fork(), 'test: count every note');
    expect(await all.rows(sql`select count(*)::int as n from notes`)).toEqual([{ n: 2 }]);
    await expect(all.rows(sql`select 1 from notes where organization_id = ${ORG}`)).rejects.toThrow('no organization');
  });
});
