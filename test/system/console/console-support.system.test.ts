import type { Browser } from 'playwright-core';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { launchBrowser, openWatched, screenshot, seriousViolations, signIn } from './console-browser.js';

describe('The console’s support workspace in a real browser', () => {
  let t: TestPlatform;
  let browser: Browser;
  let key: string;
  let widget: Record<string, string>;
  let conversationId: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    browser = await launchBrowser();
    key = await t.key('console-support');
    const inbox = await t.request('POST', '/support/inboxes', { key, body: { name: 'Help desk' } });
    expect(inbox.status).toBe(201);
    const session = await t.request('POST', '/support/widget/sessions', {
      headers: { 'x-widget-token': inbox.body.data.widgetToken },
      body: { pageUrl: 'https://shop.example/pricing' },
    });
    expect(session.status).toBe(201);
    widget = { 'x-widget-token': inbox.body.data.widgetToken, 'x-visitor-token': session.body.data.visitorToken };
    const started = await t.request('POST', '/support/widget/conversations', {
      headers: widget,
      body: { message: 'My order did not arrive' },
    });
    expect(started.status).toBe(201);
    conversationId = started.body.data.id;
    const canned = await t.request('POST', '/support/canned-responses', {
      key,
      body: { title: 'Shipping times', shortcut: 'shipping', content: 'Parcels take three working days.' },
    });
    expect(canned.status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('should let an agent answer a widget conversation: the widget sees the reply, not the note, and a visitor message arrives live', async () => {
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Support', exact: true }).click();
    await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link').first().click();
    await page.waitForURL(`**/console/support/conversations/${conversationId}`);
    const thread = page.getByRole('log', { name: 'Messages' });
    await thread.getByText('My order did not arrive').waitFor();

    // A private note first: visibly a note, never shown to the visitor.
    await page.getByRole('textbox', { name: 'Reply' }).fill('Checking the carrier, do not tell them yet');
    await page.getByRole('switch', { name: 'Private note' }).check();
    await page.getByRole('button', { name: 'Send' }).click();
    await thread
      .getByLabel(/^Private note /)
      .getByText('Checking the carrier')
      .waitFor();

    // A reply made of text and a canned response picked by its /shortcut.
    await page.getByRole('switch', { name: 'Private note' }).uncheck();
    await page.getByRole('textbox', { name: 'Reply' }).fill('/ship');
    await page.getByRole('option', { name: /shipping/ }).click();
    await page.getByRole('textbox', { name: 'Reply' }).fill('Sorry about that.');
    await page.getByRole('button', { name: 'Send' }).click();
    await thread.getByText('Parcels take three working days.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'support-conversation');

    const seen = await eventually(async () => {
      const answer = await t.request('GET', `/support/widget/conversations/${conversationId}`, { headers: widget });
      const contents = (answer.body.data.messages as { content: string }[]).map((m) => m.content);
      return contents.some((c) => c.includes('Parcels take three working days.')) ? contents : null;
    });
    expect(seen.some((c) => c.includes('Sorry about that.'))).toBe(true);
    expect(seen.some((c) => c.includes('Checking the carrier'))).toBe(false);

    // The visitor writes again: the open conversation shows it without a reload.
    const url = page.url();
    const again = await t.request('POST', `/support/widget/conversations/${conversationId}/messages`, {
      headers: widget,
      body: { message: 'Thanks, waiting for it' },
    });
    expect(again.status).toBe(201);
    await thread.getByText('Thanks, waiting for it').waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(url);

    // Resolve: it leaves the open list.
    await page.getByRole('button', { name: 'Resolve' }).click();
    await page.getByRole('button', { name: 'Reopen' }).waitFor();
    const record = await t.request('GET', `/support/conversations/${conversationId}`, { key });
    expect(record.body.data.status).toBe('resolved');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
