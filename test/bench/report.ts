import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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

/** The figures the issue sets (REST through bridge + gateway vs straight to the subgraph). */
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
    `- (a)/(b) throughput: **${(rest.load.requestsPerSec / direct.load.requestsPerSec).toFixed(2)}×** (REST keeps ${(100 * rest.load.requestsPerSec / direct.load.requestsPerSec).toFixed(0)}% of the subgraph's req/s); (c)/(b): ${(graphql.load.requestsPerSec / direct.load.requestsPerSec).toFixed(2)}×; (a)/(c): ${(rest.load.requestsPerSec / graphql.load.requestsPerSec).toFixed(2)}×.`,
    `- Server CPU per request: (a) − (b) = ${ms(rest.load.serverCpuMsPerRequest - direct.load.serverCpuMsPerRequest)}, (c) − (b) = ${ms(graphql.load.serverCpuMsPerRequest - direct.load.serverCpuMsPerRequest)}; one dedicated core at (a)'s cost would serve at most ${Math.round(1000 / rest.load.serverCpuMsPerRequest).toLocaleString('en-US')} req/s.`,
    `- Added sequential p50 over the subgraph: REST (a) − (b) = **${ms(addedRest)}**; gateway /graphql (c) − (b) = ${ms(addedGraphql)}; the bridge alone (a) − (c) = ${ms(rest.sequential.p50 - graphql.sequential.p50)}.`,
    '',
    'Targets from the issue:',
    '',
    `- "bridge+gateway add at most 1 ms at p50 over the subgraph": **${latencyMet ? 'met' : 'not met'}** (${ms(addedRest)} added).`,
    `- "REST list ≥ 1,000 req/s at c=32": **${throughputMet ? 'met' : 'not met'}** (${Math.round(rest.load.requestsPerSec).toLocaleString('en-US')} req/s${failures ? `, ${failures} failed requests` : ''}).`,
  ].join('\n');
}



/** Replaces this benchmark's section of BENCHMARKS.md, keeping everything else (other benchmarks, notes). */
/** Replaces (or appends) the section `key` of BENCHMARKS.md; `body` starts with its own `## heading`. */
export function writeSection(file: string, key: string, body: string): void {
  const START = `<!-- bench:${key}:start (written by npm run bench; edits inside are overwritten) -->`;
  const END = `<!-- bench:${key}:end -->`;
  const section = `${START}\n${body.trimEnd()}\n${END}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\nProduced by `npm run bench`; numbers are from one run on the machine named in each section.\n';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next = start >= 0 && end > start ? current.slice(0, start) + section + current.slice(end + END.length) : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}
