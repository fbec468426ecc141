import { relative, sep } from 'node:path';
import { projectRoot } from '../../platform/config/project-root.js';

/** The V8 CPU profile format (`node --cpu-prof`, or the inspector's Profiler.stop). */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  /** Monotonic clock, microseconds (the clock of process.hrtime). */
  startTime: number;
  samples: number[];
  /** Microseconds before each sample. */
  timeDeltas: number[];
}

/** A stretch of the profile in monotonic microseconds (`process.hrtime.bigint() / 1000n` of any process on the host). */
export interface Window {
  fromUs: number;
  toUs: number;
}

export interface Row {
  name: string;
  ms: number;
  /** Share of busy (non-idle) time. */
  pct: number;
}

export interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  /** Folded self time grouped into the request's layers (HTTP, bridge, gateway, subgraph execution, ORM, driver, GC). */
  byLayer: Row[];
  /** Self time by package or folder, with native and Node-core frames charged to the innermost JS package that called them. */
  foldedByArea: Row[];
  /** Time spent in the frame itself, by package or project folder. */
  selfByArea: Row[];
  /** Time with the package or folder anywhere on the stack. */
  inclusiveByArea: Row[];
  selfByFunction: Row[];
  inclusiveByFunction: Row[];
}

const IDLE = '(idle)';

/** Where the CPU went: self and inclusive time per function and per package/folder, idle excluded; only samples inside `window` when given. */
export function summarizeProfile(profile: CpuProfile, window?: Window, top = 20): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const stacks = new Map<
    number,
    { fns: string[]; areas: string[]; selfFn: string; selfArea: string; foldedArea: string }
  >();
  const stackOf = (id: number) => {
    let cached = stacks.get(id);
    if (cached) return cached;
    const fns = new Set<string>();
    const areas = new Set<string>();
    let foldedArea: string | undefined;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.functionName === '(root)') continue;
      const area = areaOf(frame);
      fns.add(functionKey(frame));
      areas.add(area);
      if (foldedArea === undefined && area !== 'node core' && area !== '(native)') foldedArea = area;
    }
    const frame = byId.get(id)!.callFrame;
    cached = {
      fns: [...fns],
      areas: [...areas],
      selfFn: functionKey(frame),
      selfArea: areaOf(frame),
      foldedArea: foldedArea ?? 'node core (no JS caller)',
    };
    stacks.set(id, cached);
    return cached;
  };

  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  const selfFn = new Map<string, number>();
  const selfArea = new Map<string, number>();
  const foldedArea = new Map<string, number>();
  const layers = new Map<string, number>();
  const inclFn = new Map<string, number>();
  const inclArea = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    const stack = stackOf(id);
    if (stack.selfFn.startsWith(IDLE)) {
      idle += us;
      return;
    }
    busy += us;
    add(selfFn, stack.selfFn, us);
    add(selfArea, stack.selfArea, us);
    add(foldedArea, stack.foldedArea, us);
    add(layers, layerOf(stack.foldedArea), us);
    for (const fn of stack.fns) add(inclFn, fn, us);
    for (const area of stack.areas) add(inclArea, area, us);
  });
  const rows = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, pct: busy ? (100 * us) / busy : 0 }));
  return {
    busyMs: busy / 1000,
    idleMs: idle / 1000,
    byLayer: rows(layers),
    foldedByArea: rows(foldedArea),
    selfByArea: rows(selfArea),
    inclusiveByArea: rows(inclArea),
    selfByFunction: rows(selfFn),
    inclusiveByFunction: rows(inclFn),
  };
}

/** Packages and folders by the layer of a request they serve; graphql itself is mostly the subgraph's execution (the gateway shapes results with its own code). */
const LAYERS: [RegExp, string][] = [
  [/^\(garbage collector\)$/, 'garbage collection'],
  [
    /^(rest-bridge|platform\/http|platform\/rate-limit|platform\/organizations)$/,
    'REST bridge, keys, rate limits, response write',
  ],
  [/^(@apollo\/server|@apollo\/utils\..*|negotiator)$/, 'Apollo Server request pipeline'],
  [
    /^(fastify|find-my-way|content-type|gateway\/(graphql-http|platform|create-gateway|runner)|platform\/logging|platform\/ids)$/,
    'HTTP front: router, /graphql handler, request ids, logs',
  ],
  // Cached per operation text: a line of its own says when a plan is built again (a cache too small, a text that varies).
  [/^@apollo\/query-planner$/, 'gateway: query planning'],
  [
    /^(@apollo\/gateway|@apollo\/federation-internals|@opentelemetry\/api|gateway\/(remote-data-source|single-fetch-gateway|single-fetch-plans))$/,
    'gateway: plan execution, result shaping',
  ],
  // A cross-module query's second hop: `_entities` turning representations into objects, batched by DataLoader.
  [/^(@apollo\/subgraph|dataloader)$/, 'subgraph: entity resolution (_entities, DataLoader)'],
  [
    /^(graphql|type-graphql|graphql-scalars|gateway\/in-process-data-source|subgraphs\/.*|platform\/(graphql|pagination|errors|auth|context))$/,
    'subgraph: GraphQL execution and resolvers',
  ],
  [/^(@mikro-orm\/.*|knex|tarn|platform\/orm)$/, 'MikroORM + knex: query building, mapping'],
  [/^(pg|pg-.*|postgres-.*)$/, 'pg driver: protocol, parsing, socket writes'],
  [/^(agenda|@agendajs\/.*|platform\/(jobs|events|quotas))$/, 'jobs, outbox, quotas: Agenda, event dispatcher'],
  [/^platform\/federation$/, 'subgraph HTTP server (serveSubgraph), response write'],
  [/^node core/, 'Node HTTP and streams (no JS caller)'],
];

function layerOf(area: string): string {
  return LAYERS.find(([pattern]) => pattern.test(area))?.[1] ?? `other: ${area}`;
}

function functionKey(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name.startsWith('(') ? name : `${name} (native)`;
  return `${name} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
}

/** `graphql`, `@apollo/gateway`, `node:internal`, `rest-bridge`, `platform/http`, `(garbage collector)`, ... */
function areaOf(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (url.startsWith('node:')) return 'node core';
  const parts = shortUrl(url).split('/');
  const nm = parts.lastIndexOf('node_modules');
  if (nm >= 0) return parts[nm + 1]?.startsWith('@') ? `${parts[nm + 1]}/${parts[nm + 2]}` : parts[nm + 1]!;
  // Another build's dist (a baseline profiled under this harness) sits outside this project: its path still holds dist/.
  const d = parts.indexOf('dist');
  if (d >= 0) {
    const [top, sub] = [parts[d + 1]!, parts[d + 2]];
    if (top === 'platform' || top === 'subgraphs') return `${top}/${sub}`;
    // The gateway folder holds both the HTTP front (graphql-http, platform) and the in-process subgraph runner: tell them apart.
    if (top === 'gateway') return `gateway/${sub!.replace(/\.js$/, '')}`;
    return top;
  }
  return parts.slice(0, 2).join('/');
}

function shortUrl(url: string): string {
  const path = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  return relative(projectRoot(), path).split(sep).join('/');
}

/** A Markdown rendering of the summary; with the number of requests answered in the window, a CPU-per-request column too. */
export function renderProfile(summary: ProfileSummary, requests?: number): string {
  const perRequest = (r: Row) => (requests ? ` ${(r.ms / requests).toFixed(3)} |` : '');
  const table = (title: string, rows: Row[]) =>
    [
      `| ${title} | ms | % of busy |${requests ? ' ms per request |' : ''}`,
      `|---|---:|---:|${requests ? '---:|' : ''}`,
      ...rows.map(
        (r) => `| \`${r.name.replace(/\|/g, '\\|')}\` | ${r.ms.toFixed(0)} | ${r.pct.toFixed(1)} |${perRequest(r)}`,
      ),
    ].join('\n');
  return [
    `Busy ${summary.busyMs.toFixed(0)} ms, idle ${summary.idleMs.toFixed(0)} ms in the profiled window${requests ? `; ${requests} requests answered, ${(summary.busyMs / requests).toFixed(2)} ms of CPU each` : ''}.`,
    '',
    table('layer (self time, native and Node-core time charged to the JS caller)', summary.byLayer),
    '',
    table(
      'self time by package / folder, native and Node-core time charged to the JS package calling it',
      summary.foldedByArea.slice(0, 15),
    ),
    '',
    table('self time by package / folder', summary.selfByArea.slice(0, 15)),
    '',
    table('on the stack (inclusive) by package / folder', summary.inclusiveByArea.slice(0, 15)),
    '',
    table('self time by function', summary.selfByFunction),
    '',
    table('inclusive time by function', summary.inclusiveByFunction),
  ].join('\n');
}
