import { crmModule } from '../../../subgraphs/crm/index.js';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

/** A gate the commit lane waits on: closed, accepted writes stay pending; opened, they commit. */
function gate() {
  let open = true;
  let release: () => void = () => {};
  let waiting = Promise.resolve();
  return {
    close() {
      open = false;
      waiting = new Promise<void>((r) => (release = r));
    },
    open() {
      open = true;
      release();
    },
    wait: () => (open ? Promise.resolve() : waiting),
  };
}

describe('CRM contacts: asynchronous writes', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;
  const commits = gate();

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [crmModule({ beforeCommit: commits.wait })] });
    key = await t.key('crm-async');
    other = await t.key('crm-async-other');
    // 50 concurrent writes plus polling exceed Starter's 50 writes per second; this file tests CRM, not rate limits.
    await t.platform.orm.em
      .getConnection()
      .execute(`update platform.organizations set plan = 'SCALE' where slug = 'crm-async'`);
  });
  afterAll(() => t.stop());

  const committed = (id: string, k = key) =>
    eventually(async () => {
      const res = await t.request('GET', `/crm/contacts/${encodeURIComponent(id)}`, { key: k });
      return res.status === 200 ? res : null;
    });

  it('should answer 202 with the provisional record, X-Correlation-Id and Location, then commit', async () => {
    const res = await t.request('POST', '/crm/contacts', {
      key,
      body: { email: 'Ada@Example.com', name: 'Ada Lovelace', lifecycleStage: 'LEAD' },
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      data: {
        id: null,
        externalId: expect.stringMatching(/^ctc_[0-9a-z]{26}$/),
        email: 'ada@example.com',
        status: 'ACTIVE',
        pending: true,
      },
    });
    expect(res.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('location')).toBe(`/crm/contacts/${res.body.data.externalId}`);
    const got = await committed(res.body.data.externalId);
    expect(got.body.data).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      externalId: res.body.data.externalId,
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      lifecycleStage: 'LEAD',
      status: 'ACTIVE',
      isIdentified: true,
      properties: {},
    });
    // The three identifier forms reach the same contact, over REST and GraphQL.
    const { id } = got.body.data;
    expect((await t.request('GET', `/crm/contacts/${id}`, { key })).body.data.externalId).toBe(
      res.body.data.externalId,
    );
    expect((await t.request('GET', '/crm/contacts/ada@example.com', { key })).body.data.id).toBe(id);
    for (const ident of [id, res.body.data.externalId, 'ada@example.com']) {
      const g = await t.graphql(key, 'query($id: ID!) { contact(id: $id) { id email name } }', { id: ident });
      expect(g.body).toEqual({ data: { contact: { id, email: 'ada@example.com', name: 'Ada Lovelace' } } });
    }
  });

  it('should report PENDING (202) while the creation has not committed, and the contact once it has', async () => {
    commits.close();
    try {
      const res = await t.request('POST', '/crm/contacts', { key, body: { email: 'pending@example.com' } });
      expect(res.status).toBe(202);
      for (const ident of [res.body.data.externalId, 'pending@example.com']) {
        const read = await t.request('GET', `/crm/contacts/${ident}`, { key });
        expect(read.status).toBe(202);
        expect(read.body).toEqual({ error: { code: 'PENDING', message: expect.any(String) } });
      }
      const g = await t.graphql(key, 'query($id: ID!) { contact(id: $id) { id } }', { id: res.body.data.externalId });
      expect(g.body.errors[0].extensions.code).toBe('PENDING');
      // A PATCH accepted behind the pending creation applies after it, in order.
      const patch = await t.request('PATCH', `/crm/contacts/${res.body.data.externalId}`, {
        key,
        body: { name: 'Later' },
      });
      expect(patch.status).toBe(202);
      expect(patch.body.data).toMatchObject({ id: null, externalId: res.body.data.externalId, pending: true });
      commits.open();
      const got = await eventually(async () => {
        const r = await t.request('GET', `/crm/contacts/${res.body.data.externalId}`, { key });
        return r.status === 200 && r.body.data.name === 'Later' ? r : null;
      });
      expect(got.body.data.email).toBe('pending@example.com');
    } finally {
      commits.open();
    }
  });

  it('should give exactly one 202 and 49 CONTACT_EMAIL_EXISTS for 50 concurrent POSTs of one email', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.request('POST', '/crm/contacts', { key, body: { email: 'race@example.com', name: 'Racer' } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe('CONTACT_EMAIL_EXISTS');
    // Decided at accept time: a pending one blocks the next, case-insensitively, and so does the committed one.
    await committed('race@example.com');
    expect((await t.request('POST', '/crm/contacts', { key, body: { email: 'RACE@example.com' } })).status).toBe(409);
    // Another organization has its own emails.
    expect((await t.request('POST', '/crm/contacts', { key: other, body: { email: 'race@example.com' } })).status).toBe(
      202,
    );
  });

  it('should upsert by external id with PUT (never 409 for the id), patch, and soft-delete', async () => {
    const ext = 'ctc_01jdputtest0000000000000000';
    const first = await t.request('PUT', `/crm/contacts/${ext}`, {
      key,
      body: { email: 'put@example.com', name: 'Put One' },
    });
    expect(first.status).toBe(202);
    expect(first.headers.get('location')).toBe(`/crm/contacts/${ext}`);
    const second = await t.request('PUT', `/crm/contacts/${ext}`, {
      key,
      body: { name: 'Put Two', phone: '+1 555 0100' },
    });
    expect(second.status).toBe(202);
    const got = await eventually(async () => {
      const r = await t.request('GET', `/crm/contacts/${ext}`, { key });
      return r.status === 200 && r.body.data.name === 'Put Two' ? r : null;
    });
    expect(got.body.data).toMatchObject({ email: 'put@example.com', phone: '+1 555 0100' });
    const patch = await t.request('PATCH', `/crm/contacts/${got.body.data.id}`, {
      key,
      body: { lifecycleStage: 'CUSTOMER', email: 'put2@example.com' },
    });
    expect(patch.status).toBe(202);
    expect(patch.body.data).toEqual({
      id: got.body.data.id,
      externalId: ext,
      email: 'put2@example.com',
      status: 'ACTIVE',
      pending: true,
    });
    expect(patch.headers.get('location')).toBeNull();
    await eventually(
      async () =>
        (await t.request('GET', '/crm/contacts/put2@example.com', { key })).body?.data?.lifecycleStage === 'CUSTOMER',
    );
    // The old email is free again once the change committed.
    await eventually(
      async () =>
        (await t.request('POST', '/crm/contacts', { key, body: { email: 'put@example.com' } })).status === 202,
    );
    const del = await t.request('DELETE', `/crm/contacts/${ext}`, { key });
    expect(del.status).toBe(202);
    expect(del.body.data.status).toBe('DELETED');
    await eventually(
      async () => (await t.request('GET', `/crm/contacts/${ext}`, { key })).body.data.status === 'DELETED',
    );
    expect((await t.request('PATCH', `/crm/contacts/${ext}`, { key, body: { name: 'x' } })).status).toBe(404);
  });

  it('should refuse bad identifiers with 400 INVALID_ID and bad bodies with 400 INVALID_REQUEST', async () => {
    for (const bad of ['abc', 'ctc_', 'cmp_01jdputtest0000000000000000', '-1', '1.5']) {
      const res = await t.request('GET', `/crm/contacts/${bad}`, { key });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_ID');
    }
    expect((await t.request('GET', '/crm/contacts/999999', { key })).status).toBe(404);
    const bad = await t.request('POST', '/crm/contacts', { key, body: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({
      code: 'INVALID_REQUEST',
      message: expect.any(String),
      details: { field: 'email', received: 'not-an-email', expected: 'an email address' },
    });
    const stage = await t.request('POST', '/crm/contacts', { key, body: { lifecycleStage: 'KING' } });
    expect(stage.body.error.details).toEqual({
      field: 'lifecycleStage',
      received: 'KING',
      expected: expect.arrayContaining(['CUSTOMER']),
    });
    expect((await t.request('POST', '/crm/contacts', { key, body: { shoeSize: 42 } })).status).toBe(400);
    expect((await t.request('POST', '/crm/contacts', { key, body: [1] })).status).toBe(400);
  });

  it('should need a SERVER key with the crm scope, and keep organizations apart', async () => {
    const noScope = await t.key('crm-async', 'SERVER', ['email']);
    const res = await t.request('GET', '/crm/contacts', { key: noScope });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect((await t.request('GET', '/crm/contacts')).status).toBe(401);
    const mine = await committed('ada@example.com');
    expect((await t.request('GET', `/crm/contacts/${mine.body.data.id}`, { key: other })).status).toBe(404);
    expect(
      (await t.request('PATCH', `/crm/contacts/${mine.body.data.id}`, { key: other, body: { name: 'x' } })).status,
    ).toBe(404);
    const list = await t.request('GET', '/crm/contacts', { key: other });
    expect(list.body.data.map((c: { email: string }) => c.email)).toEqual(['race@example.com']);
  });

  it('should commit the other writes when one accepted write cannot apply, and keep that one for a retry', async () => {
    const db = t.platform.orm.em.getConnection();
    const org = (await db.execute(`select id from platform.organizations where slug = 'crm-async'`))[0].id;
    // A write the contacts table refuses (status check): its batch fails, the lane commits target by target.
    await db.execute(
      `insert into crm.pending_writes (organization_id, correlation_id, entity, operation, target_external_id, payload, accepted_at)
       values (?, gen_random_uuid()::text, 'contact', 'create', 'ctc_poison0000000000000000000', '{"status": "BOGUS"}', clock_timestamp())`,
      [org],
    );
    const accepted: string[] = [];
    for (let i = 0; i < 3; i++)
      accepted.push(
        (await t.request('POST', '/crm/contacts', { key, body: { email: `after-poison${i}@example.com` } })).body.data
          .externalId,
      );
    for (const externalId of accepted) await committed(externalId);
    const poison = await db.execute(
      `select status from crm.pending_writes where target_external_id = 'ctc_poison0000000000000000000'`,
    );
    expect(poison).toEqual([{ status: 'ACCEPTED' }]);
    await db.execute(
      `update crm.pending_writes set status = 'FAILED', error = 'test' where target_external_id = 'ctc_poison0000000000000000000'`,
    );
  });

  it('should report the unfiltered total exactly through creations, archiving, deletion and merges', async () => {
    const db = t.platform.orm.em.getConnection();
    const totals = async () => {
      const all = (await t.request('GET', '/crm/contacts?limit=1', { key })).body.meta.total;
      const active = (await t.request('GET', '/crm/contacts?limit=1&status=ACTIVE', { key })).body.meta.total;
      const archived = (await t.request('GET', '/crm/contacts?limit=1&status=ARCHIVED', { key })).body.meta.total;
      const counted = (
        await db.execute(`select count(*)::int as n from crm.contacts c join platform.organizations o on o.id = c.organization_id
        where o.slug = 'crm-async' and c.status in ('ACTIVE', 'ARCHIVED')`)
      )[0].n;
      return { all, sum: active + archived, counted };
    };
    const before = await totals();
    expect(before.all).toBe(before.counted);
    const made: string[] = [];
    for (let i = 0; i < 4; i++)
      made.push(
        (await t.request('POST', '/crm/contacts', { key, body: { email: `total${i}@example.com` } })).body.data
          .externalId,
      );
    for (const externalId of made) await committed(externalId);
    expect((await totals()).all).toBe(before.all + 4);
    await t.request('PATCH', `/crm/contacts/${made[0]}`, { key, body: { status: 'ARCHIVED' } });
    await t.request('DELETE', `/crm/contacts/${made[1]}`, { key });
    await t.request('POST', `/crm/contacts/${made[2]}/merge`, { key, body: { loserId: made[3] } });
    await eventually(
      async () => (await t.request('GET', `/crm/contacts/${made[3]}`, { key })).body.data?.status === 'MERGED',
    );
    await eventually(
      async () => (await t.request('GET', `/crm/contacts/${made[1]}`, { key })).body.data?.status === 'DELETED',
    );
    const after = await totals();
    expect(after).toEqual({ all: before.all + 2, sum: before.all + 2, counted: before.all + 2 });
  });

  it("should let organizations take turns: a flood of one organization's writes does not hold back another's", async () => {
    const db = t.platform.orm.em.getConnection();
    const flooded = (await db.execute(`select id from platform.organizations where slug = 'crm-async-other'`))[0].id;
    // 5,000 accepted creations of one organization (100 batches), written as the accept statement writes them.
    await db.execute(
      `with flood as (insert into crm.pending_writes (organization_id, correlation_id, entity, operation, target_external_id, payload, accepted_at)
         select ?, gen_random_uuid()::text, 'contact', 'create', 'ctc_flood' || lpad(n::text, 21, '0'), '{}', clock_timestamp() from generate_series(1, 5000) n
         returning organization_id)
       select pg_notify('crm_writes', ?::text)`,
      [flooded, flooded],
    );
    const mine = await t.request('POST', '/crm/contacts', { key, body: { email: 'not-behind-the-flood@example.com' } });
    await committed(mine.body.data.externalId);
    const waiting = async () =>
      (
        await db.execute(
          `select count(*)::int as n from crm.pending_writes where organization_id = ? and status = 'ACCEPTED'`,
          [flooded],
        )
      )[0].n;
    expect(await waiting()).toBeGreaterThan(0);
    await eventually(async () => (await waiting()) === 0, 60_000, 200);
  });
});
