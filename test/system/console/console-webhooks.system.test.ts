import type { Browser } from 'playwright-core';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { startReceiver, type Receiver } from '../../subgraphs/webhooks/helpers/receiver.js';
import { launchBrowser, openWatched, screenshot, seriousViolations, signIn } from './console-browser.js';

// A webhook endpoint's page, driven in the browser against a real receiver: a test event that fails, its attempt's
// answer in the delivery log, then a retry that succeeds once the receiver is fixed.
describe('The console’s webhook endpoint page', () => {
  let t: TestPlatform;
  let browser: Browser;
  let key: string;
  let receiver: Receiver;
  let endpointId: string;

  beforeAll(async () => {
    t = await startTestPlatform({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    browser = await launchBrowser();
    key = await t.key('console-webhooks');
    receiver = await startReceiver(() => ({ status: 503, body: 'receiver is down' }));
    const created = await t.request('POST', '/webhooks', {
      key,
      body: { url: receiver.url, events: ['email.delivered'], description: 'Order system' },
    });
    endpointId = created.body.data.id;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await t?.stop();
  });

  const deliveries = async () =>
    (await t.request('GET', `/webhooks/${endpointId}/deliveries`, { key })).body.data as {
      id: string;
      status: string;
      eventType: string;
    }[];

  it('should send a test event, show the failed attempt’s status and body, and retry it to success', async () => {
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Webhooks', exact: true })
      .click();
    await page.getByRole('link', { name: receiver.url }).click();
    await page.waitForURL(`**/console/webhooks/${endpointId}`);
    await page.getByRole('heading', { level: 1, name: 'Webhook endpoint' }).waitFor();
    await page.getByText('No deliveries yet').waitFor();

    // The test event reaches the receiver, which answers 503: one attempt, never retried on its own.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await receiver.waitFor((rs) => rs.some((r) => r.json?.type === 'webhook.test'));
    const [delivery] = await eventually(async () => {
      const d = await deliveries();
      return d[0]?.status === 'FAILED' && d;
    });
    const retry = page.getByRole('button', { name: `Retry webhook.test delivery ${delivery!.id}` });
    await retry.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Details of webhook.test delivery ${delivery!.id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delivery of webhook.test' });
    const sentBody = JSON.parse(await dialog.getByRole('region', { name: 'Request body' }).locator('pre').innerText());
    expect(sentBody).toEqual(receiver.requests.find((r) => r.json?.type === 'webhook.test')!.json);
    expect(await dialog.getByRole('listitem').count()).toBe(1);
    expect(await dialog.getByRole('listitem').first().innerText()).toMatch(/failed[\s\S]*Response status 503/i);
    expect(await dialog.getByRole('listitem').locator('pre').innerText()).toBe('receiver is down');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close the dialog' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Fixed receiver: Retry sends one more attempt now, and the page follows it to SUCCESS.
    receiver.respond(() => ({ status: 200, body: 'thanks' }));
    await retry.click();
    await page.getByRole('row').filter({ hasText: 'webhook.test' }).getByText('SUCCESS').waitFor();
    await retry.waitFor({ state: 'detached' });
    expect((await deliveries()).map((d) => [d.id, d.status])).toEqual([[delivery!.id, 'SUCCESS']]);
    await page.getByRole('button', { name: `Details of webhook.test delivery ${delivery!.id}` }).click();
    expect(await dialog.getByRole('listitem').count()).toBe(2);
    expect(await dialog.getByRole('listitem').nth(1).innerText()).toMatch(/succeeded[\s\S]*Response status 200/i);
    expect(await dialog.getByRole('listitem').locator('pre').allInnerTexts()).toEqual(['receiver is down', 'thanks']);
    await screenshot(page, 'webhook-endpoint');

    // At 360 px the dialog and the page stay within the screen, but for the log table (which scrolls in its own box).
    await page.setViewportSize({ width: 360, height: 740 });
    const outside = `[...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 361 && !e.closest('.mantine-TableScrollContainer-scrollContainer'))
      .map((e) => e.tagName + '.' + String(e.className).slice(0, 60))`;
    expect(await page.evaluate(outside)).toEqual([]);
    expect(
      await page.evaluate(`document.querySelector('[role=dialog]').getBoundingClientRect().right`),
    ).toBeLessThanOrEqual(360);
    await dialog.getByRole('button', { name: 'Close the dialog' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(outside)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 150_000);

  it('should say so, not fail, on an endpoint page for a key without the webhooks scope', async () => {
    const emailOnly = await t.key('console-webhooks-email-only', 'SERVER', ['email']);
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, emailOnly);
    await page.goto(`${t.url}/console/webhooks/${endpointId}`);
    await page.getByText('This API key has no “webhooks” scope').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
