import { startAuthPlatform, type AuthTestPlatform } from './helpers/auth-platform.js';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const USER_ID = expect.stringMatching(/^user_[0-9a-z]{26}$/);

describe('auth users through the stack', () => {
  let t: AuthTestPlatform;
  let key: string;
  let other: string;

  beforeAll(async () => {
    t = await startAuthPlatform();
    key = await t.key('auth-users');
    other = await t.key('auth-users-other');
  });
  afterAll(() => t.stop());

  const create = (body: unknown, k = key) => t.request('POST', '/auth/users', { key: k, body });

  it('should create a PENDING_VERIFICATION user with 201 and the platform envelope', async () => {
    const res = await create({
      email: 'Ada@Example.com',
      password: 'correct horse battery',
      profile: { firstName: 'Ada', lastName: 'Lovelace' },
      metadata: { plan: 'pro' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: USER_ID,
        email: 'ada@example.com',
        emailVerified: false,
        status: 'PENDING_VERIFICATION',
        profile: { firstName: 'Ada', lastName: 'Lovelace' },
        metadata: { plan: 'pro' },
        lastSignInAt: null,
        lockedUntil: null,
        blockedAt: null,
        ssoConnectionId: null,
        createdAt: ISO,
        updatedAt: ISO,
      },
    });
    expect(res.text).not.toContain('password');
  });

  it('should make a user ACTIVE at once with emailVerified: true', async () => {
    const res = await create({ email: 'verified@example.com', emailVerified: true });
    expect(res.body.data).toMatchObject({ emailVerified: true, status: 'ACTIVE' });
  });

  it('should answer 409 CONFLICT for a duplicate email (any case), while another organization may use it', async () => {
    await create({ email: 'dup@example.com' });
    const res = await create({ email: 'DUP@example.com' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      error: { code: 'CONFLICT', message: expect.any(String), details: expect.objectContaining({ field: 'email' }) },
    });
    expect((await create({ email: 'dup@example.com' }, other)).status).toBe(201);
  });

  it.each([
    ['a malformed email', { email: 'not-an-email' }, 'email'],
    ['no email', { password: 'long enough password' }, 'email'],
    ['a number as email', { email: 42 }, 'email'],
    ['oversized metadata', { email: 'big@example.com', metadata: { blob: 'x'.repeat(9000) } }, 'metadata'],
    ['metadata that is not an object', { email: 'm@example.com', metadata: [1, 2] }, 'metadata'],
    ['an unknown field', { email: 'u@example.com', colour: 'red' }, 'colour'],
    ['a long first name', { email: 'n@example.com', profile: { firstName: 'x'.repeat(101) } }, 'profile.firstName'],
  ])('should refuse %s with 400 INVALID_REQUEST and details', async (_name, body, field) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('INVALID_REQUEST');
    expect(res.body.error.details).toEqual(expect.objectContaining({ field }));
  });

  it('should refuse a weak password (PASSWORD_TOO_WEAK) and a breached one (PASSWORD_BREACHED)', async () => {
    const weak = await create({ email: 'weak@example.com', password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatchObject({
      code: 'PASSWORD_TOO_WEAK',
      details: { field: 'password', unmet: ['at least 8 characters'] },
    });
    const breached = await create({ email: 'breached@example.com', password: 'Password123' });
    expect(breached.status).toBe(400);
    expect(breached.body.error.code).toBe('PASSWORD_BREACHED');
  });

  it('should list users newest first with count/offset, status and search over email and names', async () => {
    const k = await t.key('auth-users-list');
    for (const [email, firstName] of [
      ['a1@example.com', 'Grace'],
      ['b2@example.com', 'Alan'],
      ['c3@example.com', 'Gracie'],
    ]) {
      await create({ email, profile: { firstName }, emailVerified: email.startsWith('b') }, k);
    }
    const all = await t.request('GET', '/auth/users?count=2', { key: k });
    expect(all.status).toBe(200);
    expect(all.body.data.map((u: { email: string }) => u.email)).toEqual(['c3@example.com', 'b2@example.com']);
    expect(all.body.meta).toEqual({ count: 2, offset: 0, total: 3, hasMore: true });
    const grace = await t.request('GET', '/auth/users?search=grac', { key: k });
    expect(grace.body.data.map((u: { email: string }) => u.email).sort()).toEqual(['a1@example.com', 'c3@example.com']);
    expect((await t.request('GET', '/auth/users?search=B2@EX', { key: k })).body.data).toHaveLength(1);
    const active = await t.request('GET', '/auth/users?status=ACTIVE', { key: k });
    expect(active.body.data.map((u: { email: string }) => u.email)).toEqual(['b2@example.com']);
    expect((await t.request('GET', '/auth/users?count=101', { key: k })).body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'count', received: 101 },
    });
    expect((await t.request('GET', '/auth/users?status=SLEEPING', { key: k })).status).toBe(400);
  });

  it('should refuse metadata that is not an object over GraphQL with a 400 naming it, never a 500', async () => {
    const user = (await create({ email: 'gql-meta@example.com' })).body.data;
    const res = await t.graphql(
      key,
      'mutation($id: ID!, $input: UpdateAuthUserInput!) { updateAuthUser(id: $id, input: $input) { id } }',
      { id: user.id, input: { metadata: 'plain text' } },
    );
    expect(res.body.errors[0].extensions).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'metadata', received: 'plain text' },
    });
  });

  it('should PATCH profile (merged) and metadata (replaced)', async () => {
    const { body } = await create({
      email: 'patch@example.com',
      profile: { firstName: 'Old', lastName: 'Name' },
      metadata: { a: 1 },
    });
    const res = await t.request('PATCH', `/auth/users/${body.data.id}`, {
      key,
      body: { profile: { firstName: 'New' }, metadata: { b: 2 } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ profile: { firstName: 'New', lastName: 'Name' }, metadata: { b: 2 } });
    expect(
      (await t.request('PATCH', `/auth/users/${body.data.id}`, { key, body: { email: 'x@example.com' } })).status,
    ).toBe(400);
  });

  it('should soft delete: 404 afterwards, the address is free again, user.deleted in the log', async () => {
    const { body } = await create({ email: 'gone@example.com' });
    const del = await t.request('DELETE', `/auth/users/${body.data.id}`, { key });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id: body.data.id, status: 'DELETED' });
    expect((await t.request('GET', `/auth/users/${body.data.id}`, { key })).status).toBe(404);
    expect((await t.request('DELETE', `/auth/users/${body.data.id}`, { key })).status).toBe(404);
    expect((await create({ email: 'gone@example.com' })).status).toBe(201);
    const deleted = await t.request('GET', '/auth/users?status=DELETED', { key });
    expect(deleted.body.data.map((u: { id: string }) => u.id)).toContain(body.data.id);
    const logs = await t.request('GET', `/auth/logs?userId=${body.data.id}&eventTypes[]=user.deleted`, { key });
    expect(logs.body.data).toHaveLength(1);
  });

  it('should block and unblock: BLOCKED then back to the status the verification gives', async () => {
    const { body } = await create({ email: 'blocky@example.com', emailVerified: true });
    const blocked = await t.request('POST', `/auth/users/${body.data.id}/block`, { key });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data).toMatchObject({ status: 'BLOCKED', blockedAt: ISO });
    const unblocked = await t.request('POST', `/auth/users/${body.data.id}/unblock`, { key });
    expect(unblocked.body.data).toMatchObject({ status: 'ACTIVE', blockedAt: null });
  });

  it("should keep organizations apart: another organization's user is a 404 everywhere", async () => {
    const { body } = await create({ email: 'mine@example.com' });
    const id = body.data.id;
    expect((await t.request('GET', `/auth/users/${id}`, { key: other })).status).toBe(404);
    expect((await t.request('PATCH', `/auth/users/${id}`, { key: other, body: { metadata: {} } })).status).toBe(404);
    expect((await t.request('POST', `/auth/users/${id}/block`, { key: other })).status).toBe(404);
    expect((await t.request('DELETE', `/auth/users/${id}`, { key: other })).status).toBe(404);
    const list = await t.request('GET', '/auth/users?search=mine', { key: other });
    expect(list.body.data).toEqual([]);
  });

  it('should need a key with the auth scope', async () => {
    expect((await t.request('GET', '/auth/users')).status).toBe(401);
    const emailOnly = await t.key('auth-scopes', 'SERVER', ['email']);
    const res = await t.request('GET', '/auth/users', { key: emailOnly });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });
});
