import type { Page } from 'playwright-core';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { launchBrowser, seriousViolations, type HostedBrowser } from '../helpers/hosted-browser.js';

// Logic jumps on the hosted form, in a platform of its own: its browser's submits do not spend the per-IP submit
// budget of the other hosted-form tests (all browsers are 127.0.0.1).
describe('Hosted forms with logic jumps in a real browser (headless Chromium)', () => {
  let t: TestPlatform;
  let key: string;
  let browser: HostedBrowser;

  const createForm = async (body: Record<string, unknown>) => {
    const created = await t.request('POST', '/forms', { key, body });
    expect(created.status).toBe(201);
    expect((await t.request('POST', `/forms/${created.body.data.id}/publish`, { key })).status).toBe(200);
    return created.body.data as { id: number; uuid: string };
  };
  const submissions = async (formId: number) =>
    (await t.request('GET', `/forms/${formId}/submissions`, { key })).body.data as {
      answers: Record<string, unknown>;
    }[];
  const fresh = async (): Promise<Page> => browser.context.newPage();

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('hosted-form-jumps');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('should follow logic jumps: one per screen, all at once (skipped questions hidden) and without JavaScript', async () => {
    const fields = [
      {
        type: 'SELECT',
        label: 'Plan',
        ref: 'plan',
        required: true,
        settings: { options: ['Free', 'Pro'], jumps: [{ when: 'equals', value: 'Free', to: 'why' }] },
      },
      { type: 'NUMBER', label: 'Seats', ref: 'seats', required: true },
      { type: 'SHORT_TEXT', label: 'Why', ref: 'why', required: true },
    ];
    const stepped = await createForm({ title: 'Jumping', settings: { layout: 'ONE_PER_SCREEN' }, fields });
    const page = await fresh();
    await page.goto(`${t.url}/f/${stepped.uuid}`);
    await page.getByLabel('Free').check();
    await page.getByRole('button', { name: 'Next' }).click();
    // Free jumps over Seats to Why, the last question on this path.
    await page.getByLabel('Why').waitFor();
    await expect(page.getByText('Question 2 of 2').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('Pro').check();
    await expect(page.getByText('Question 1 of 3').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Seats').fill('12');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Why').fill('Growing');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect((await submissions(stepped.id)).map((s) => s.answers)).toEqual([
      { plan: ['Pro'], seats: 12, why: 'Growing' },
    ]);

    const whole = await createForm({ title: 'Jumping at once', fields });
    await page.goto(`${t.url}/f/${whole.uuid}`);
    await page.getByLabel('Free').check();
    await expect(page.getByLabel('Seats').isVisible()).resolves.toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Why').fill('Just looking');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();

    // Without the script every question shows; Seats is not made required by the browser, the server skips it.
    const plain = await launchBrowser({ javaScriptEnabled: false });
    try {
      const noScript = await plain.context.newPage();
      await noScript.goto(`${t.url}/f/${whole.uuid}`);
      await noScript.getByLabel('Free').check();
      await noScript.getByLabel('Why').fill('No script');
      await noScript.getByRole('button', { name: 'Submit' }).click();
      await noScript.getByRole('heading', { name: 'Thank you' }).waitFor();
    } finally {
      await plain.close();
    }
    expect((await submissions(whole.id)).map((s) => s.answers)).toEqual(
      expect.arrayContaining([
        { plan: ['Free'], why: 'Just looking' },
        { plan: ['Free'], why: 'No script' },
      ]),
    );
  }, 90_000);
});
