import type { Browser, Page } from 'playwright-core';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { launchBrowser, openWatched, screenshot, seriousViolations, signIn } from './console-browser.js';

// The CRM's companies and saved lists and the Calendar's schedules, with records made through the REST API (and a
// list made in the page, read back through the API).
describe('The console’s CRM companies and lists, and Calendar schedules', () => {
  let t: TestPlatform;
  let browser: Browser;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    browser = await launchBrowser();
    key = await t.key('console-crm-calendar');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const nav = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true }).click();
  const subPage = (page: Page, module: string, name: string) =>
    page
      .getByRole('navigation', { name: `${module} pages` })
      .getByRole('link', { name, exact: true })
      .click();
  const rows = async (page: Page, table: string) =>
    (await page.getByRole('table', { name: table }).getByRole('row').allInnerTexts()).map((r) =>
      r.replace(/\s+/g, ' ').trim(),
    );

  /** What reaches past a 360 px screen once layout and animations have settled (tables scroll in their own box). */
  const outsideAt360 = async (page: Page) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await eventually(
      async () =>
        (await page.evaluate(
          'window.innerWidth === 360 && document.getAnimations().every((a) => a.playState !== "running")',
        )) === true,
    );
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))');
    const outside = await page.evaluate(`[...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 361 && !e.closest('.mantine-TableScrollContainer-scrollContainer'))
      .map((e) => e.tagName + '.' + String(e.className).slice(0, 60))`);
    await page.setViewportSize({ width: 1280, height: 860 });
    return outside;
  };

  /** Chromium logs each refused request's answer as a console error; those are the only complaints expected. */
  const REASONS: Record<number, string> = { 400: 'Bad Request', 409: 'Conflict' };
  const refusals = (...statuses: number[]) =>
    statuses.map(
      (status) =>
        `console: Failed to load resource: the server responded with a status of ${status} (${REASONS[status]})`,
    );

  /** A contact, once its creation has committed. */
  const contact = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/crm/contacts', { key, body });
    expect(res.status).toBe(202);
    return eventually(async () => {
      const r = await t.request('GET', `/crm/contacts/${res.body.data.externalId}`, { key });
      return r.status === 200 ? (r.body.data as { id: string; externalId: string }) : null;
    });
  };

  it('should show a company with its two contacts on the companies table and its page, and a CQL error at its position', async () => {
    const company = await t.request('POST', '/crm/companies', {
      key,
      body: { name: 'Initech', domain: 'initech.example', industry: 'Software', size: '51-200' },
    });
    expect(company.status).toBe(202);
    const other = await t.request('POST', '/crm/companies', {
      key,
      body: { name: 'Globex', domain: 'globex.example' },
    });
    expect(other.status).toBe(202);
    const peter = await contact({ email: 'peter@initech.example', name: 'Peter Gibbons' });
    const milton = await contact({ email: 'milton@initech.example', name: 'Milton Waddams' });
    for (const [person, role, isPrimary] of [
      [peter, 'Engineer', true],
      [milton, 'Collator', false],
    ] as const) {
      const linked = await t.request('POST', `/crm/contacts/${person.id}/companies`, {
        key,
        body: { companyId: company.body.data.id, role, isPrimary },
      });
      expect(linked.status).toBe(201);
    }

    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await nav(page, 'CRM');
    await subPage(page, 'CRM', 'Companies');
    await page.waitForURL('**/console/crm/companies');
    await page.getByRole('heading', { level: 1, name: 'Companies' }).waitFor();
    await page.getByRole('table', { name: 'Companies' }).waitFor();
    expect(await rows(page, 'Companies')).toEqual([
      'Name Domain Industry Size Status Created',
      expect.stringMatching(/^Globex globex\.example — — ACTIVE /),
      expect.stringMatching(/^Initech initech\.example Software 51-200 ACTIVE /),
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'crm-companies');

    // Narrowed on the server by the CQL box.
    const box = page.getByRole('textbox', { name: 'CQL query' });
    await box.fill('domain ends_with "initech.example"');
    await page.getByRole('button', { name: 'Run query' }).click();
    await eventually(async () => (await rows(page, 'Companies')).length === 2);
    expect((await rows(page, 'Companies'))[1]).toMatch(/^Initech /);

    // A type error is shown with a caret under the character the platform names.
    const broken = 'name = "Initech"\nAND createdAt > -3q';
    const refused = await t.request('POST', '/crm/query', { key, body: { entity: 'company', where: broken } });
    expect(refused.status).toBe(400);
    const position = refused.body.error.details.position as number;
    const column = position - broken.indexOf('\n');
    await box.fill(broken);
    await box.press('Control+Enter');
    await page.getByRole('alert').getByText(`Error at line 2, column ${column}`).waitFor();
    expect(await page.getByLabel('Where the error is').textContent()).toBe(
      `AND createdAt > -3q\n${' '.repeat(column - 1)}^`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'crm-companies-cql-error');
    expect(await outsideAt360(page)).toEqual([]);

    await box.fill('');
    await page.getByRole('button', { name: 'Run query' }).click();
    await page.getByRole('link', { name: 'Initech', exact: true }).click();
    await page.waitForURL(`**/console/crm/companies/${company.body.data.externalId}`);
    await page.getByRole('heading', { level: 2, name: 'Initech' }).waitFor();
    expect(await rows(page, 'Properties')).toEqual(
      expect.arrayContaining([`Id ${company.body.data.externalId}`, 'Domain initech.example', 'Industry Software']),
    );
    // The primary contact first.
    expect(await rows(page, 'Contacts')).toEqual([
      'Name Email Role Primary company',
      'Peter Gibbons peter@initech.example Engineer yes',
      'Milton Waddams milton@initech.example Collator no',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'crm-company');
    expect(await outsideAt360(page)).toEqual([]);
    await page.getByRole('link', { name: 'Peter Gibbons' }).click();
    await page.waitForURL(`**/console/crm/contacts/${peter.externalId}`);
    await page.getByRole('heading', { level: 2, name: 'Peter Gibbons' }).waitFor();

    // An address with no company id in it: the platform's refusal in words, with the request id.
    await page.goto(`${t.url}/console/crm/companies/initech.example`);
    const alert = page.getByRole('alert');
    await alert
      .getByText(/INVALID_ID/)
      .first()
      .waitFor();
    expect(await alert.innerText()).toMatch(/Request id: \S+/);
    expect(problems).toEqual(refusals(400, 400));
    await context.close();
  }, 120_000);

  it('should create a dynamic list in the page, show its members, and delete it after asking', async () => {
    const ada = await contact({ email: 'ada@lists.example', name: 'Ada Lovelace' });
    await contact({ email: 'grace@lists.example', name: 'Grace Hopper' });
    await contact({ email: 'alan@elsewhere.example', name: 'Alan Turing' });

    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await nav(page, 'CRM');
    // "Save as list" carries the contacts table's query into the new list.
    await page.getByRole('textbox', { name: 'CQL query' }).fill('email ends_with "@lists.example"');
    await page.getByRole('button', { name: 'Run query' }).click();
    await page.getByRole('button', { name: 'Save as list' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'New list' });
    expect(await saveDialog.getByRole('textbox', { name: 'CQL query' }).inputValue()).toBe(
      'email ends_with "@lists.example"',
    );
    await saveDialog.getByRole('button', { name: 'Cancel' }).click();
    await saveDialog.waitFor({ state: 'detached' });

    await subPage(page, 'CRM', 'Lists');
    await page.getByRole('heading', { level: 1, name: 'Lists' }).waitFor();
    await page.getByText('No lists yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'New list' }).click();
    const dialog = page.getByRole('dialog', { name: 'New list' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Lists people');
    await dialog.getByText('Dynamic (CQL)', { exact: true }).click();
    // The platform's refusal of the query is shown on the field, and no list is made.
    const query = dialog.getByRole('textbox', { name: 'CQL query' });
    await query.fill('email ends_with');
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await eventually(async () => (await query.getAttribute('aria-invalid')) === 'true');
    const described = (await query.getAttribute('aria-describedby'))!.split(' ');
    const errorText = (await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
    expect(errorText).toMatch(/line 1, column \d+/);
    expect(await seriousViolations(page)).toEqual([]);
    expect((await t.request('GET', '/crm/lists', { key })).body.data).toEqual([]);

    await query.fill('email ends_with "@lists.example"');
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await page.waitForURL(/\/console\/crm\/lists\/\d+$/);
    const id = page.url().split('/').pop()!;
    await page.getByRole('heading', { level: 2, name: 'Lists people' }).waitFor();

    // Through the API: the list as made in the page; its evaluation answers once it has committed.
    const lists = await t.graphql(key, '{ crmLists { id name entityType isDynamic filterCriteria } }');
    expect(lists.body.data.crmLists).toEqual([
      {
        id: Number(id),
        name: 'Lists people',
        entityType: 'CONTACT',
        isDynamic: true,
        filterCriteria: 'email ends_with "@lists.example"',
      },
    ]);
    const evaluated = await t.request('POST', `/crm/lists/${id}/evaluate`, { key });
    expect(evaluated.body).toEqual({ data: { memberCount: 2 } });
    await page.reload();
    await page.getByRole('table', { name: 'Members' }).waitFor();
    expect((await rows(page, 'Members')).sort()).toEqual([
      'Ada Lovelace ada@lists.example — ACTIVE',
      'Grace Hopper grace@lists.example — ACTIVE',
      'Name Email Lifecycle stage Status',
    ]);
    await page.getByText('2 members').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'crm-list');
    expect(await outsideAt360(page)).toEqual([]);
    await page.getByRole('link', { name: 'Ada Lovelace' }).click();
    await page.waitForURL(`**/console/crm/contacts/${ada.externalId}`);

    await page.goto(`${t.url}/console/crm/lists`);
    await page.getByRole('table', { name: 'Lists' }).waitFor();
    expect(await rows(page, 'Lists')).toEqual([
      'Name Kind Size Query Last evaluated Created Actions',
      expect.stringMatching(/^Lists people DYNAMIC 2 email ends_with "@lists\.example" .+ Delete$/),
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await outsideAt360(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete Lists people' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Lists people?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await t.request('GET', `/crm/lists/${id}`, { key })).status).toBe(200);
    await page.getByRole('button', { name: 'Delete Lists people' }).click();
    await confirm.getByRole('button', { name: 'Delete list' }).click();
    await page.getByText('No lists yet.').waitFor();
    expect((await t.request('GET', `/crm/lists/${id}`, { key })).status).toBe(404);
    expect(problems).toEqual(refusals(400));
    await context.close();
  }, 120_000);

  it('should show a schedule’s weekly hours in its time zone and its date overrides, and edit them', async () => {
    const made = await t.request('POST', '/calendar/schedules', {
      key,
      body: {
        hostId: 'user_console_schedules',
        name: 'Support hours',
        timezone: 'America/New_York',
        availability: [
          { day: 'MONDAY', startTime: '13:00', endTime: '17:00' },
          { day: 'MONDAY', startTime: '09:00', endTime: '12:00' },
          { day: 'SATURDAY', startTime: '10:00', endTime: '24:00' },
        ],
      },
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id as string;
    const blocked = await t.request('POST', `/calendar/schedules/${id}/overrides`, {
      key,
      body: { date: '2030-12-24', isAvailable: false, reason: 'Holiday' },
    });
    expect(blocked.status).toBe(201);

    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await nav(page, 'Calendar');
    await subPage(page, 'Calendar', 'Schedules');
    await page.getByRole('heading', { level: 1, name: 'Schedules' }).waitFor();
    await page.getByRole('table', { name: 'Schedules' }).waitFor();
    expect(await rows(page, 'Schedules')).toEqual([
      'Name Time zone Default Host Updated',
      expect.stringMatching(/^Support hours America\/New_York DEFAULT user_console_schedules /),
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await outsideAt360(page)).toEqual([]);
    await page.getByRole('link', { name: 'Support hours' }).click();
    await page.waitForURL(`**/console/calendar/schedules/${id}`);
    await page.getByRole('heading', { level: 2, name: 'Support hours' }).waitFor();
    await page.getByText('Time zone: America/New_York').waitFor();
    expect(await rows(page, 'Weekly hours')).toEqual([
      'Monday 09:00–12:00, 13:00–17:00',
      'Tuesday Closed',
      'Wednesday Closed',
      'Thursday Closed',
      'Friday Closed',
      'Saturday 10:00–24:00',
      'Sunday Closed',
    ]);
    expect(await rows(page, 'Date overrides')).toEqual([
      'Date Hours Reason Actions',
      '2030-12-24 Blocked Holiday Delete',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'calendar-schedule');
    expect(await outsideAt360(page)).toEqual([]);

    // An end before its start: the platform's refusal (the same as REST's) under that field, nothing changed.
    const badHours = [
      { day: 'MONDAY', startTime: '09:00', endTime: '08:00' },
      { day: 'MONDAY', startTime: '13:00', endTime: '17:00' },
      { day: 'SATURDAY', startTime: '10:00', endTime: '24:00' },
    ];
    const refused = await t.request('PATCH', `/calendar/schedules/${id}`, { key, body: { availability: badHours } });
    expect(refused.status).toBe(400);
    await page.getByRole('button', { name: 'Edit hours' }).click();
    const mondayEnd = page.getByRole('textbox', { name: 'Monday 1: to' });
    await mondayEnd.fill('08:00');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByText(refused.body.error.message as string, { exact: true }).waitFor();
    expect(await mondayEnd.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await outsideAt360(page)).toEqual([]);
    expect((await t.request('GET', `/calendar/schedules/${id}`, { key })).body.data.availability).toEqual(
      made.body.data.availability,
    );

    await mondayEnd.fill('11:30');
    await page.getByRole('button', { name: 'Add hours on Wednesday' }).click();
    await page.getByRole('textbox', { name: 'Wednesday 1: to' }).fill('15:00');
    await page.getByRole('button', { name: 'Remove Saturday hours 1' }).click();
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByRole('button', { name: 'Edit hours' }).waitFor();
    // The page asks again after the save; the table shows the stored hours once that answer is in.
    await eventually(async () => (await rows(page, 'Weekly hours'))[0] === 'Monday 09:00–11:30, 13:00–17:00');
    expect(await rows(page, 'Weekly hours')).toEqual([
      'Monday 09:00–11:30, 13:00–17:00',
      'Tuesday Closed',
      'Wednesday 09:00–15:00',
      'Thursday Closed',
      'Friday Closed',
      'Saturday Closed',
      'Sunday Closed',
    ]);
    expect((await t.request('GET', `/calendar/schedules/${id}`, { key })).body.data.availability).toEqual([
      { day: 'MONDAY', startTime: '09:00', endTime: '11:30' },
      { day: 'MONDAY', startTime: '13:00', endTime: '17:00' },
      { day: 'WEDNESDAY', startTime: '09:00', endTime: '15:00' },
    ]);

    // A second override of a taken date is refused on the Date field; a new date is added.
    const date = page.getByRole('textbox', { name: 'Date' });
    await date.fill('2030-12-24');
    await page.getByRole('button', { name: 'Add override' }).click();
    await page.getByText(/already has an override for 2030-12-24/).waitFor();
    expect(await date.getAttribute('aria-invalid')).toBe('true');
    await date.fill('2030-12-31');
    await page.getByRole('switch', { name: 'Available that day' }).check();
    await page.getByRole('textbox', { name: 'From' }).fill('10:00');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('14:00');
    await page.getByRole('button', { name: 'Add override' }).click();
    await eventually(async () => (await rows(page, 'Date overrides')).length === 3);
    expect(await rows(page, 'Date overrides')).toEqual([
      'Date Hours Reason Actions',
      '2030-12-24 Blocked Holiday Delete',
      '2030-12-31 10:00–14:00 — Delete',
    ]);
    await page.getByRole('button', { name: 'Delete the override of 2030-12-24' }).click();
    await eventually(async () => (await rows(page, 'Date overrides')).length === 2);
    const overrides = (await t.request('GET', `/calendar/schedules/${id}`, { key })).body.data.overrides as {
      date: string;
    }[];
    expect(overrides.map((o) => o.date)).toEqual(['2030-12-31']);
    expect(problems).toEqual(refusals(400, 409));
    await context.close();
  }, 120_000);
});
