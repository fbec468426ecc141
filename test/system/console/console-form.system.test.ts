import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { fromIp, newVisitorIp } from '../../subgraphs/forms/helpers/public-client.js';
import { launchBrowser, openWatched, screenshot, seriousViolations, signIn } from './console-browser.js';

// A form's page: fields, submissions made through the public API (complete and partial), exports and analytics.
describe('The console’s form page', () => {
  let t: TestPlatform;
  let browser: Browser;
  let key: string;
  let form: { id: number; uuid: string };

  beforeAll(async () => {
    t = await startTestPlatform();
    browser = await launchBrowser();
    key = await t.key('console-form');
    const created = await t.request('POST', '/forms', {
      key,
      body: {
        title: 'Launch survey',
        fields: [
          { type: 'SHORT_TEXT', label: 'Your name', ref: 'name' },
          { type: 'NPS', label: 'Score', ref: 'score' },
        ],
      },
    });
    form = created.body.data;
    await t.request('POST', `/forms/${form.id}/publish`, { key });
    const fields = (await t.request('GET', `/forms/${form.id}`, { key })).body.data.fields as {
      ref: string;
      id: number;
    }[];
    const nameId = fields.find((f) => f.ref === 'name')!.id;
    // Each visitor is its own source address: the public routes count per IP.
    const visitor = () => newVisitorIp();
    for (let i = 0; i < 3; i++)
      expect((await fromIp(t.url, visitor(), 'POST', `/f/${form.uuid}/view`, {})).status).toBe(200);
    for (const [name, score] of [
      ['Ada', 9],
      ['Grace', 10],
    ] as const)
      expect(
        (await fromIp(t.url, visitor(), 'POST', `/f/${form.uuid}/submit`, { body: { data: { name, score } } })).status,
      ).toBe(201);
    expect(
      (
        await fromIp(t.url, visitor(), 'POST', `/f/${form.uuid}/partial`, {
          body: { data: { name: 'Half way' }, lastFieldId: nameId },
        })
      ).status,
    ).toBeLessThan(300);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('should show the fields, the submissions by status, both exports and the analytics with drop-off per field', async () => {
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Forms', exact: true }).click();
    await page.getByRole('link', { name: 'Launch survey' }).click();
    await page.waitForURL(`**/console/forms/${form.id}`);
    const submissions = page.getByRole('table', { name: 'Submissions of Launch survey' });
    await submissions.waitFor();

    const fields = page.getByRole('table', { name: 'Fields of Launch survey' });
    expect(await fields.getByRole('row').allInnerTexts()).toEqual([
      expect.stringMatching(/Label/),
      expect.stringMatching(/Your name\s+name\s+SHORT_TEXT/),
      expect.stringMatching(/Score\s+score\s+NPS/),
    ]);
    const answers = async () =>
      (await submissions.getByRole('row').allInnerTexts()).slice(1).map((r) =>
        r
          .split('\t')
          .filter((_, i) => i !== 1 && i !== 2)
          .map((c) => c.trim()),
      );
    expect(await answers()).toEqual([
      ['partial', 'Half way', '—'],
      ['complete', 'Grace', '10'],
      ['complete', 'Ada', '9'],
    ]);
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'partial' }).click();
    await submissions.getByRole('row').nth(2).waitFor({ state: 'detached' });
    expect(await answers()).toEqual([['partial', 'Half way', '—']]);

    // Analytics: 3 views, 3 starts, 2 completions; the unfinished one stopped at "Your name".
    const analytics = page.getByRole('region', { name: 'Analytics' });
    expect((await analytics.innerText()).replace(/\s+/g, ' ')).toBe(
      'Analytics Views 3 Starts 3 Completions 2 Completion rate 67%',
    );
    const dropOff = page.getByRole('table', { name: 'Unfinished submissions whose last field reached is this one' });
    expect((await dropOff.getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      'Field Stopped here',
      'Your name 1',
      'Score 0',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'form');

    // Exports: the same files as the REST API gives.
    for (const format of ['csv', 'json'] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Export ${format.toUpperCase()}` }).click(),
      ]);
      const saved = readFileSync((await download.path())!, 'utf8');
      expect(saved).toBe(
        (await t.request('GET', `/forms/${form.id}/submissions/export?format=${format}`, { key })).text,
      );
      expect(saved).toContain('Grace');
    }

    await page.setViewportSize({ width: 360, height: 740 });
    const outside = await page.evaluate(`[...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 361 && !e.closest('.mantine-TableScrollContainer-scrollContainer'))
      .map((e) => e.tagName + '.' + String(e.className).slice(0, 60))`);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 150_000);

  it('should say so, not fail, on a form page for a key without the forms scope', async () => {
    const emailOnly = await t.key('console-form-email-only', 'SERVER', ['email']);
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, emailOnly);
    await page.goto(`${t.url}/console/forms/${form.id}`);
    await page.getByText('This API key has no “forms” scope').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
