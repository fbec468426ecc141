// `npx tsc -p tsconfig.json && node dist/test/bench/template-render.bench.js`: the cost of rendering one email
// template field, as sending did before the shared parse cache (parse every time, copy the whole model) beside the
// platform's TemplateRenderer (parsed once, only the keys the template reads copied). Rounds interleave the two so
// the machine's load falls on both alike. A report for decision 0393, never a test.
import { performance } from 'node:perf_hooks';
import { cpus } from 'node:os';
import { createTemplateEngine } from '../../platform/templates/template-engine.js';
import { fromMustache } from '../../platform/templates/legacy-syntax.js';
import { parseTemplate, renderParsed } from '../../platform/templates/liquid-template.js';
import { templateScope } from '../../platform/templates/template-model.js';
import { TemplateRenderer } from '../../platform/templates/template-renderer.js';

const RENDERS = 20_000;
const ROUNDS = 7;

const SOURCE = `<p>Hi {{ user.firstName }},</p>
<p>Your order {{ order.number }} of {{ order.total }} {{ order.currency }} ships {% if order.express %}tomorrow{% else %}this week{% endif %}.</p>
<ul>{% for item in order.items %}<li>{{ item.name }} × {{ item.quantity }}</li>{% endfor %}</ul>
<p><a href="{{{ links.track }}}">Track it</a></p>`;

// A model as a batch send passes it: what the template uses, and a CRM record's worth of fields it does not.
const model: Record<string, unknown> = {
  user: { firstName: 'Zoë', lastName: 'Example', email: 'zoe@example.com' },
  order: {
    number: 'A-1042',
    total: '129.90',
    currency: 'EUR',
    express: true,
    items: Array.from({ length: 5 }, (_, i) => ({ name: `Item ${i}`, quantity: i + 1 })),
  },
  links: { track: 'https://shop.example/track/A-1042' },
  ...Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`custom_${i}`, { value: `v${i}`, history: [i, i + 1] }])),
};

const engine = createTemplateEngine({ output: 'html', rawUnescaped: true });
const renderer = new TemplateRenderer(engine, fromMustache);

function before(): string {
  return renderParsed(
    engine,
    parseTemplate(engine, fromMustache(SOURCE), 'htmlBody'),
    templateScope(model),
    'htmlBody',
  );
}
function after(): string {
  return renderer.render(SOURCE, model, 'htmlBody');
}

if (before() !== after()) throw new Error('the two paths render differently');

function microsPerRender(render: () => string): number {
  const start = performance.now();
  for (let i = 0; i < RENDERS; i++) render();
  return ((performance.now() - start) * 1000) / RENDERS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const timings = { before: [] as number[], after: [] as number[] };
microsPerRender(before); // warm-up
microsPerRender(after);
for (let round = 0; round < ROUNDS; round++) {
  timings.before.push(microsPerRender(before));
  timings.after.push(microsPerRender(after));
}
const b = median(timings.before);
const a = median(timings.after);
process.stdout.write(
  `${new Date().toISOString()} · ${cpus()[0]?.model ?? 'cpu'} × ${cpus().length} · Node ${process.version}\n` +
    `| path | µs per render (median of ${ROUNDS} × ${RENDERS}) |\n|---|---|\n` +
    `| parse each render, whole model copied | ${b.toFixed(1)} |\n` +
    `| TemplateRenderer (cached parse, used keys only) | ${a.toFixed(1)} |\n` +
    `ratio ${(b / a).toFixed(1)}×\n`,
);
