// Weighs the hosted pages' first load as a browser gets it: every response of a fresh load (document, and whatever
// it asks for from the platform), as transferred with Accept-Encoding gzip. Prints a Markdown table for BENCHMARKS.md.
// Run: npx tsc -p tsconfig.json && DATABASE_POOL_MAX=3 node dist/test/pages/hosted-page-weights.js
import { request } from 'node:http';
import { startTestPlatform } from '../helpers/test-platform.js';
import { publishedForm, SHOWCASE_FIELDS } from './hosted-form-fixtures.js';

/** The budget of a hosted page's first load, gzip. */
const BUDGET_BYTES = 100 * 1024;

interface Weight {
  page: string;
  path: string;
  raw: number;
  transferred: number;
}

/** Bytes on the wire (headers left out) and decoded, for one GET. */
function weigh(
  url: string,
  accept: string,
): Promise<{ raw: number; transferred: number; encoding: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { accept, 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', async () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const { gunzipSync } = await import('node:zlib');
        const decoded = encoding === 'gzip' ? gunzipSync(wire) : wire;
        resolve({ raw: decoded.length, transferred: wire.length, encoding, body: decoded.toString('utf8') });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** A public event type with two durations on a host's schedule; its booking page's path. */
async function publicEventType(t: Awaited<ReturnType<typeof startTestPlatform>>, key: string): Promise<string> {
  await t.request('POST', '/calendar/schedules', {
    key,
    body: { hostId: 'user_weights', name: 'Work', timezone: 'Europe/Berlin' },
  });
  await t.request('POST', '/calendar/event-types', {
    key,
    body: {
      hostId: 'user_weights',
      title: 'Intro call',
      slug: 'intro',
      description: 'A first talk about your project.',
      duration: 30,
      durations: [30, 60],
      public: true,
    },
  });
  return '/book/weights/intro';
}

/** The same booking page asking nine booking questions, one of every type. */
async function eventTypeWithQuestions(t: Awaited<ReturnType<typeof startTestPlatform>>, key: string): Promise<string> {
  const choices = ['Sales', 'Support', 'Partnership'];
  const bookingQuestions = [
    { name: 'company', label: 'Company', type: 'TEXT', required: true },
    { name: 'about', label: 'What should we prepare?', type: 'TEXTAREA' },
    { name: 'backup', label: 'Another email', type: 'EMAIL' },
    { name: 'mobile', label: 'Mobile', type: 'PHONE' },
    { name: 'size', label: 'Team size', type: 'NUMBER' },
    { name: 'topic', label: 'Topic', type: 'SELECT', required: true, options: choices },
    { name: 'channels', label: 'Channels', type: 'MULTISELECT', options: choices },
    { name: 'when', label: 'Part of day', type: 'RADIO', options: ['Morning', 'Afternoon'] },
    { name: 'agree', label: 'I accept the terms', type: 'CHECKBOX', required: true },
  ];
  await t.request('POST', '/calendar/event-types', {
    key,
    body: {
      hostId: 'user_weights',
      title: 'Discovery call',
      slug: 'discovery',
      duration: 30,
      public: true,
      bookingQuestions,
    },
  });
  return '/book/weights/discovery';
}

async function main() {
  const t = await startTestPlatform();
  const weights: Weight[] = [];
  try {
    const key = await t.key('weights');
    const every = await publishedForm(t, key, {
      title: 'Tell us about your project',
      description: 'Fifteen questions, one of every type.',
      fields: SHOWCASE_FIELDS,
    });
    const short = await publishedForm(t, key, { title: 'Contact us', fields: SHOWCASE_FIELDS.slice(0, 2) });
    const locked = await publishedForm(t, key, {
      title: 'Members only',
      settings: { password: 'open-sesame' },
      fields: SHOWCASE_FIELDS.slice(0, 1),
    });
    const pages = [
      ['Hosted form, 15 fields of every type', `/f/${every}`],
      ['Hosted form, 2 fields', `/f/${short}`],
      ['Password form, before the password', `/f/${locked}`],
      ['Booking page of a public event type', await publicEventType(t, key)],
      ['Booking page asking 9 booking questions, one of every type', await eventTypeWithQuestions(t, key)],
    ];
    for (const [page, path] of pages) {
      const doc = await weigh(t.url + path!, 'text/html');
      // Everything else the document loads from the platform (scripts, styles, images by URL): none today, counted if added.
      const assets = [
        ...doc.body.matchAll(/<(?:script|img)\b[^>]*\ssrc="(\/[^"]*)"|<link\b[^>]*\shref="(\/[^"]*)"/g),
      ].map((m) => (m[1] ?? m[2])!);
      let raw = doc.raw;
      let transferred = doc.transferred;
      for (const asset of assets) {
        const w = await weigh(t.url + asset, '*/*');
        raw += w.raw;
        transferred += w.transferred;
      }
      weights.push({ page: page!, path: path!.replace(/[0-9a-f-]{36}/, '{uuid}'), raw, transferred });
    }
    const embed = await weigh(`${t.url}/f/embed.js`, '*/*');
    weights.push({
      page: 'Embed script (`/f/embed.js`, loaded by the host site)',
      path: '/f/embed.js',
      raw: embed.raw,
      transferred: embed.transferred,
    });
  } finally {
    await t.stop();
  }
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log('| page | path | decoded KB | transferred KB (gzip) | within 100 KB |');
  console.log('|---|---|---:|---:|---|');
  for (const w of weights)
    console.log(
      `| ${w.page} | \`${w.path}\` | ${kb(w.raw)} | ${kb(w.transferred)} | ${w.transferred <= BUDGET_BYTES ? 'yes' : '**no**'} |`,
    );
  if (weights.some((w) => w.transferred > BUDGET_BYTES)) process.exitCode = 1;
}

await main();
