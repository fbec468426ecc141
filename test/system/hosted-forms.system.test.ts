import type { Page } from 'playwright-core';
import { eventually, startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { fitsWidth, launchBrowser, seriousViolations, type HostedBrowser } from '../helpers/hosted-browser.js';
import { fromIp, newVisitorIp } from '../subgraphs/forms/helpers/public-client.js';

/** One field of every type the forms module has. */
const EVERY_TYPE = [
  { type: 'SHORT_TEXT', label: 'Full name', ref: 'name', required: true, settings: { minLength: 2, maxLength: 40 } },
  { type: 'LONG_TEXT', label: 'Your story', ref: 'story' },
  { type: 'EMAIL', label: 'Email address', ref: 'email', required: true },
  { type: 'URL', label: 'Website', ref: 'site' },
  { type: 'PHONE', label: 'Phone number', ref: 'phone' },
  { type: 'NUMBER', label: 'Age', ref: 'age', settings: { min: 18, max: 99 } },
  { type: 'RATING', label: 'Rating', ref: 'rating', settings: { max: 5 } },
  { type: 'NPS', label: 'How likely are you to recommend us?', ref: 'nps' },
  { type: 'SLIDER', label: 'Budget', ref: 'slider', settings: { min: 0, max: 10 } },
  { type: 'DATE', label: 'Start day', ref: 'day' },
  { type: 'DATE_TIME', label: 'Call time', ref: 'when' },
  { type: 'SELECT', label: 'Plan', ref: 'plan', settings: { options: ['Free', 'Pro'] } },
  {
    type: 'SELECT',
    label: 'Country',
    ref: 'country',
    settings: { options: ['France', 'Germany', 'Italy', 'Japan', 'Peru', 'Spain', 'Togo'] },
  },
  { type: 'MULTI_SELECT', label: 'Tools', ref: 'tools', settings: { options: ['Hammer', 'Saw', 'Drill'] } },
  {
    type: 'CHECKBOX',
    label: 'Consent',
    ref: 'consent',
    required: true,
    settings: { options: ['I agree to the terms'] },
  },
  { type: 'FILE', label: 'CV', ref: 'cv' },
];

/** A PDF of about 1 KB, as a respondent's CV. */
const CV = Buffer.from(`%PDF-1.4\n% Ada Lovelace\n${'0'.repeat(1000)}\n%%EOF\n`, 'latin1');

describe('Hosted forms in a real browser (headless Chromium)', () => {
  let t: TestPlatform;
  let key: string;
  let browser: HostedBrowser;

  const createForm = async (body: Record<string, unknown>, publish = true) => {
    const created = await t.request('POST', '/forms', { key, body });
    expect(created.status).toBe(201);
    if (publish) expect((await t.request('POST', `/forms/${created.body.data.id}/publish`, { key })).status).toBe(200);
    return created.body.data as { id: number; uuid: string };
  };
  const submissions = async (formId: number) =>
    (await t.request('GET', `/forms/${formId}/submissions`, { key })).body.data as {
      submissionId: string;
      status: string;
      answers: Record<string, unknown>;
    }[];
  const fresh = async (): Promise<Page> => browser.context.newPage();
  /** A FILE answer's bytes, read through the API with the owner's key. */
  const fileBytes = async (fileUrl: string) =>
    Buffer.from(
      await (
        await fetch(`${t.url}${new URL(fileUrl).pathname}`, { headers: { authorization: `Bearer ${key}` } })
      ).arrayBuffer(),
    );

  beforeAll(async () => {
    t = await startTestPlatform({ PUBLIC_URL: 'https://forms.example.test' });
    key = await t.key('hosted-forms');
    browser = await launchBrowser({ timezoneId: 'Europe/Paris' });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('should fill and submit a form of every field type, the submission arriving through the API with typed values', async () => {
    const form = await createForm({
      title: 'Everything',
      slug: 'everything',
      description: 'All the types',
      fields: EVERY_TYPE,
      settings: { thankYouMessage: 'We will call you.' },
    });
    const detail = (await t.request('GET', `/forms/${form.id}`, { key })).body.data;
    expect(detail.url).toBe(`https://forms.example.test/f/${form.uuid}`);
    expect(detail.embed.iframe).toContain(`src="https://forms.example.test/f/${form.uuid}"`);
    expect(detail.embed.script).toBe(
      `<script src="https://forms.example.test/f/embed.js" data-form="${form.uuid}" async></script>`,
    );
    // The same URL still answers JSON to API callers.
    const json = await t.request('GET', '/f/everything', { headers: { accept: 'application/json' } });
    expect(json.body.data.uuid).toBe(form.uuid);

    const page = await fresh();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(t.url)) outside.push(r.url());
    });
    await page.goto(`${t.url}/f/everything`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Everything');
    expect(await seriousViolations(page)).toEqual([]);

    // Validation shows as the respondent types.
    await page.getByLabel('Full name').fill('A');
    await expect(page.locator('#err-name').textContent()).resolves.not.toBe('');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await expect(page.locator('#err-name').textContent()).resolves.toBe('');

    await page.getByLabel('Your story').fill('Notes on the engine');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('Website').fill('https://ada.example');
    await page.getByLabel('Phone number').fill('+14155550123');
    await page.getByLabel('Age').fill('36');
    await page.getByRole('radio', { name: '4 of 5' }).check();
    await page
      .getByRole('group', { name: 'How likely are you to recommend us?' })
      .getByRole('radio', { name: '9', exact: true })
      .check();
    await page.getByLabel('Budget').fill('7');
    await page.getByLabel('Start day').fill('2026-12-24');
    await page.getByLabel('Call time').fill('2026-12-24T09:30');
    await page.getByRole('radio', { name: 'Pro' }).check();
    await page.getByLabel('Country').selectOption('Peru');
    await page.getByRole('checkbox', { name: 'Hammer' }).check();
    await page.getByRole('checkbox', { name: 'Drill' }).check();
    await page.getByRole('checkbox', { name: 'I agree to the terms' }).check();
    await page.getByLabel('CV').setInputFiles({ name: 'ada-cv.pdf', mimeType: 'application/pdf', buffer: CV });
    await page.getByText('ada-cv.pdf (1 KB) is attached.').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    await expect(page.getByText('We will call you.').isVisible()).resolves.toBe(true);

    const done = (await submissions(form.id)).filter((s) => s.status === 'complete');
    expect(done).toHaveLength(1);
    expect(done[0]!.answers).toEqual({
      name: 'Ada Lovelace',
      story: 'Notes on the engine',
      email: 'ada@example.com',
      site: 'https://ada.example',
      phone: '+14155550123',
      age: 36,
      rating: 4,
      nps: 9,
      slider: 7,
      day: '2026-12-24',
      when: '2026-12-24T09:30:00+01:00',
      plan: ['Pro'],
      country: ['Peru'],
      tools: ['Hammer', 'Drill'],
      consent: ['I agree to the terms'],
      cv: {
        fileUrl: expect.stringMatching(`^https://forms.example.test/forms/${form.uuid}/files/fup_`),
        fileName: 'ada-cv.pdf',
        fileSize: CV.length,
      },
    });
    expect(await fileBytes((done[0]!.answers.cv as { fileUrl: string }).fileUrl)).toEqual(CV);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
  }, 60_000);

  it('should upload a picked file at once (size refused before sending, remove, resume after a reload) and submit it with the answers', async () => {
    const form = await createForm({
      title: 'Send your scan',
      fields: [
        { type: 'SHORT_TEXT', label: 'Name', ref: 'name', required: true },
        {
          type: 'FILE',
          label: 'Scan',
          ref: 'scan',
          required: true,
          settings: { maxFileSize: 2048, allowedTypes: ['application/pdf', 'image/*'] },
        },
      ],
    });
    const page = await fresh();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${t.url}/f/${form.uuid}`);
    const scan = page.getByLabel('Scan');
    expect(await scan.getAttribute('type')).toBe('file');
    expect(await scan.getAttribute('accept')).toBe('application/pdf,image/*');
    await expect(page.locator('#hint-scan').textContent()).resolves.toBe('PDF or images, up to 2 KB');
    // Too large: said at once, nothing sent.
    await scan.setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([CV, CV, CV]) });
    await expect(page.locator('#err-scan').textContent()).resolves.toBe(
      'huge.pdf is 3 KB; this question takes files up to 2 KB.',
    );
    // A file the bytes show is not a PDF or an image: the server's refusal beside the question.
    await scan.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text') });
    await page.locator('#err-scan').filter({ hasText: 'this file is text/plain' }).waitFor();
    await scan.setInputFiles({ name: 'first.pdf', mimeType: 'application/pdf', buffer: CV });
    await page.getByText('first.pdf (1 KB) is attached.').waitFor();
    await expect(page.locator('#err-scan').textContent()).resolves.toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    // Removed, then another one picked by keyboard focus order: the remove button hands the focus back to the control.
    await page.getByRole('button', { name: 'Remove file' }).click();
    await expect(page.locator('#file-scan').textContent()).resolves.toBe('');
    await expect(page.evaluate('document.activeElement.id')).resolves.toBe('q-scan');
    await scan.setInputFiles({ name: 'second.pdf', mimeType: 'application/pdf', buffer: CV });
    await page.getByText('second.pdf (1 KB) is attached.').waitFor();
    await page.getByLabel('Name').fill('Grace');
    await page.getByLabel('Name').blur();
    await page.waitForFunction(`document.getElementById('hosted-form').getAttribute('data-saved')`);
    // After a reload the attached file is still the answer (the partial holds it).
    await page.reload();
    await page.getByText('second.pdf (1 KB) is attached.').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();

    const [done] = (await submissions(form.id)).filter((s) => s.status === 'complete');
    const answer = done!.answers.scan as { fileUrl: string; fileName: string; fileSize: number };
    expect(answer).toEqual({
      fileUrl: expect.stringMatching(`^https://forms.example.test/forms/${form.uuid}/files/fup_`),
      fileName: 'second.pdf',
      fileSize: CV.length,
    });
    expect(await fileBytes(answer.fileUrl)).toEqual(CV);
    expect(errors).toEqual([]);
  }, 60_000);

  it('should save answers as the respondent goes and resume them after a reload on the same device', async () => {
    const form = await createForm({
      title: 'Resume me',
      fields: [
        { type: 'SHORT_TEXT', label: 'Company', ref: 'company', required: true },
        { type: 'EMAIL', label: 'Work email', ref: 'email', required: true },
        { type: 'LONG_TEXT', label: 'What do you need?', ref: 'need', required: true },
      ],
    });
    const page = await fresh();
    await page.goto(`${t.url}/f/${form.uuid}`);
    await page.getByLabel('Company').fill('Analytical Engines Ltd');
    await page.getByLabel('Work email').fill('ada@engines.example');
    await page.getByLabel('What do you need?').focus(); // the change of the email field fires
    await page.waitForSelector('#hosted-form[data-saved]');
    const partial = await eventuallyPartial(form.id, (answers) => answers.email === 'ada@engines.example');
    expect(partial.answers).toEqual({ company: 'Analytical Engines Ltd', email: 'ada@engines.example' });

    await page.reload();
    await page.waitForSelector('#hosted-form[data-restored=true]');
    await expect(page.getByLabel('Company').inputValue()).resolves.toBe('Analytical Engines Ltd');
    await expect(page.getByLabel('Work email').inputValue()).resolves.toBe('ada@engines.example');
    await page.getByLabel('What do you need?').fill('A difference engine');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    const all = await submissions(form.id);
    // The partial itself was completed: one submission, no leftover.
    expect(all.map((s) => [s.submissionId, s.status])).toEqual([[partial.submissionId, 'complete']]);
    expect(all[0]!.answers).toEqual({
      company: 'Analytical Engines Ltd',
      email: 'ada@engines.example',
      need: 'A difference engine',
    });
    // Done with: a new visit starts empty.
    await page.goto(`${t.url}/f/${form.uuid}`);
    await expect(page.getByLabel('Company').inputValue()).resolves.toBe('');
  }, 60_000);

  it('should keep one partial when a save is still on its way as the next answer changes', async () => {
    const form = await createForm({
      title: 'Slow network',
      fields: [
        { type: 'SHORT_TEXT', label: 'Company', ref: 'company', required: true },
        { type: 'EMAIL', label: 'Work email', ref: 'email', required: true },
        { type: 'LONG_TEXT', label: 'What do you need?', ref: 'need', required: true },
      ],
    });
    const page = await fresh();
    await page.clock.install(); // the page's save debounce runs on this clock, not on time passing
    // The first save is held on its way until released: a slow network.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const saves: string[] = [];
    await page.route(`**/f/${form.uuid}/partial`, async (route) => {
      saves.push(route.request().postData() ?? '');
      if (saves.length === 1) await held;
      await route.continue();
    });
    await page.goto(`${t.url}/f/${form.uuid}`);
    await page.getByLabel('Company').fill('Analytical Engines Ltd');
    await page.getByLabel('Work email').focus(); // the change of the company field fires
    await page.clock.runFor(1_000);
    await eventually(async () => saves.length === 1);
    await page.getByLabel('Work email').fill('ada@engines.example');
    await page.getByLabel('What do you need?').focus();
    await page.clock.runFor(1_000);
    release();
    const partial = await eventuallyPartial(form.id, (answers) => answers.email === 'ada@engines.example');
    expect(partial.answers).toEqual({ company: 'Analytical Engines Ltd', email: 'ada@engines.example' });
    expect((await submissions(form.id)).map((s) => s.status)).toEqual(['partial']);
    expect(saves).toHaveLength(2);
    expect(JSON.parse(saves[1]!)).toMatchObject({ submissionId: partial.submissionId });
  }, 60_000);

  const eventuallyPartial = (formId: number, ready: (answers: Record<string, unknown>) => boolean) =>
    eventually(
      async () => (await submissions(formId)).find((s) => s.status === 'partial' && ready(s.answers)),
      10_000,
      100,
    );

  it('should ask for the password of a protected form, refuse a wrong one and take answers with the right one', async () => {
    const form = await createForm({
      title: 'Members only',
      settings: { password: 'open-sesame' },
      fields: [{ type: 'SHORT_TEXT', label: 'Member number', ref: 'member', required: true }],
    });
    const page = await fresh();
    await page.goto(`${t.url}/f/${form.uuid}`);
    await expect(page.getByLabel('Member number').count()).resolves.toBe(0);
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('That password is not right').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Password').fill('open-sesame');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Member number').fill('42');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    const done = await submissions(form.id);
    expect(done.map((s) => [s.status, s.answers])).toEqual([['complete', { member: '42' }]]);
  }, 60_000);

  it('should work without JavaScript: a plain form post, refusals shown beside the field', async () => {
    const form = await createForm({
      title: 'Plain',
      settings: { redirectUrl: 'https://example.com/thanks' },
      fields: [
        { type: 'SHORT_TEXT', label: 'Name', ref: 'name', required: true },
        { type: 'NUMBER', label: 'Seats', ref: 'seats', settings: { min: 1, max: 10 } },
      ],
    });
    const plain = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await plain.context.newPage();
      // The form's redirect target, answered here (no network in tests).
      await page.route('https://example.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Thanks</title>' }),
      );
      await page.goto(`${t.url}/f/${form.uuid}`);
      await page.getByLabel('Name').fill('Grace');
      await page.getByLabel('Seats').fill('3');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL('https://example.com/thanks');
    } finally {
      await plain.close();
    }
    expect((await submissions(form.id)).map((s) => s.answers)).toEqual([{ name: 'Grace', seats: 3 }]);

    // A refusal of the module (past the browser's own checks) comes back as the page with the message at the field.
    const get = await fetch(`${t.url}/f/${form.uuid}`, { headers: { accept: 'text/html' } });
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await get.text())![1]!;
    // These posts come from a visitor of their own: the page's posts are limited per IP, and the browsers of the
    // other tests are 127.0.0.1.
    const visitor = newVisitorIp();
    const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
      fromIp(t.url, visitor, 'POST', `/f/${form.uuid}`, {
        headers: { accept: 'text/html', ...headers },
        body: new URLSearchParams(body),
      });
    const refused = await post({ _action: 'submit', _csrf: csrf, name: 'Grace', seats: '99' });
    expect(refused.status).toBe(400);
    const page = String(refused.body);
    expect(page).toMatch(/<p class="error" id="err-seats" role="status">seats must be between 1 and 10<\/p>/);
    expect(page).toContain('value="Grace"');
    // Forgery: no token, a token of another form, or another site's page posting.
    expect((await post({ _action: 'submit', name: 'X' })).status).toBe(403);
    expect((await post({ _action: 'submit', _csrf: csrf, name: 'X' }, { origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expect((await post({ _action: 'submit', _csrf: csrf, name: 'X' }, { 'sec-fetch-site': 'cross-site' })).status).toBe(
      403,
    );
    // A honeypot filled in: thanked, nothing stored.
    expect((await post({ _action: 'submit', _csrf: csrf, name: 'Bot', _website: 'spam.example' })).status).toBe(200);
    expect(await submissions(form.id)).toHaveLength(1);
  }, 60_000);

  it('should show one question per screen when the form says so, usable by keyboard alone at 360 px', async () => {
    const form = await createForm({
      title: 'Step by step',
      settings: { layout: 'ONE_PER_SCREEN' },
      theme: { preset: 'BOLD', colors: { primary: '#5b2a86' }, font: 'SERIF' },
      fields: [
        { type: 'SHORT_TEXT', label: 'First name', ref: 'first', required: true },
        { type: 'RATING', label: 'How was it?', ref: 'stars', required: true, settings: { max: 5 } },
      ],
    });
    const small = await launchBrowser({ viewport: { width: 360, height: 740 } });
    try {
      const page = await small.context.newPage();
      await page.goto(`${t.url}/f/${form.uuid}`);
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await expect(page.getByLabel('How was it?', { exact: false }).first().isVisible()).resolves.toBe(false);
      await expect(
        page.evaluate(`getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()`),
      ).resolves.toBe('#5b2a86');
      // Keyboard only: Tab to the first question, type, move on, choose with arrows, submit with Enter.
      await page.keyboard.press('Tab');
      await expect(page.evaluate('document.activeElement.id')).resolves.toBe('q-first');
      await page.keyboard.press('Enter'); // submit refused: the question is required
      await expect(page.locator('#err-first').textContent()).resolves.not.toBe('');
      await page.keyboard.type('Alan');
      await page.keyboard.press('Tab'); // Next
      await expect(page.evaluate('document.activeElement.textContent')).resolves.toBe('Next');
      await page.keyboard.press('Enter');
      await expect(page.evaluate('document.activeElement.getAttribute("aria-label")')).resolves.toBe('1 of 5');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(page.getByText('Question 2 of 2').isVisible()).resolves.toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    } finally {
      await small.close();
    }
    expect((await submissions(form.id)).map((s) => s.answers)).toEqual([{ first: 'Alan', stars: 3 }]);
  }, 60_000);

  it('should say so for closed, unpublished and unknown forms', async () => {
    const closed = await createForm({ title: 'Spring survey', fields: [{ type: 'SHORT_TEXT', label: 'A', ref: 'a' }] });
    await t.request('PUT', `/forms/${closed.id}`, { key, body: { status: 'CLOSED' } });
    const paused = await createForm({ title: 'Autumn survey', fields: [{ type: 'SHORT_TEXT', label: 'A', ref: 'a' }] });
    await t.request('POST', `/forms/${paused.id}/unpublish`, { key });
    const draft = await createForm(
      { title: 'Secret draft', fields: [{ type: 'SHORT_TEXT', label: 'A', ref: 'a' }] },
      false,
    );
    const page = await fresh();
    const shown = async (ref: string) => {
      const response = await page.goto(`${t.url}/f/${ref}`);
      return [
        response!.status(),
        await page.getByRole('heading', { level: 1 }).textContent(),
        await page.textContent('main'),
      ];
    };
    const [closedStatus, closedHeading, closedText] = await shown(closed.uuid);
    expect([closedStatus, closedHeading]).toEqual([410, 'This form is closed']);
    expect(closedText).toContain('Spring survey');
    expect((await shown(paused.uuid)).slice(0, 2)).toEqual([404, 'This form is not published']);
    const [draftStatus, draftHeading, draftText] = await shown(draft.uuid);
    expect([draftStatus, draftHeading]).toEqual([404, 'Form not found']);
    expect(draftText).not.toContain('Secret draft');
  }, 60_000);

  it('should write titles, descriptions, labels and options as text, never as markup', async () => {
    const attack = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';
    const form = await createForm({
      title: `Quiz ${attack}`,
      description: `About ${attack}`,
      settings: { thankYouMessage: attack },
      fields: [
        { type: 'SHORT_TEXT', label: `Label ${attack}`, ref: 'a', placeholder: `"><script>window.__pwned=3</script>` },
        { type: 'SELECT', label: 'Pick', ref: 'b', settings: { options: [`${attack}`, 'x'] } },
      ],
    });
    const page = await fresh();
    await page.goto(`${t.url}/f/${form.uuid}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`Quiz ${attack}`);
    await expect(page.textContent('.description')).resolves.toBe(`About ${attack}`);
    await page.getByRole('textbox').fill('ok');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    await expect(page.textContent('main p')).resolves.toBe(attack);
    await expect(page.evaluate('window.__pwned')).resolves.toBeUndefined();
  }, 60_000);
});
