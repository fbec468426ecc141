import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { supportModule } from '../../../subgraphs/support/index.js';
import { addMember, createInbox, newConversation, newVisitor, widget } from './helpers/support-fixtures.js';

describe('support under concurrency: unique indexes decide, never read-then-write', () => {
  let t: TestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [supportModule({ contactConversations: false })] });
    key = await t.key('sup-race');
  });
  afterAll(() => t.stop());

  it('should create exactly one company of a contested id and one canned response of a contested shortcut', async () => {
    const companies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.request('POST', '/support/companies', { key, body: { id: 'contested', name: `C${i}` } }),
      ),
    );
    expect(companies.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const canned = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.request('POST', '/support/canned-responses', {
          key,
          body: { title: `T${i}`, shortcut: i % 2 ? 'RACE' : 'race', content: 'x' },
        }),
      ),
    );
    expect(canned.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect((await t.request('GET', '/support/canned-responses?search=race', { key })).body.meta.total).toBe(1);
  });

  it('should create a tag once when many conversations use it first at the same time', async () => {
    const inbox = await createInbox(t, key, { name: 'Race tags' });
    const ids = [];
    for (let i = 0; i < 8; i++) ids.push((await newConversation(t, inbox.widgetToken)).conversationId);
    const tagged = await Promise.all(
      ids.map((id) => t.request('POST', `/support/conversations/${id}/tags`, { key, body: { tags: ['urgent'] } })),
    );
    expect(tagged.every((r) => r.status === 200)).toBe(true);
    expect(new Set(tagged.map((r) => r.body.data[0].id)).size).toBe(1);
    expect((await t.request('GET', '/support/conversations?tag=urgent', { key })).body.meta.total).toBe(8);
  });

  it('should spread concurrent new conversations over the available members in turns', async () => {
    const inbox = await createInbox(t, key, { name: 'Race robin' });
    for (const user of ['user_a', 'user_b', 'user_c']) await addMember(t, key, inbox.id, user);
    const visitors = await Promise.all(Array.from({ length: 9 }, () => newVisitor(t, inbox.widgetToken)));
    const started = await Promise.all(
      visitors.map((v) => widget(t, inbox.widgetToken, v.visitorToken)('POST', 'conversations', { message: 'hi' })),
    );
    expect(started.every((r) => r.status === 201)).toBe(true);
    const list = await t.request('GET', `/support/conversations?inboxId=${inbox.id}&limit=100`, { key });
    const counts: Record<string, number> = {};
    for (const c of list.body.data) counts[c.assigneeId] = (counts[c.assigneeId] ?? 0) + 1;
    expect(counts).toEqual({ user_a: 3, user_b: 3, user_c: 3 });
  });
});
