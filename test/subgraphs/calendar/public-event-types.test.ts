import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { calendarModule } from '../../../subgraphs/calendar/index.js';

describe('calendar public event types through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;

  beforeAll(async () => {
    t = await startTestPlatform(
      { PUBLIC_URL: 'https://cal.example.com' },
      { modules: [calendarModule({ contactBookings: false })] },
    );
    key = await t.key('cal-public');
    other = await t.key('cal-public-other');
  });
  afterAll(() => t.stop());

  const post = (path: string, body: unknown, k = key) => t.request('POST', path, { key: k, body });

  it('should be private by default, with no booking page', async () => {
    const res = await post('/calendar/event-types', { hostId: 'user_pub1', title: 'Private chat', duration: 30 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ public: false, bookingUrl: null, bookingEmbed: null });
  });

  it('should give a public event type an absolute booking page address from the organization slug and its slug', async () => {
    const res = await post('/calendar/event-types', {
      hostId: 'user_pub1',
      title: 'Intro call',
      duration: 30,
      public: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      public: true,
      slug: 'intro-call',
      bookingUrl: expect.stringMatching(/^https?:\/\/[^/]+\/book\/[a-z0-9-]+\/intro-call$/),
    });
    const read = await t.request('GET', `/calendar/event-types/${res.body.data.id}`, { key });
    expect(read.body.data.bookingUrl).toBe(res.body.data.bookingUrl);
    const hidden = await t.request('PATCH', `/calendar/event-types/${res.body.data.id}`, {
      key,
      body: { public: false },
    });
    expect(hidden.body.data).toMatchObject({ public: false, bookingUrl: null, bookingEmbed: null });
  });

  it('should refuse (409 CONFLICT) a public slug another host of the organization already made public, and change nothing', async () => {
    const first = await post('/calendar/event-types', {
      hostId: 'user_pub2',
      title: 'Demo',
      slug: 'demo',
      duration: 30,
      public: true,
    });
    expect(first.status).toBe(201);
    const clash = await post('/calendar/event-types', {
      hostId: 'user_pub3',
      title: 'Demo',
      slug: 'demo',
      duration: 30,
      public: true,
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      success: false,
      error: { code: 'CONFLICT', details: { field: 'slug', received: 'demo' } },
    });
    const privateTwin = await post('/calendar/event-types', {
      hostId: 'user_pub3',
      title: 'Demo',
      slug: 'demo',
      duration: 30,
    });
    expect(privateTwin.status).toBe(201);
    const flip = await t.request('PATCH', `/calendar/event-types/${privateTwin.body.data.id}`, {
      key,
      body: { public: true },
    });
    expect(flip.status).toBe(409);
    expect(
      (await t.request('GET', `/calendar/event-types/${privateTwin.body.data.id}`, { key })).body.data.public,
    ).toBe(false);
    // Another organization's public slug is its own business.
    expect(
      (
        await post(
          '/calendar/event-types',
          { hostId: 'user_pub2', title: 'Demo', slug: 'demo', duration: 30, public: true },
          other,
        )
      ).status,
    ).toBe(201);
  });

  it('should refuse a public flag that is not a boolean with 400', async () => {
    const res = await post('/calendar/event-types', { hostId: 'user_pub4', title: 'X', duration: 30, public: 'yes' });
    expect(res.status).toBe(400);
  });

  it('should carry embed snippets with absolute addresses from PUBLIC_URL, the title escaped, the page frameable', async () => {
    const res = await post('/calendar/event-types', {
      hostId: 'user_pub4',
      title: 'Say "hi" <b>now</b>',
      slug: 'embed-me',
      duration: 30,
      public: true,
    });
    expect(res.status).toBe(201);
    const { bookingUrl, bookingEmbed } = res.body.data;
    expect(bookingUrl).toMatch(/^https:\/\/cal\.example\.com\/book\/[a-z0-9-]+\/embed-me$/);
    expect(bookingEmbed.iframe).toBe(
      `<iframe src="${bookingUrl}" title="Say &quot;hi&quot; &lt;b&gt;now&lt;/b&gt;" width="100%" height="720" style="border:0;max-width:44rem" loading="lazy"></iframe>`,
    );
    expect(bookingEmbed.script).toBe(
      `<script src="https://cal.example.com/book/embed.js" data-booking="${bookingUrl}" data-label="Book: Say &quot;hi&quot; &lt;b&gt;now&lt;/b&gt;" async></script>`,
    );
    expect(
      (await t.request('GET', `/calendar/event-types/${res.body.data.id}`, { key })).body.data.bookingEmbed,
    ).toEqual(bookingEmbed);

    const script = await fetch(`${t.url}/book/embed.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('window.open(');
    // The iframe embed needs the booking page (and its "not found") to allow any framer, as the hosted form does.
    for (const path of [new URL(bookingUrl).pathname, '/book/cal-public/never-made']) {
      const page = await fetch(t.url + path, { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-security-policy')).toContain('frame-ancestors *');
      expect(page.headers.get('x-frame-options')).toBeNull();
    }
  });
});
