import type { Browser, Page } from 'playwright-core';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { launchBrowser, openWatched, screenshot, seriousViolations, signIn } from './console-browser.js';

const MBX = '/v1/agent-email';

/** Elements reaching past a 360 px screen, tables aside (they scroll inside their own box). */
const pastTheEdge = (page: Page) =>
  page.evaluate(`[...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > 361 && !e.closest('.mantine-TableScrollContainer-scrollContainer'))
    .map((e) => e.tagName + '.' + String(e.className).slice(0, 60))`);

// Domain transfers and a mailbox's search, labels, reply and thread, driven in the browser and checked through REST.
describe('The console’s domain transfers and mailbox pages', () => {
  let t: TestPlatform;
  let browser: Browser;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    browser = await launchBrowser();
    key = await t.key('console-cdomains');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const transfers = async () =>
    (await t.request('GET', '/domains/transfers', { key })).body.data as {
      id: string;
      domainName: string;
      status: string;
    }[];

  it('should start a transfer (a wrong auth code refused on its field), list it and cancel it after confirming', async () => {
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Domains', exact: true }).click();
    await page.getByRole('link', { name: 'Transfers' }).click();
    await page.waitForURL('**/console/domains/transfers');
    await page.getByText('No transfers yet').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Transfer a domain in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer a domain in' });
    const fill = (name: string, value: string) => dialog.getByRole('textbox', { name }).fill(value);
    await fill('Domain', 'console-taken.com');
    await fill('Auth code', 'invalid-code');
    await fill('First name', 'Ada');
    await fill('Last name', 'Lovelace');
    await fill('Email', 'ada@example.com');
    await fill('Phone', '+14155550100');
    await fill('Address', '1 Analytical Way');
    await fill('City', 'San Francisco');
    await fill('Postal code', '94105');
    await fill('Country', 'US');
    await dialog.getByRole('button', { name: 'Start transfer' }).click();
    const code = dialog.getByRole('textbox', { name: 'Auth code' });
    await dialog.locator('input[aria-invalid="true"]').first().waitFor();
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByText('The authorization code does not match').waitFor();
    expect(await transfers()).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    await fill('Auth code', 'right-code-1');
    await dialog.getByRole('button', { name: 'Start transfer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'console-taken.com', exact: true }).waitFor();
    await screenshot(page, 'domain-transfers');
    const [started] = await transfers();
    expect(started).toMatchObject({ domainName: 'console-taken.com', status: 'PENDING' });

    await page.setViewportSize({ width: 360, height: 740 });
    expect(await pastTheEdge(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 860 });

    // Cancel asks first; keeping it changes nothing.
    await page.getByRole('button', { name: 'Cancel the transfer of console-taken.com' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel the transfer?' });
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await transfers())[0]!.status).toBe('PENDING');
    await page.getByRole('button', { name: 'Cancel the transfer of console-taken.com' }).click();
    await confirm.getByRole('button', { name: 'Cancel transfer' }).click();
    await page.getByRole('cell', { name: 'CANCELLED' }).waitFor();
    expect((await transfers())[0]).toMatchObject({ id: started!.id, status: 'CANCELLED' });
    // The refused auth code was a 400 answer, which Chromium logs; nothing else may be.
    expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
    await context.close();
  }, 90_000);

  it('should search a mailbox, label a message, reply to it and show the thread in order', async () => {
    const mailbox = async (name: string) =>
      (await t.request('POST', `${MBX}/mailboxes`, { key, body: { name } })).body.data as {
        id: string;
        address: string;
      };
    const alice = await mailbox('cdomains-alice');
    const bob = await mailbox('cdomains-bob');
    expect(
      (
        await t.request('POST', `${MBX}/mailboxes/${bob.id}/labels`, {
          key,
          body: { name: 'urgent', color: '#cc0000' },
        })
      ).status,
    ).toBe(201);
    for (const [subject, text] of [
      ['Quarterly plan', 'The zebracorn plan: Tuesday'],
      ['Lunch', 'Soup at noon'],
    ])
      expect(
        (
          await t.request('POST', `${MBX}/messages/send`, {
            key,
            body: { from: alice.address, to: [bob.address], subject, text, html: `<p>${text}</p>` },
          })
        ).status,
      ).toBe(202);
    const inbox = async (id: string) =>
      (await t.request('GET', `${MBX}/mailboxes/${id}/inbox`, { key })).body.data as {
        id: string;
        subject: string;
        threadId: string;
        labels: string[];
      }[];
    await eventually(async () => (await inbox(bob.id)).length === 2, 30_000);
    const plan = (await inbox(bob.id)).find((m) => m.subject === 'Quarterly plan')!;

    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await page.goto(`${t.url}/console/mailboxes/${bob.id}`);
    await page.getByRole('heading', { level: 1, name: bob.address }).waitFor();
    await page.getByRole('link', { name: 'Lunch' }).waitFor();

    // Search: the received message that has the word, and not the other.
    await page.getByRole('textbox', { name: 'Search this mailbox' }).fill('zebracorn');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('table', { name: 'Messages matching “zebracorn”' });
    await results.getByRole('link', { name: 'Quarterly plan' }).waitFor();
    expect(await results.getByRole('link', { name: 'Lunch' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Threads list.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByRole('tab', { name: 'Threads' }).click();
    await page
      .getByRole('table', { name: `Threads of ${bob.address}` })
      .getByRole('link', { name: 'Quarterly plan' })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Label, then reply, from the message page.
    await page.getByRole('tab', { name: 'Inbox' }).click();
    await page
      .getByRole('table', { name: `Inbox of ${bob.address}` })
      .getByRole('link', { name: 'Quarterly plan' })
      .click();
    await page.waitForURL(`**/console/mailboxes/${bob.id}/messages/${plan.id}`);
    await page.getByRole('heading', { level: 1, name: 'Quarterly plan' }).waitFor();
    await page.getByRole('textbox', { name: 'Label' }).click();
    await page.getByRole('option', { name: 'urgent' }).click();
    await page.getByRole('button', { name: 'Add label' }).click();
    await page.getByRole('button', { name: 'Remove label urgent' }).waitFor();
    expect((await inbox(bob.id)).find((m) => m.id === plan.id)!.labels).toEqual(['urgent']);

    await page.getByRole('textbox', { name: 'Reply' }).fill('Tuesday works for me.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('status').getByText('Reply sent').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const replied = await eventually(
      async () => (await inbox(alice.id)).find((m) => m.subject === 'Re: Quarterly plan'),
      30_000,
    );
    expect(replied.threadId).toBeTruthy();
    const reply = await t.request('GET', `${MBX}/inbox/${replied.id}`, { key });
    expect(reply.body.data.textBody).toContain('Tuesday works for me.');

    // The thread page: the received message, then the reply.
    await page.getByRole('link', { name: 'View the thread' }).click();
    await page.waitForURL(`**/console/mailboxes/${bob.id}/threads/${plan.threadId}`);
    await page.getByRole('heading', { level: 1, name: 'Quarterly plan' }).waitFor();
    const messages = page.getByRole('list', { name: 'Messages of the thread, oldest first' }).getByRole('article');
    await eventually(async () => (await messages.count()) === 2);
    expect(await messages.nth(0).getAttribute('aria-label')).toBe(`${alice.address}: Quarterly plan`);
    expect(await messages.nth(1).getAttribute('aria-label')).toBe(`${bob.address}: Re: Quarterly plan`);
    expect(await page.locator('iframe').first().getAttribute('sandbox')).toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'mailbox-thread');
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await pastTheEdge(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
