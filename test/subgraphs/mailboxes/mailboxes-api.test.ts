import { eventually as eventuallyWithin, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { mailboxesModule } from '../../../subgraphs/mailboxes/index.js';

// Jobs run asynchronously; a busy shared machine can take a while (no timing is asserted).
const eventually = <T>(check: () => Promise<T | undefined | null | false>) => eventuallyWithin(check, 30_000);

const P = '/v1/agent-email';

describe('agent mailboxes through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;

  beforeAll(async () => {
    // The default body limit (10 MiB): the send routes carry their own, so 25 MB of attachments get through.
    t = await startTestPlatform(
      { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' },
      { modules: [emailModule(), webhooksModule(), mailboxesModule({ contactMessages: false })] },
    );
    key = await t.key('mbx-api');
    other = await t.key('mbx-other');
  });
  afterAll(() => t.stop());

  const req = (method: string, path: string, body?: unknown, k = key) => t.request(method, P + path, { key: k, body });
  const createMailbox = async (name: string, k = key) => {
    const res = await req('POST', '/mailboxes', { name }, k);
    expect(res.status).toBe(201);
    return res.body.data as { id: string; address: string };
  };
  const inbox = async (mailboxId: string, query = '') =>
    (await req('GET', `/mailboxes/${mailboxId}/inbox${query}`)).body;

  it('should create a mailbox on the default domain, list, get and refuse a taken address with 409', async () => {
    const res = await req('POST', '/mailboxes', { name: 'Support.Bot' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(/^mbx_/),
        address: 'support.bot@agents.localhost',
        name: 'support.bot',
        domain: 'agents.localhost',
        createdAt: expect.any(String),
      },
    });
    const id = res.body.data.id;
    expect((await req('GET', `/mailboxes/${id}`)).body.data.address).toBe('support.bot@agents.localhost');
    const list = await req('GET', '/mailboxes?limit=1&offset=0');
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ total: expect.any(Number), limit: 1, offset: 0 });
    expect(list.body.data).toHaveLength(1);
    // Addresses are global: another organization cannot take it either.
    const taken = await req('POST', '/mailboxes', { name: 'support.bot' }, other);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: { code: 'CONFLICT', message: expect.any(String) } });
  });

  it('should refuse an unverified domain, a bad name and a bad page with the mailboxes envelope', async () => {
    const domain = await req('POST', '/mailboxes', { name: 'x', domain: 'example.com' });
    expect(domain.status).toBe(400);
    expect(domain.body.error.code).toBe('DOMAIN_NOT_VERIFIED');
    const bad = await req('POST', '/mailboxes', { name: 'no spaces' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
    const unknownField = await req('POST', '/mailboxes', { name: 'ok', color: 'red' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error.code).toBe('VALIDATION_ERROR');
    expect((await req('GET', '/mailboxes?limit=101')).status).toBe(400);
    expect((await req('GET', '/mailboxes?limit=abc')).body.error.code).toBe('VALIDATION_ERROR');
  });

  it('should answer 404 MAILBOX_NOT_FOUND to another organization and 403 to a key without the scope', async () => {
    const mine = await createMailbox('private-box');
    const res = await req('GET', `/mailboxes/${mine.id}`, undefined, other);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'MAILBOX_NOT_FOUND', message: expect.any(String) } });
    expect((await req('DELETE', `/mailboxes/${mine.id}`, undefined, other)).status).toBe(404);
    expect((await req('GET', `/mailboxes/${mine.id}/inbox`, undefined, other)).status).toBe(404);
    const noScope = await t.key('mbx-noscope', 'SERVER', ['crm']);
    const forbidden = await req('GET', '/mailboxes', undefined, noScope);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');
    expect((await t.request('GET', `${P}/mailboxes`)).status).toBe(401);
  });

  it('should send between local mailboxes inside the platform: 202 queued, then delivered, received and threaded', async () => {
    const alice = await createMailbox('alice');
    const bob = await createMailbox('bob');
    const sent = await req('POST', '/messages/send', {
      from: alice.address,
      to: [`Bob <${bob.address}>`],
      subject: 'Quarterly plan',
      text: 'Shall we meet on Tuesday about the plan?',
      tags: ['q3'],
    });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({
      data: {
        id: expect.stringMatching(/^msg_/),
        status: 'queued',
        from: alice.address,
        to: [`"Bob" <${bob.address}>`],
        cc: [],
        bcc: [],
        subject: 'Quarterly plan',
        threadId: expect.stringMatching(/^thd_/),
        scheduledAt: null,
      },
    });
    const received = await eventually(async () => (await inbox(bob.id)).data[0]);
    expect(received).toMatchObject({
      from: alice.address,
      subject: 'Quarterly plan',
      read: false,
      direction: 'inbound',
      status: 'received',
      textPreview: 'Shall we meet on Tuesday about the plan?',
      attachmentCount: 0,
      labels: [],
    });
    expect(received.threadId).toMatch(/^thd_/);
    const mine = await eventually(async () => {
      const m = (await req('GET', `/inbox/${sent.body.data.id}`)).body.data;
      return m.status === 'delivered' ? m : null;
    });
    expect(mine).toMatchObject({
      direction: 'outbound',
      sentAt: expect.any(String),
      deliveredAt: expect.any(String),
      tags: ['q3'],
    });

    // Bob replies: In-Reply-To, References, "Re:", same thread on both sides.
    const reply = await req('POST', `/messages/${received.id}/reply`, { text: 'Tuesday works.' });
    expect(reply.status).toBe(202);
    expect(reply.body.data).toMatchObject({
      status: 'queued',
      to: [alice.address],
      subject: 'Re: Quarterly plan',
      threadId: received.threadId,
    });
    const back = await eventually(async () => (await inbox(alice.id)).data[0]);
    expect(back.subject).toBe('Re: Quarterly plan');
    expect(back.threadId).toBe(sent.body.data.threadId);
    expect(back.inReplyTo).toBe(mine.messageId);
    const full = (await req('GET', `/inbox/${back.id}`)).body.data;
    expect(full.headers['in-reply-to']).toBe(mine.messageId);

    const thread = await req('GET', `/threads/${back.threadId}`);
    expect(thread.status).toBe(200);
    expect(thread.body.data).toMatchObject({
      id: back.threadId,
      subject: 'Quarterly plan',
      messageCount: 2,
      unreadCount: 1,
      participants: expect.arrayContaining([alice.address, bob.address]),
    });
    expect(thread.body.data.messages.map((m: { direction: string }) => m.direction)).toEqual(['outbound', 'inbound']);
    const threads = await req('GET', `/mailboxes/${alice.id}/threads?sort=last_message_at:desc`);
    expect(threads.body.meta).toEqual({ total: 1, limit: 50, offset: 0 });
    expect(threads.body.data[0]).toMatchObject({ id: back.threadId, messageCount: 2, unreadCount: 1 });
    expect((await req('GET', `/threads/${back.threadId}`, undefined, other)).status).toBe(404);
  });

  it('should reply-all to everyone but the mailbox, forward with the original quoted and its attachments', async () => {
    const carol = await createMailbox('carol');
    const dave = await createMailbox('dave');
    const erin = await createMailbox('erin');
    const attachment = {
      filename: 'notes.txt',
      content: Buffer.from('hello notes').toString('base64'),
      contentType: 'text/plain',
    };
    await req('POST', '/messages/send', {
      from: carol.address,
      to: [dave.address, erin.address],
      cc: ['ext@example.com'],
      subject: 'Launch',
      html: '<p>Launch on Friday</p>',
      attachments: [attachment],
    });
    const atDave = await eventually(async () => (await inbox(dave.id)).data[0]);
    expect(atDave.attachmentCount).toBe(1);
    const all = await req('POST', `/messages/${atDave.id}/reply-all`, { text: 'Agreed' });
    expect(all.status).toBe(202);
    expect(all.body.data.to).toEqual([carol.address]);
    // The answer names every recipient the reply went to, not only `to`.
    expect(all.body.data.cc.sort()).toEqual(['ext@example.com', erin.address].sort());
    expect(all.body.data.bcc).toEqual([]);
    const sentAll = (await req('GET', `/inbox/${all.body.data.id}`)).body.data;
    expect(sentAll.cc.sort()).toEqual(['ext@example.com', erin.address].sort());

    const fwd = await req('POST', `/messages/${atDave.id}/forward`, { to: [erin.address], html: '<p>FYI</p>' });
    expect(fwd.status).toBe(202);
    expect(fwd.body.data.subject).toBe('Fwd: Launch');
    const forwarded = (await req('GET', `/inbox/${fwd.body.data.id}`)).body.data;
    expect(forwarded.htmlBody).toContain('Forwarded message');
    expect(forwarded.htmlBody).toContain('<p>Launch on Friday</p>');
    expect(forwarded.attachments).toEqual([
      expect.objectContaining({ filename: 'notes.txt', size: 11, content: attachment.content }),
    ]);
  });

  it('should refuse bad recipients, bad base64, reserved or CR/LF headers, and a sender that is not a mailbox, writing nothing', async () => {
    const frank = await createMailbox('frank');
    const before = (await req('GET', `/mailboxes/${frank.id}/threads`)).body.meta.total;
    const send = (over: Record<string, unknown>) =>
      req('POST', '/messages/send', { from: frank.address, to: ['x@example.com'], subject: 'S', text: 'T', ...over });
    expect((await send({ to: ['not an address'] })).body.error.code).toBe('INVALID_RECIPIENT');
    expect((await send({ cc: ['a@b'] })).body.error.code).toBe('INVALID_RECIPIENT');
    expect((await send({ to: [] })).body.error.code).toBe('VALIDATION_ERROR');
    expect((await send({ attachments: [{ filename: 'a', content: 'not base64!' }] })).body.error.code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await send({ headers: { From: 'evil@example.com' } })).body.error.code).toBe('VALIDATION_ERROR');
    expect((await send({ headers: { 'X-Trace': 'a\r\nBcc: evil@example.com' } })).body.error.code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await send({ text: null, html: null })).body.error.code).toBe('VALIDATION_ERROR');
    expect((await send({ from: 'nobody@agents.localhost' })).body.error.code).toBe('MAILBOX_NOT_FOUND');
    const ok = await send({
      headers: { 'X-Campaign': 'fall' },
      cc: ['Copy <copy@example.com>'],
      bcc: ['blind@example.com'],
    });
    expect(ok.status).toBe(202);
    // The answer names every recipient: cc and bcc beside to.
    expect(ok.body.data).toMatchObject({
      to: ['x@example.com'],
      cc: ['"Copy" <copy@example.com>'],
      bcc: ['blind@example.com'],
    });
    expect((await req('GET', `/mailboxes/${frank.id}/threads`)).body.meta.total).toBe(before + 1);
  });

  it('should answer ATTACHMENT_TOO_LARGE above 25 MB in total (decoded), writing nothing', async () => {
    const gina = await createMailbox('gina');
    const chunk = Buffer.alloc(13 * 1024 * 1024, 1).toString('base64');
    const res = await req('POST', '/messages/send', {
      from: gina.address,
      to: ['x@example.com'],
      subject: 'Big',
      text: 'x',
      attachments: [
        { filename: 'a.bin', content: chunk },
        { filename: 'b.bin', content: chunk },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'ATTACHMENT_TOO_LARGE', message: expect.any(String) } });
    expect((await req('GET', `/mailboxes/${gina.id}/threads`)).body.meta.total).toBe(0);
    const fits = await req('POST', '/messages/send', {
      from: gina.address,
      to: ['x@example.com'],
      subject: 'Fits',
      text: 'x',
      attachments: [{ filename: 'a.bin', content: Buffer.alloc(1024 * 1024, 2).toString('base64') }],
    });
    expect(fits.status).toBe(202);
  });

  it('should take exactly 25 MB of attachments (about 34 MB of base64) on send and answer ATTACHMENT_TOO_LARGE, not 413, one byte above on send, reply and reply-all', async () => {
    const ida = await createMailbox('ida');
    const half = (25 * 1024 * 1024) / 2;
    const parts = (extra: number) => [
      { filename: 'a.bin', content: Buffer.alloc(half, 3).toString('base64') },
      { filename: 'b.bin', content: Buffer.alloc(half + extra, 4).toString('base64') },
    ];
    // Scheduled a day ahead: accepted and stored, without building a 25 MB MIME message in this test.
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const exact = await req('POST', '/messages/send', {
      from: ida.address,
      to: ['x@example.com'],
      subject: 'Exactly 25 MB',
      text: 'x',
      scheduledAt: later,
      attachments: parts(0),
    });
    expect(exact.status).toBe(202);
    const over = parts(1);
    const tooLarge = { error: { code: 'ATTACHMENT_TOO_LARGE', message: expect.any(String) } };
    for (const [path, body] of [
      ['/messages/send', { from: ida.address, to: ['x@example.com'], subject: 'Over', text: 'x', attachments: over }],
      [`/messages/${exact.body.data.id}/reply`, { text: 'x', attachments: over }],
      [`/messages/${exact.body.data.id}/reply-all`, { text: 'x', attachments: over }],
    ] as const) {
      const res = await req('POST', path, body);
      expect([path, res.status, res.body]).toEqual([path, 400, tooLarge]);
    }
    expect((await req('GET', `/mailboxes/${ida.id}/threads`)).body.meta.total).toBe(1);
    // Far above any legitimate send, the body is refused unread.
    const huge = await t.request('POST', `${P}/messages/send`, {
      key,
      headers: { 'content-type': 'application/json' },
      rawBody: `{"text":"${'x'.repeat(49 * 1024 * 1024)}"}`,
    });
    expect(huge.status).toBe(413);
  }, 60_000); // four 34 MB bodies through the whole stack: about 8 s on the shared two-core machine (load 7)

  it('should send a batch of up to 100 with one result per item', async () => {
    const hank = await createMailbox('hank');
    const res = await req('POST', '/messages/send-batch', {
      from: hank.address,
      messages: [
        { to: 'one@example.com', subject: 'One', html: '<p>1</p>' },
        { to: 'broken', subject: 'Two', html: '<p>2</p>' },
        { to: 'three@example.com', subject: 'Three', html: '<p>3</p>' },
      ],
    });
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual([
      { index: 0, id: expect.stringMatching(/^msg_/), status: 'queued', to: 'one@example.com', error: null },
      {
        index: 1,
        id: null,
        status: null,
        to: 'broken',
        error: { code: 'INVALID_RECIPIENT', message: expect.any(String) },
      },
      { index: 2, id: expect.stringMatching(/^msg_/), status: 'queued', to: 'three@example.com', error: null },
    ]);
    const tooMany = await req('POST', '/messages/send-batch', {
      from: hank.address,
      messages: Array.from({ length: 101 }, (_, i) => ({ to: `r${i}@example.com`, subject: 's', html: 'h' })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('should filter, sort, mark read and unread, archive, unarchive, label and delete inbox messages', async () => {
    const ivy = await createMailbox('ivy');
    const jack = await createMailbox('jack');
    const kim = await createMailbox('kim');
    await req('POST', '/messages/send', { from: jack.address, to: [ivy.address], subject: 'Alpha', text: 'first' });
    await eventually(async () => (await inbox(ivy.id)).meta.total === 1);
    await req('POST', '/messages/send', { from: kim.address, to: [ivy.address], subject: 'Beta', text: 'second' });
    const both = await eventually(async () => {
      const body = await inbox(ivy.id);
      return body.meta.total === 2 ? body.data : null;
    });
    expect(both.map((m: { subject: string }) => m.subject)).toEqual(['Beta', 'Alpha']);
    expect((await inbox(ivy.id, '?sort=received_at:asc')).data.map((m: { subject: string }) => m.subject)).toEqual([
      'Alpha',
      'Beta',
    ]);
    expect((await inbox(ivy.id, '?sort=subject:asc')).data[0].subject).toBe('Alpha');
    expect((await req('GET', `/mailboxes/${ivy.id}/inbox?sort=size:desc`)).status).toBe(400);
    expect((await inbox(ivy.id, `?from=${jack.address}`)).data.map((m: { subject: string }) => m.subject)).toEqual([
      'Alpha',
    ]);
    const [beta, alpha] = both as { id: string; receivedAt: string }[];
    expect(
      (await inbox(ivy.id, `?after=${encodeURIComponent(alpha!.receivedAt)}`)).data.map((m: { id: string }) => m.id),
    ).toEqual([beta!.id]);
    expect(
      (await inbox(ivy.id, `?before=${encodeURIComponent(beta!.receivedAt)}`)).data.map((m: { id: string }) => m.id),
    ).toEqual([alpha!.id]);
    expect((await req('GET', `/mailboxes/${ivy.id}/inbox?after=yesterday`)).status).toBe(400);

    // markRead on GET
    expect((await req('GET', `/inbox/${alpha!.id}`)).body.data.read).toBe(false);
    expect((await req('GET', `/inbox/${alpha!.id}?markRead=true`)).body.data.read).toBe(true);
    expect((await inbox(ivy.id, '?unread=true')).data.map((m: { id: string }) => m.id)).toEqual([beta!.id]);
    expect((await req('POST', '/inbox/mark-read', { messageIds: [beta!.id] })).body.data).toEqual({
      messageIds: [beta!.id],
      updated: 1,
    });
    expect((await inbox(ivy.id, '?unread=true')).meta.total).toBe(0);
    await req('POST', '/inbox/mark-unread', { messageIds: [alpha!.id, beta!.id] });
    expect((await inbox(ivy.id, '?unread=true')).meta.total).toBe(2);
    // Unknown id: 404 and nothing changes.
    const missing = await req('POST', '/inbox/mark-read', { messageIds: [alpha!.id, 'msg_nope'] });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('MESSAGE_NOT_FOUND');
    expect((await inbox(ivy.id, '?unread=true')).meta.total).toBe(2);
    expect((await req('POST', '/inbox/mark-read', { messageIds: [alpha!.id] }, other)).status).toBe(404);

    await req('POST', '/inbox/archive', { messageIds: [alpha!.id] });
    expect((await inbox(ivy.id)).data.map((m: { id: string }) => m.id)).toEqual([beta!.id]);
    expect((await inbox(ivy.id, '?archived=true')).data.map((m: { id: string }) => m.id)).toEqual([alpha!.id]);
    await req('POST', '/inbox/unarchive', { messageIds: [alpha!.id] });
    expect((await inbox(ivy.id)).meta.total).toBe(2);

    // Labels
    const label = await req('POST', `/mailboxes/${ivy.id}/labels`, { name: 'urgent', color: '#FF0000' });
    expect(label.status).toBe(201);
    expect(label.body.data).toMatchObject({ name: 'urgent', color: '#ff0000' });
    expect((await req('POST', `/mailboxes/${ivy.id}/labels`, { name: 'urgent', color: '#00ff00' })).status).toBe(409);
    expect((await req('POST', `/mailboxes/${ivy.id}/labels`, { name: 'bad', color: 'red' })).status).toBe(400);
    await req('POST', `/mailboxes/${ivy.id}/labels`, { name: 'later', color: '#0f0' });
    expect((await req('GET', `/mailboxes/${ivy.id}/labels`)).body.data.map((l: { name: string }) => l.name)).toEqual([
      'later',
      'urgent',
    ]);
    const labelled = await req('POST', `/inbox/${beta!.id}/labels`, { labels: ['urgent', 'later'] });
    expect(labelled.body.data.labels).toEqual(['later', 'urgent']);
    expect((await req('POST', `/inbox/${beta!.id}/labels`, { labels: ['nope'] })).status).toBe(400);
    expect((await inbox(ivy.id, '?label=urgent')).data.map((m: { id: string }) => m.id)).toEqual([beta!.id]);
    expect((await req('DELETE', `/inbox/${beta!.id}/labels/later`)).body.data.labels).toEqual(['urgent']);
    expect((await req('DELETE', `/mailboxes/${ivy.id}/labels/urgent`)).status).toBe(200);
    expect((await req('GET', `/inbox/${beta!.id}`)).body.data.labels).toEqual([]);

    // Delete
    const del = await req('DELETE', '/inbox', { messageIds: [alpha!.id] });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ messageIds: [alpha!.id], updated: 1 });
    expect((await req('GET', `/inbox/${alpha!.id}`)).status).toBe(404);
    expect((await inbox(ivy.id)).meta.total).toBe(1);
  });

  it('should search with PostgreSQL full-text search: ranked words, phrases and exclusions, in the mailbox only', async () => {
    const lea = await createMailbox('lea');
    const max = await createMailbox('max');
    const send = (subject: string, text: string) =>
      req('POST', '/messages/send', { from: max.address, to: [lea.address], subject, text });
    await send('Invoice overdue', 'Your invoice 1234 is overdue, please pay the invoice');
    await send('Team lunch', 'Lunch on Friday near the office; no invoice talk');
    await send('Weekly report', 'The quarterly numbers are attached');
    await eventually(async () => (await inbox(lea.id)).meta.total === 3);
    const search = async (q: string) =>
      (await req('GET', `/mailboxes/${lea.id}/inbox/search?query=${encodeURIComponent(q)}`)).body;
    const invoice = await search('invoice');
    expect(invoice.meta).toEqual({ total: 2, limit: 20, offset: 0 });
    expect(invoice.data[0].subject).toBe('Invoice overdue'); // subject weight ranks it first
    expect((await search('"quarterly numbers"')).data.map((m: { subject: string }) => m.subject)).toEqual([
      'Weekly report',
    ]);
    expect((await search('"numbers quarterly"')).meta.total).toBe(0);
    expect((await search('invoice -lunch')).data.map((m: { subject: string }) => m.subject)).toEqual([
      'Invoice overdue',
    ]);
    expect((await search('max')).meta.total).toBe(3); // the sender
    expect((await req('GET', `/mailboxes/${lea.id}/inbox/search?query=`)).status).toBe(400);
    expect((await req('GET', `/mailboxes/${lea.id}/inbox/search?query=invoice`, undefined, other)).status).toBe(404);
  });

  it('should index the first 10,000 characters of a long text for search, and keep a message found once read', async () => {
    const ria = await createMailbox('ria');
    const sam = await createMailbox('sam');
    const text = `kiwifruit ${'filler words here. '.repeat(600)} durianfruit`; // the last word is past character 10,000
    await req('POST', '/messages/send', { from: sam.address, to: [ria.address], subject: 'Long one', text });
    const received = await eventually(async () => (await inbox(ria.id)).data[0]);
    const search = async (q: string) =>
      (await req('GET', `/mailboxes/${ria.id}/inbox/search?query=${q}`)).body.meta.total;
    expect(await search('kiwifruit')).toBe(1);
    expect(await search('durianfruit')).toBe(0);
    expect((await req('GET', `/inbox/${received.id}?markRead=true`)).status).toBe(200);
    expect(await search('kiwifruit')).toBe(1);
  });

  it('should delete a mailbox with everything in it', async () => {
    const nia = await createMailbox('nia');
    const oz = await createMailbox('oz');
    await req('POST', '/messages/send', { from: oz.address, to: [nia.address], subject: 'Bye', text: 'bye' });
    const msg = await eventually(async () => (await inbox(nia.id)).data[0]);
    await req('POST', `/mailboxes/${nia.id}/labels`, { name: 'x', color: '#000' });
    const hook = (
      await req('POST', `/mailboxes/${nia.id}/webhooks`, {
        url: 'https://hooks.example.com/nia',
        events: ['message.received'],
      })
    ).body.data.id;
    const ozHook = (
      await req('POST', `/mailboxes/${oz.id}/webhooks`, {
        url: 'https://hooks.example.com/oz',
        events: ['message.received'],
      })
    ).body.data.id;
    const count = async (table: string, column: string, value: string) =>
      Number(
        (
          await t.platform.orm.em
            .getConnection()
            .execute(`select count(*)::int as n from ${table} where ${column} = ?`, [value])
        )[0].n,
      );
    expect(await count('mailboxes.messages', 'mailbox_id', nia.id)).toBeGreaterThan(0);
    const del = await req('DELETE', `/mailboxes/${nia.id}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id: nia.id, deleted: true });
    // Messages (their attachments are columns of the message row), threads, labels and webhooks: all gone; oz's webhook stays.
    for (const [table, column] of [
      ['mailboxes.messages', 'mailbox_id'],
      ['mailboxes.threads', 'mailbox_id'],
      ['mailboxes.labels', 'mailbox_id'],
    ])
      expect(await count(table!, column!, nia.id)).toBe(0);
    expect(await count('webhooks.webhooks', 'id', hook)).toBe(0);
    expect((await req('GET', `/webhooks/${hook}`)).status).toBe(404);
    expect(await count('webhooks.webhooks', 'id', ozHook)).toBe(1);
    expect((await req('GET', `/mailboxes/${nia.id}`)).status).toBe(404);
    expect((await req('GET', `/inbox/${msg.id}`)).status).toBe(404);
    expect((await req('GET', `/threads/${msg.threadId}`)).status).toBe(404);
    // The address is free again.
    expect((await req('POST', '/mailboxes', { name: 'nia' })).status).toBe(201);
  });

  it("should answer MAILBOX_NOT_FOUND on the mailbox webhook paths for a mailbox that does not exist or is another organization's", async () => {
    const theirs = await createMailbox('quinn', other);
    for (const mailboxId of ['mbx_doesnotexist', theirs.id]) {
      const created = await req('POST', `/mailboxes/${mailboxId}/webhooks`, {
        url: 'https://hooks.example.com/x',
        events: ['message.received'],
      });
      expect(created.status).toBe(404);
      expect(created.body).toEqual({ error: { code: 'MAILBOX_NOT_FOUND', message: expect.any(String) } });
      const listed = await req('GET', `/mailboxes/${mailboxId}/webhooks`);
      expect(listed.status).toBe(404);
      expect(listed.body.error.code).toBe('MAILBOX_NOT_FOUND');
    }
    expect(
      Number(
        (
          await t.platform.orm.em
            .getConnection()
            .execute(`select count(*)::int as n from webhooks.webhooks where url = 'https://hooks.example.com/x'`)
        )[0].n,
      ),
    ).toBe(0);
    expect((await req('GET', `/mailboxes/${theirs.id}/webhooks`, undefined, other)).status).toBe(200);
  });

  it('should mount mailbox webhooks on the shared engine with a custom secret, PATCH, DELETE and a test event', async () => {
    const pia = await createMailbox('pia');
    const created = await req('POST', `/mailboxes/${pia.id}/webhooks`, {
      url: 'https://hooks.example.com/mail',
      events: ['message.received', 'message.bounced'],
      secret: 'my-custom-secret-123',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      id: expect.stringMatching(/^wh_/),
      secret: 'my-custom-secret-123',
      events: ['message.received', 'message.bounced'],
    });
    const id = created.body.data.id;
    expect((await req('GET', `/mailboxes/${pia.id}/webhooks`)).body.data.map((w: { id: string }) => w.id)).toEqual([
      id,
    ]);
    const patched = await req('PATCH', `/webhooks/${id}`, { events: ['message.sent'] });
    expect(patched.status).toBe(200);
    expect(patched.body.data.events).toEqual(['message.sent']);
    expect((await req('PATCH', `/webhooks/${id}`, { events: ['email.sent'] })).body.error.code).toBe(
      'VALIDATION_ERROR',
    );
    const test = await req('POST', `/webhooks/${id}/test`);
    expect(test.status).toBe(200);
    expect(test.body.data).toMatchObject({ eventType: 'webhook.test' });
    expect((await req('DELETE', `/webhooks/${id}`)).status).toBe(200);
    expect((await req('GET', `/mailboxes/${pia.id}/webhooks`)).body.data).toEqual([]);
  });
});
