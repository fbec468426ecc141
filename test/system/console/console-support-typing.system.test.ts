import type { Browser } from 'playwright-core';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { launchBrowser, openWatched, seriousViolations, signIn } from './console-browser.js';

interface WidgetTyping {
  typing: boolean;
  senderType: string;
  authorName: string | null;
}

describe('Typing in the console’s support workspace, both ways, in a real browser', () => {
  let t: TestPlatform;
  let browser: Browser;
  let key: string;
  let widget: Record<string, string>;
  let conversationId: string;
  let live: Client;
  const seen: WidgetTyping[] = [];

  beforeAll(async () => {
    t = await startTestPlatform();
    browser = await launchBrowser();
    key = await t.key('console-typing');
    const inbox = await t.request('POST', '/support/inboxes', { key, body: { name: 'Help desk' } });
    expect(inbox.status).toBe(201);
    const member = await t.request('POST', `/support/inboxes/${inbox.body.data.id}/members`, {
      key,
      body: { userId: 'user_mia', name: 'Mia Chen' },
    });
    expect(member.status).toBe(201);
    const session = await t.request('POST', '/support/widget/sessions', {
      headers: { 'x-widget-token': inbox.body.data.widgetToken },
      body: {},
    });
    widget = { 'x-widget-token': inbox.body.data.widgetToken, 'x-visitor-token': session.body.data.visitorToken };
    const started = await t.request('POST', '/support/widget/conversations', {
      headers: widget,
      body: { message: 'Is anyone there?' },
    });
    expect(started.status).toBe(201);
    conversationId = started.body.data.id;
    // What the visitor's widget hears, over the widget's own keyless graphql-ws connection.
    live = createClient({
      url: t.url.replace(/^http/, 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { widgetToken: widget['x-widget-token'], visitorToken: widget['x-visitor-token'] },
      retryAttempts: 0,
    });
    live.subscribe<{ supportWidgetTyping: WidgetTyping }>(
      {
        query: 'subscription($id: ID!) { supportWidgetTyping(conversationId: $id) { typing senderType authorName } }',
        variables: { id: conversationId },
      },
      {
        next: (r) => {
          if (r.data) seen.push(r.data.supportWidgetTyping);
        },
        error: () => undefined,
        complete: () => undefined,
      },
    );
    // Live once a signal sent through the API reaches it; then back to not typing.
    const agentTyping = (typing: boolean) =>
      t.request('POST', `/support/conversations/${conversationId}/typing`, { key, body: { typing } });
    await eventually(async () => seen.some((s) => s.typing) || (await agentTyping(true), false), 10_000, 100);
    await agentTyping(false);
    await eventually(async () => seen[seen.length - 1]?.typing === false);
  }, 120_000);
  afterAll(async () => {
    await live?.dispose();
    await browser?.close();
    await t?.stop();
  });

  it('should show the agent “Visitor is typing…” and send the widget the agent’s typing until the reply goes', async () => {
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await page.goto(`${t.url}/console/support/conversations/${conversationId}`);
    await page.getByRole('log', { name: 'Messages' }).getByText('Is anyone there?').waitFor();

    // The visitor types (the widget's API): the page says so in a polite live region, until the visitor stops.
    const status = page.getByRole('status').filter({ hasText: 'Visitor is typing…' });
    const visitorTyping = (typing: boolean) =>
      t.request('POST', `/support/widget/conversations/${conversationId}/typing`, {
        headers: widget,
        body: { typing },
      });
    await eventually(
      async () => {
        expect((await visitorTyping(true)).status).toBe(200);
        return (await status.count()) === 1;
      },
      15_000,
      200,
    );
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(await seriousViolations(page)).toEqual([]);
    await visitorTyping(false);
    await status.waitFor({ state: 'detached' });

    // The agent types: the widget hears the inbox typing, renewed while the box has text; Send ends it.
    seen.length = 0;
    const reply = page.getByRole('textbox', { name: 'Reply' });
    await reply.pressSequentially('Yes, how can I help?');
    await eventually(async () => seen.length > 0);
    expect(seen[0]).toEqual({ typing: true, senderType: 'inbox', authorName: 'Help desk' });
    await page.getByRole('button', { name: 'Send' }).click();
    await eventually(async () => seen[seen.length - 1]?.typing === false);
    await page.getByRole('log', { name: 'Messages' }).getByText('Yes, how can I help?').waitFor();
    expect(seen.filter((s) => s.typing === false)).toHaveLength(1);

    // Typing again, then leaving the box: the widget hears the stop.
    seen.length = 0;
    await reply.pressSequentially('One more thing');
    await eventually(async () => seen.some((s) => s.typing));
    await page.getByRole('textbox', { name: 'Add a tag' }).focus();
    await eventually(async () => seen[seen.length - 1]?.typing === false);

    // A private note is not typing the visitor sees: after it, the first signal the widget hears is a marker sent
    // through the API by another agent.
    await reply.fill('');
    await page.getByRole('switch', { name: 'Private note' }).check();
    seen.length = 0;
    await reply.pressSequentially('Internal: check the order');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('log', { name: 'Messages' }).getByText('Internal: check the order').waitFor();
    await t.request('POST', `/support/conversations/${conversationId}/typing`, {
      key,
      body: { typing: true, authorId: 'user_mia' },
    });
    await eventually(async () => seen.length > 0);
    expect(seen[0]).toEqual({ typing: true, senderType: 'agent', authorName: 'Mia Chen' });

    // At 360 px nothing reaches past the screen's edge.
    await page.setViewportSize({ width: 360, height: 740 });
    const outside = await page.evaluate(`[...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 361 && !e.closest('.mantine-TableScrollContainer-scrollContainer'))
      .map((e) => e.tagName + '.' + String(e.className).slice(0, 60) + ' ' + Math.round(e.getBoundingClientRect().right) + ' ' + (e.textContent ?? '').slice(0, 30))`);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 150_000);
});
