import type { Browser } from 'playwright-core';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { hostWithEventType } from '../../subgraphs/calendar/helpers/calendar-fixtures.js';
import { launchBrowser, openWatched, screenshot, seriousViolations, signIn } from './console-browser.js';

describe('Publishing an event type’s booking page from the console, in a real browser', () => {
  let t: TestPlatform;
  let browser: Browser;
  let key: string;
  let eventTypeId: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    browser = await launchBrowser();
    key = await t.key('console-event-types');
    eventTypeId = await hostWithEventType(t, key, 'user_hana', { title: 'Intro call' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('should make an event type public with a slug and booking questions, show its booking page, and place a refusal on its field', async () => {
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Calendar', exact: true })
      .click();
    const table = page.getByRole('table', { name: 'Event types' });
    await table.getByRole('row').filter({ hasText: 'Intro call' }).getByText('not public').waitFor();
    await page.getByRole('button', { name: 'Publish Intro call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish Intro call' });
    await dialog.getByText('Booking page: none (not public)').waitFor();

    await dialog.getByRole('switch', { name: 'Public booking page' }).check();
    await dialog.getByRole('textbox', { name: 'Slug' }).fill('intro');
    await dialog.getByRole('button', { name: 'Add a question' }).click();
    const first = dialog.getByRole('group', { name: 'Question 1' });
    await first.getByRole('textbox', { name: 'Label' }).fill('Company');
    await first.getByRole('textbox', { name: 'Name' }).fill('company');
    await first.getByRole('checkbox', { name: 'Required' }).check();
    await dialog.getByRole('button', { name: 'Add a question' }).click();
    const second = dialog.getByRole('group', { name: 'Question 2' });
    await second.getByRole('textbox', { name: 'Label' }).fill('Topic');
    await second.getByRole('textbox', { name: 'Name' }).fill('topic');
    await second.getByRole('textbox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'SELECT', exact: true }).click();
    expect(await seriousViolations(page)).toEqual([]);

    // A choice question without options: the platform refuses it, and the refusal is shown under Options.
    await second.getByRole('textbox', { name: 'Options' }).fill(' , ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await second.getByText('A SELECT question needs options').waitFor();
    expect((await t.request('GET', `/calendar/event-types/${eventTypeId}`, { key })).body.data.public).toBe(false);

    await second.getByRole('textbox', { name: 'Options' }).fill('Sales, Support');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const link = dialog.getByRole('link', { name: /\/book\/.+\/intro$/ });
    await link.waitFor();
    const bookingUrl = await link.getAttribute('href');
    await table.getByRole('link', { name: bookingUrl! }).waitFor();
    await dialog.getByRole('switch', { name: 'Public booking page' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'calendar-event-type');

    const stored = (await t.request('GET', `/calendar/event-types/${eventTypeId}`, { key })).body.data;
    expect([stored.public, stored.slug, stored.bookingUrl]).toEqual([true, 'intro', bookingUrl]);
    expect(stored.bookingQuestions).toEqual([
      { name: 'company', label: 'Company', type: 'TEXT', required: true, options: [], placeholder: null },
      {
        name: 'topic',
        label: 'Topic',
        type: 'SELECT',
        required: false,
        options: ['Sales', 'Support'],
        placeholder: null,
      },
    ]);
    // The booking page answers at that address (served by this platform).
    expect((await t.request('GET', new URL(bookingUrl!).pathname, {})).status).toBe(200);

    // At 360 px the dialog and the page stay within the screen, but for tables (which scroll in their own box).
    await page.setViewportSize({ width: 360, height: 740 });
    const outside = `[...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 361 && !e.closest('.mantine-TableScrollContainer-scrollContainer'))
      .map((e) => e.tagName + '.' + String(e.className).slice(0, 60))`;
    expect(await page.evaluate(outside)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close the dialog' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(outside)).toEqual([]);
    // The one refused save is the only complaint: Chromium logs the 400 it was answered with.
    expect(problems).toEqual([
      'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    await context.close();
  }, 150_000);
});
