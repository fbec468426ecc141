import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { eventually, startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { supportModule } from '../../subgraphs/support/index.js';
import { projectRoot } from '../../platform/config/project-root.js';
import { widgetScript } from '../../subgraphs/support/widget/widget-script.route.js';
import { addMember, createInbox } from '../subgraphs/support/helpers/support-fixtures.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots for docs/hosted-pages.md (copied into docs/images/ when the widget's look changes). */
const SCREENSHOTS = join(projectRoot(), 'test-results');
mkdirSync(SCREENSHOTS, { recursive: true });
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * A customer's website on its own loopback port: hostile CSS, and a strict CSP that admits the platform's script and
 * connections but no inline style or script of anyone (its own style block by hash).
 */
async function hostSite(scriptUrl: string, widgetToken: string): Promise<{ server: Server; url: string }> {
  const css =
    '* { font-size: 40px !important; color: red !important; } button { display: none !important; } div { transform: rotate(3deg); }';
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<style>${css}</style>
<script src="${scriptUrl}" data-widget-token="${widgetToken}" async></script></head>
<body><main><h1>Our shop</h1><p>Products</p></main></body></html>`;
  const platform = new URL(scriptUrl).origin;
  const csp = [
    "default-src 'none'",
    `script-src ${platform}`,
    `connect-src ${platform} ${platform.replace(/^http/, 'ws')}`,
    `style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'`,
  ].join('; ');
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

/** axe-core's serious and critical findings inside the widget (its shadow root included). */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the host page's CSP admits no inline script.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const result = await (globalThis as any).axe.run({ include: [['platform-chat']] }, { resultTypes: ['violations'] });
    return result.violations
      .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: { id: string; nodes: { html: string }[] }) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
  });
}

describe('the chat widget embedded on another site (Playwright, headless Chromium)', () => {
  let t: TestPlatform;
  let key: string;
  let browser: Browser;
  const servers: Server[] = [];
  let allowed: { server: Server; url: string };
  let inbox: { id: string; widgetToken: string; name: string };

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [supportModule({ contactConversations: false })] });
    key = await t.key('widget-browser');
    // The name tries markup: the widget must show it as text.
    inbox = await createInbox(t, key, {
      name: 'Help <img src=x onerror="window.__pwned=1">',
      workingHours: { timezone: 'Europe/Berlin', hours: [{ day: 'MONDAY', startTime: '09:00', endTime: '17:00' }] },
    });
    allowed = await hostSite(`${t.url}/support/widget.js`, inbox.widgetToken);
    servers.push(allowed.server);
    const origin = new URL(allowed.url).origin;
    expect(
      (await t.request('PUT', `/support/inboxes/${inbox.id}`, { key, body: { allowedOrigins: [origin] } })).body.data
        .allowedOrigins,
    ).toEqual([origin]);
    await addMember(t, key, inbox.id, 'user_ada', { name: 'Ada Lovelace' });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    for (const s of servers) s.close();
    await t?.stop();
  });

  /** A fresh browser profile on the host page, with page errors collected. */
  async function visit(url: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    // CSP refusals (an inline style the host page does not allow) are console errors.
    page.on('console', (message) => {
      if (
        message.type() === 'error' &&
        !/Failed to load resource|ERR_INTERNET_DISCONNECTED|WebSocket/.test(message.text())
      )
        errors.push(message.text());
    });
    await page.goto(url);
    return { context, page, errors };
  }

  const conversationsOf = async () =>
    (await t.request('GET', `/support/conversations?inboxId=${inbox.id}`, { key })).body.data as {
      id: string;
      visitorId: string;
    }[];
  const messagesOf = async (id: string) =>
    (await t.request('GET', `/support/conversations/${id}`, { key })).body.data.messages as {
      content: string;
      attachments: { filename: string }[];
    }[];

  it('should open on click, send "Hello", show the agent\'s reply live with name and time, and survive a reload and a network drop', async () => {
    const { context, page, errors } = await visit(allowed.url);
    const launcher = page.getByRole('button', { name: 'Open chat' });
    await launcher.click();
    const panel = page.getByRole('dialog');
    await expect(
      panel.getByRole('heading', { name: 'Help <img src=x onerror="window.__pwned=1">' }).isVisible(),
    ).resolves.toBe(true);
    await panel.getByText('Ada Lovelace is available').waitFor();
    await panel.getByText('Hours: Mon 09:00–17:00 (Europe/Berlin)').waitFor();
    // The host page's `button { display: none }` does not reach into the widget, and its CSP does not stop the styles.
    expect(await launcher.isVisible()).toBe(true);
    expect(await launcher.evaluate((el) => (globalThis as any).getComputedStyle(el).position)).toBe('fixed');
    expect(await launcher.evaluate((el) => (globalThis as any).getComputedStyle(el).width)).toBe('56px');

    await panel.getByRole('textbox', { name: 'Message' }).fill('Hello');
    await panel.getByRole('button', { name: 'Send' }).click();
    const conversation = await eventually(async () => (await conversationsOf())[0]);
    expect((await messagesOf(conversation.id)).map((m) => m.content)).toEqual(['Hello']);

    const reply = await t.request('POST', `/support/conversations/${conversation.id}/reply`, {
      key,
      body: { message: '<script>window.__pwned=1</script>Hi! <b>How</b> can I help?', authorId: 'user_ada' },
    });
    expect(reply.status).toBe(201);
    const item = panel.locator('li.msg', { hasText: 'Hi! <b>How</b> can I help?' });
    await item.waitFor();
    expect(await item.locator('.author').textContent()).toBe('Ada Lovelace');
    expect(await item.locator('time').getAttribute('datetime')).toBe(reply.body.data.createdAt);
    expect(await item.locator('.avatar').textContent()).toBe('AL');
    // The page's `* { font-size: 40px !important }` stops at the widget.
    expect(await item.locator('.content').evaluate((el) => (globalThis as any).getComputedStyle(el).fontSize)).toBe(
      '15px',
    );
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(
      await page.locator('platform-chat').evaluate((el) => el.shadowRoot!.querySelectorAll('img, b, script').length),
    ).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-widget-conversation.png') });

    // Remembered across reloads: the same visitor and conversation.
    await page.reload();
    await page.getByRole('button', { name: 'Open chat' }).click();
    await page.getByRole('dialog').getByText('Hi! <b>How</b> can I help?').waitFor();
    expect(await conversationsOf()).toHaveLength(1);

    // Network drop: the visitor writes while offline, the agent answers meanwhile; both arrive once back online.
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Message' }).fill('Are you there?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog').getByText('Sending…').waitFor();
    await t.request('POST', `/support/conversations/${conversation.id}/reply`, {
      key,
      body: { message: 'Still here', authorId: 'user_ada' },
    });
    await context.setOffline(false);
    await page.getByRole('dialog').getByText('Still here').waitFor({ timeout: 45_000 });
    await eventually(
      async () => (await messagesOf(conversation.id)).some((m) => m.content === 'Are you there?'),
      45_000,
    );
    expect((await messagesOf(conversation.id)).filter((m) => m.content === 'Are you there?')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('should show "<agent> is typing…" while the agent types, replace it with the reply, and tell the agent the visitor types', async () => {
    const { context, page, errors } = await visit(allowed.url);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('textbox', { name: 'Message' }).fill('Typing test');
    await panel.getByRole('button', { name: 'Send' }).click();
    const conversation = await eventually(async () => {
      for (const c of await conversationsOf())
        if ((await messagesOf(c.id)).some((m) => m.content === 'Typing test')) return c;
      return undefined;
    });
    const indicator = panel.getByRole('status');
    expect(await indicator.getAttribute('aria-live')).toBe('polite');
    const typing = (on: boolean) =>
      t.request('POST', `/support/conversations/${conversation.id}/typing`, {
        key,
        body: { typing: on, authorId: 'user_ada' },
      });
    // Signalled until the widget's live connection (opened for the new conversation) shows it.
    await eventually(async () => {
      await typing(true);
      return (await indicator.textContent()) === 'Ada Lovelace is typing…';
    });
    await t.request('POST', `/support/conversations/${conversation.id}/reply`, {
      key,
      body: { message: 'Typed and sent', authorId: 'user_ada' },
    });
    await panel.getByText('Typed and sent').waitFor();
    await eventually(async () => (await indicator.textContent()) === '');
    // Stopping without a reply hides it too. Signalled again until shown, as a client renews: a renewal within 300 ms
    // of the sender's last published one is not published (the reply in between does not reset that).
    await eventually(async () => {
      await typing(true);
      return (await indicator.textContent()) === 'Ada Lovelace is typing…';
    });
    await typing(false);
    await eventually(async () => (await indicator.textContent()) === '');

    // The visitor typing in "Message" reaches the agent's subscription; sending ends it.
    const agent: { typing: boolean }[] = [];
    const client = createClient({
      url: `${t.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${key}` },
      retryAttempts: 0,
    });
    client.subscribe(
      {
        query: 'subscription($id: ID!) { supportConversationTyping(conversationId: $id) { typing } }',
        variables: { id: conversation.id },
      },
      {
        next: (r) =>
          void agent.push((r.data as { supportConversationTyping: { typing: boolean } }).supportConversationTyping),
        error: () => undefined,
        complete: () => undefined,
      },
    );
    const message = panel.getByRole('textbox', { name: 'Message' });
    // Typed until the subscription is live (the widget sends at most one typing signal every 3 s, then a false on blur).
    await eventually(
      async () => {
        await message.fill('');
        await message.blur();
        await message.pressSequentially('Is it');
        return agent.some((a) => a.typing);
      },
      30_000,
      500,
    );
    await panel.getByRole('button', { name: 'Send' }).click();
    await eventually(async () => agent[agent.length - 1]?.typing === false);
    await client.dispose();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('should count unread replies on the launcher, take attachments both ways, and answer the PlatformChat API', async () => {
    const { context, page, errors } = await visit(allowed.url);
    await page.waitForFunction(
      () => typeof (globalThis as unknown as { PlatformChat?: unknown }).PlatformChat === 'object',
    );
    await page.evaluate(() => (globalThis as any).PlatformChat.open());
    const panel = page.getByRole('dialog');
    await panel.getByRole('textbox', { name: 'Message' }).fill('Here is the file');
    await panel
      .getByLabel('Attach a file')
      .setInputFiles({ name: 'invoice.txt', mimeType: 'text/plain', buffer: Buffer.from('total: 42') });
    await panel.getByRole('button', { name: 'Send' }).click();
    const conversation = await eventually(async () => {
      const list = await conversationsOf();
      for (const c of list) if ((await messagesOf(c.id)).some((m) => m.content === 'Here is the file')) return c;
      return undefined;
    });
    expect((await messagesOf(conversation.id))[0]!.attachments.map((a) => a.filename)).toEqual(['invoice.txt']);

    await page.evaluate(() => (globalThis as any).PlatformChat.close());
    expect(await panel.isHidden()).toBe(true);
    await t.request('POST', `/support/conversations/${conversation.id}/reply`, {
      key,
      body: {
        message: 'Thanks, see the receipt',
        authorId: 'user_ada',
        attachments: [
          { filename: 'receipt.txt', contentType: 'text/plain', content: Buffer.from('paid').toString('base64') },
        ],
      },
    });
    const badge = page.locator('platform-chat .badge');
    await badge.getByText('1').waitFor();
    expect(await page.locator('#pc-unread').textContent()).toBe('1 unread message');
    await page.getByRole('button', { name: 'Open chat' }).click();
    expect(await badge.isHidden()).toBe(true);
    // The panel with a conversation, files and the composer.
    expect(await seriousViolations(page)).toEqual([]);
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download receipt.txt' }).click();
    expect((await download).suggestedFilename()).toBe('receipt.txt');

    const identified = await page.evaluate(() =>
      (globalThis as any).PlatformChat.identify({ email: 'Grace@Example.com', name: 'Grace' }),
    );
    expect(identified).toMatchObject({ email: 'grace@example.com', name: 'Grace', verified: false });
    await page.evaluate(() => (globalThis as any).PlatformChat.track('viewed_pricing', { plan: 'team' }));
    const events = (await t.request('GET', `/support/visitors/${conversation.visitorId}/events`, { key })).body.data;
    expect(events).toEqual([expect.objectContaining({ name: 'viewed_pricing', properties: { plan: 'team' } })]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('should ask for an email first when the inbox wants one, and pass axe-core with the panel open', async () => {
    const prechat = await createInbox(t, key, { name: 'Sales', preChatEmail: true, replyTime: 'in_a_few_minutes' });
    const site = await hostSite(`${t.url}/support/widget.js`, prechat.widgetToken);
    servers.push(site.server);
    const { context, page, errors } = await visit(site.url);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByText('Away · we reply in a few minutes').waitFor();
    expect(await panel.getByRole('textbox', { name: 'Message' }).isHidden()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-widget-prechat.png') });

    expect(await seriousViolations(page)).toEqual([]);

    await panel.getByRole('textbox', { name: 'Email' }).fill('lin@example.com');
    await panel.getByRole('button', { name: 'Continue' }).click();
    await panel.getByRole('textbox', { name: 'Message' }).waitFor();
    const visitors = (await t.request('GET', '/support/visitors?search=lin@example.com', { key })).body.data;
    expect(visitors).toEqual([expect.objectContaining({ email: 'lin@example.com', emailVerified: false })]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('should not start on an origin the inbox does not allow', async () => {
    const elsewhere = await hostSite(`${t.url}/support/widget.js`, inbox.widgetToken);
    servers.push(elsewhere.server);
    const context = await browser.newContext();
    const page = await context.newPage();
    const config = page.waitForResponse(
      (r) => r.url().endsWith('/support/widget/config') && r.request().method() === 'GET',
    );
    await page.goto(elsewhere.url);
    expect((await config).status()).toBe(403);
    await page.waitForFunction(() => (globalThis as any).document.readyState === 'complete');
    expect(await page.locator('platform-chat').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Open chat' }).count()).toBe(0);
    await context.close();
  }, 60_000);

  it('should weigh at most 40 KB gzip', () => {
    const { gzip } = widgetScript();
    expect(gzip.length).toBeLessThanOrEqual(40 * 1024);
  });
});
