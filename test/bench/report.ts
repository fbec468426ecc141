import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { LoadResult, SequentialResult, Target } from './load.js';

export interface Measured {
  target: Target;
  load: LoadResult;
  sequential: SequentialResult;
}

export interface RunInfo {
  date: string;
  command: string;
  machine: string;
  node: string;
  postgres: string;
  connections: number;
  durationSec: number;
  warmupSec: number;
  sequentialCount: number;
  sequentialWarmup: number;
  messages: number;
  organizations: number;
  /** Share of the machine's CPU busy during 2 s before the benchmark started its processes: other work skews every figure. */
  busyAtStart: number;
  /** Interleaved rounds of the c=32 runs; the median round is reported. */
  rounds: number;
}

/** The targets for REST through bridge + gateway against the same query sent straight to the subgraph. */
export const TARGETS = { addedP50Ms: 1, restRequestsPerSec: 1000 } as const;

const ms = (v: number) => `${v.toFixed(2)} ms`;
const fmtLoadMs = (v: number) => `${Number.isInteger(v) ? v : v.toFixed(1)} ms`;

/** The table, ratios and verdicts as Markdown (printed and written to BENCHMARKS.md alike). */
export function renderReport(info: RunInfo, rest: Measured, direct: Measured, graphql: Measured): string {
  const rows = [rest, direct, graphql].map((m) => {
    const failures = m.load.non2xx + m.load.errors + m.load.timeouts;
    return `| ${m.target.label} | ${m.target.path} | ${Math.round(m.load.requestsPerSec).toLocaleString('en-US')} | ${fmtLoadMs(m.load.p50)} | ${fmtLoadMs(m.load.p99)} | ${failures} | ${ms(m.load.serverCpuMsPerRequest)} | ${ms(m.sequential.p50)} | ${ms(m.sequential.p99)} |`;
  });
  const addedRest = rest.sequential.p50 - direct.sequential.p50;
  const addedGraphql = graphql.sequential.p50 - direct.sequential.p50;
  const failures = [rest, direct, graphql].reduce((n, m) => n + m.load.non2xx + m.load.errors + m.load.timeouts, 0);
  const latencyMet = addedRest <= TARGETS.addedP50Ms;
  const throughputMet = rest.load.requestsPerSec >= TARGETS.restRequestsPerSec && failures === 0;
  return [
    `Date: ${info.date}. Command: \`${info.command}\`. Machine: ${info.machine}; Node ${info.node}; ${info.postgres.split(',')[0]} on 127.0.0.1:5432.`,
    '',
    `Load: autocannon, ${info.connections} connections, ${info.durationSec} s per target after a ${info.warmupSec} s warm-up at the same concurrency; the load generator, ` +
      'the platform process, the subgraph process and PostgreSQL share the same cores. ' +
      `Sequential: ${info.sequentialCount} requests one at a time per target after ${info.sequentialWarmup} warm-ups, interleaved a, b, c, a, b, c, ... on keep-alive connections. ` +
      `The machine was ${info.busyAtStart.toFixed(0)}% busy in the 2 s before the benchmark started its processes${info.busyAtStart > 10 ? ' (other work was running: the figures are pessimistic)' : ''}. ` +
      (info.rounds > 1 ? `c=32 figures are the median of ${info.rounds} interleaved rounds. ` : '') +
      '"Server CPU / request" is user + system time of the serving Node process (platform for a and c, subgraph for b) divided by requests answered, PostgreSQL excluded. ' +
      `Data: ${info.messages} delivered messages in each of ${info.organizations} Enterprise organizations (keys rotate per connection so plan rate limits never cap the run); every request lists the newest 20 with the total count.`,
    '',
    '| target | path | c=32 req/s | c=32 p50 | c=32 p99 | non-2xx / errors | server CPU / request | sequential p50 | sequential p99 |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `- (a)/(b) throughput: **${(rest.load.requestsPerSec / direct.load.requestsPerSec).toFixed(2)}×** (REST keeps ${((100 * rest.load.requestsPerSec) / direct.load.requestsPerSec).toFixed(0)}% of the subgraph's req/s); (c)/(b): ${(graphql.load.requestsPerSec / direct.load.requestsPerSec).toFixed(2)}×; (a)/(c): ${(rest.load.requestsPerSec / graphql.load.requestsPerSec).toFixed(2)}×.`,
    `- Server CPU per request: (a) − (b) = ${ms(rest.load.serverCpuMsPerRequest - direct.load.serverCpuMsPerRequest)}, (c) − (b) = ${ms(graphql.load.serverCpuMsPerRequest - direct.load.serverCpuMsPerRequest)}; one dedicated core at (a)'s cost would serve at most ${Math.round(1000 / rest.load.serverCpuMsPerRequest).toLocaleString('en-US')} req/s.`,
    `- Added sequential p50 over the subgraph: REST (a) − (b) = **${ms(addedRest)}**; gateway /graphql (c) − (b) = ${ms(addedGraphql)}; the bridge alone (a) − (c) = ${ms(rest.sequential.p50 - graphql.sequential.p50)}.`,
    '',
    'Targets:',
    '',
    `- "bridge+gateway add at most 1 ms at p50 over the subgraph": **${latencyMet ? 'met' : 'not met'}** (${ms(addedRest)} added).`,
    `- "REST list ≥ 1,000 req/s at c=32": **${throughputMet ? 'met' : 'not met'}** (${Math.round(rest.load.requestsPerSec).toLocaleString('en-US')} req/s${failures ? `, ${failures} failed requests` : ''}).`,
  ].join('\n');
}

/** Where a run was made, stamped on every section it writes. */
export interface RunStamp {
  date: string;
  machine: string;
  node: string;
}

export function runStamp(): RunStamp {
  const cores = cpus();
  return {
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    machine: `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'})`,
    node: process.version,
  };
}

/** The heading under which hand-written sections sit, after every generated one; `npm run bench` never edits below it. */
export const HAND_WRITTEN_HEADING = '## Hand-written sections';

/**
 * A section as BENCHMARKS.md holds it: the body with its hard-wrapped paragraph and list lines joined (the file stays
 * short; Markdown renders them the same), then when, where and by which command it ran, and how to reproduce it.
 */
export function sectionText(key: string, body: string, stamp: RunStamp): string {
  const [heading, ...rest] = compactMarkdown(body.trim()).split('\n');
  return [
    heading,
    ...rest,
    '',
    `Run ${stamp.date} on ${stamp.machine}, Node ${stamp.node}, by \`npm run bench -- --only ${key}\`. How to reproduce: the same command (it builds first) on a machine with nothing else running; ratios measured in one run hold across machines, absolute figures move with the machine and its load.`,
  ].join('\n');
}

// A line that starts a Markdown block of its own (table row, heading, list item, comment, fence, quote) is never joined.
const BLOCK_START = /^\s*(\||#|[-*+] |\d+\. |<!--|```|>)/;

/** Joins soft-wrapped lines into the paragraph or list item they continue; tables, headings and fences stay as they are. */
export function compactMarkdown(text: string): string {
  const out: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.trim().startsWith('```')) fenced = !fenced;
    const previous = out[out.length - 1] ?? '';
    const continues =
      !fenced &&
      line.trim() !== '' &&
      previous.trim() !== '' &&
      !BLOCK_START.test(line) &&
      !/^\s*(\||#|<!--|```)/.test(previous);
    if (continues) out[out.length - 1] = `${previous.trimEnd()} ${line.trim()}`;
    else out.push(line);
  }
  return out.join('\n');
}

/**
 * Replaces (or adds) the section `key` of BENCHMARKS.md; `body` starts with its own `## heading`. A new section goes
 * after the last generated one, before the hand-written sections.
 */
export function writeSection(file: string, key: string, body: string, stamp: RunStamp = runStamp()): void {
  const START = `<!-- bench:${key}:start (written by npm run bench; edits inside are overwritten) -->`;
  const END = `<!-- bench:${key}:end -->`;
  const section = `${START}\n${sectionText(key, body, stamp)}\n${END}`;
  const current = existsSync(file)
    ? readFileSync(file, 'utf8')
    : `# Benchmarks\n\nWritten by \`npm run bench\`; numbers are from one run on the machine named in each section.\n\n${HAND_WRITTEN_HEADING}\n`;
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  let next: string;
  if (start >= 0 && end > start) next = current.slice(0, start) + section + current.slice(end + END.length);
  else {
    const hand = current.indexOf(`\n${HAND_WRITTEN_HEADING}\n`);
    const before = (hand >= 0 ? current.slice(0, hand) : current).trimEnd();
    // Sections follow each other without a blank line (their markers separate them); prose before the first needs one.
    const joined = `${before}${before.endsWith('-->') ? '\n' : '\n\n'}${section}`;
    next = hand >= 0 ? `${joined}\n\n${current.slice(hand + 1)}` : `${joined}\n`;
  }
  writeFileSync(file, next);
}
