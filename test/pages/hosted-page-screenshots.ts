// The screenshots of docs/hosted-pages.md, made from the running pages (never by hand).
// Run: npx tsc -p tsconfig.json && DATABASE_POOL_MAX=3 node dist/test/pages/hosted-page-screenshots.js
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../platform/config/project-root.js';
import { startTestPlatform } from '../helpers/test-platform.js';
import { launchBrowser } from '../helpers/hosted-browser.js';
import { publishedForm, SHOWCASE_FIELDS } from './hosted-form-fixtures.js';

async function main() {
  const dir = join(projectRoot(), 'docs', 'images');
  mkdirSync(dir, { recursive: true });
  const t = await startTestPlatform();
  const browser = await launchBrowser({ timezoneId: 'Europe/Paris' });
  try {
    const key = await t.key('screenshots');
    const every = await publishedForm(t, key, {
      title: 'Tell us about your project',
      description: 'Fifteen questions, one of every type.',
      fields: SHOWCASE_FIELDS,
    });
    const stepped = await publishedForm(t, key, {
      title: 'Quick feedback',
      settings: { layout: 'ONE_PER_SCREEN', thankYouMessage: 'Thanks, we read every answer.' },
      theme: { preset: 'BOLD', colors: { primary: '#5b2a86' }, font: 'SERIF' },
      fields: SHOWCASE_FIELDS.slice(6, 8),
    });
    const locked = await publishedForm(t, key, {
      title: 'Members only',
      settings: { password: 'open-sesame' },
      fields: SHOWCASE_FIELDS.slice(0, 1),
    });
    const page = await browser.context.newPage();
    const shot = async (name: string, fullPage = true) => page.screenshot({ path: join(dir, name), fullPage });

    await page.goto(`${t.url}/f/${every}`);
    await shot('hosted-form-every-type.png');
    await page.getByLabel('Full name').fill('A');
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Phone number').focus();
    await page.evaluate('window.scrollTo(0, 0)');
    await shot('hosted-form-validation.png', false);

    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(`${t.url}/f/${stepped}`);
    await shot('hosted-form-one-per-screen-360px.png', false);
    await page.getByRole('radio', { name: '4 of 5' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: '9', exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    await shot('hosted-form-thank-you-360px.png', false);

    await page.setViewportSize({ width: 1024, height: 600 });
    await page.goto(`${t.url}/f/${locked}`);
    await shot('hosted-form-password.png', false);
  } finally {
    await browser.close();
    await t.stop();
  }
  console.log(`screenshots written to ${dir}`);
}

await main();
