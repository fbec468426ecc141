import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';

/** One way of asking for the same 20 messages. */
export interface Target {
  /** Short name in the table, e.g. `(a) REST`. */
  label: string;
  /** What the request goes through. */
  path: string;
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  /** Headers of connection (or sequential request) number i: keys rotate over the benchmark's organizations. */
  headers(i: number): Record<string, string>;
}

export interface LoadResult {
  /** Every answer, 4xx and 5xx included (autocannon's figure). */
  requestsPerSec: number;
  /** 2xx answers per second: the throughput that counts when a limit or an error answers fast. */
  okPerSec: number;
  /** Milliseconds, as autocannon's histogram records them. */
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time (user + system) of the serving process per answered request; steadier than req/s on a shared machine. */
  serverCpuMsPerRequest: number;
}

/** Fixed concurrency for a fixed time (autocannon), after an unmeasured warm-up run at the same concurrency. */
export async function loadTest(
  target: Target,
  options: { connections: number; durationSec: number; warmupSec: number; serverPid?: number },
): Promise<LoadResult> {
  const run = async (duration: number) => {
    let next = 0;
    return autocannon({
      url: target.url,
      method: target.method,
      body: target.body,
      connections: options.connections,
      duration,
      setupClient: (client) => client.setHeaders(target.headers(next++)),
    });
  };
  if (options.warmupSec > 0) await run(options.warmupSec);
  const cpuBefore = processCpuMs(options.serverPid);
  const result = await run(options.durationSec);
  const cpuAfter = processCpuMs(options.serverPid);
  return {
    requestsPerSec: result.requests.average,
    okPerSec: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuMsPerRequest: (cpuAfter - cpuBefore) / result.requests.total,
  };
}

/** Share of all cores busy over the next `ms` (Linux /proc/stat), e.g. other work on a shared machine; NaN elsewhere. */
export async function machineBusyPercent(ms: number): Promise<number> {
  const read = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3]! + (fields[4] ?? 0); // idle + iowait
    return { idle, total: fields.reduce((a, b) => a + b, 0) };
  };
  try {
    const before = read();
    await new Promise((r) => setTimeout(r, ms));
    const after = read();
    const total = after.total - before.total;
    return total > 0 ? (100 * (total - (after.idle - before.idle))) / total : NaN;
  } catch {
    return NaN;
  }
}

let ticksPerSecond: number | undefined;

/** User + system CPU milliseconds of a process so far (Linux /proc); NaN elsewhere. */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond; // utime, stime (fields 14 and 15)
  } catch {
    return NaN;
  }
}

export interface SequentialResult {
  /** Milliseconds. */
  p50: number;
  p99: number;
  samples: number;
}

/**
 * One request at a time per target, interleaved round-robin across the targets (a, b, c, a, b, c, ...) so that
 * drift on the shared machine hits all of them alike. Each target keeps one keep-alive connection.
 */
export async function sequentialLatency(
  targets: Target[],
  options: { warmup: number; count: number },
): Promise<SequentialResult[]> {
  const agents = targets.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  const samples: number[][] = targets.map(() => []);
  try {
    for (let round = 0; round < options.warmup + options.count; round++) {
      for (const [i, target] of targets.entries()) {
        const { status, ms } = await timedRequest(agents[i]!, target, target.headers(round));
        if (status !== 200) throw new Error(`${target.label} answered ${status} during the sequential run`);
        if (round >= options.warmup) samples[i]!.push(ms);
      }
    }
  } finally {
    for (const agent of agents) agent.destroy();
  }
  return samples.map((s) => ({ p50: percentile(s, 50), p99: percentile(s, 99), samples: s.length }));
}

/** Status and body of one request, for checking that every target answers the same data. */
export async function fetchOnce(target: Target): Promise<{ status: number; body: any }> {
  const res = await fetch(target.url, { method: target.method, headers: target.headers(0), body: target.body });
  return { status: res.status, body: await res.json() };
}

function timedRequest(
  agent: Agent,
  target: Target,
  headers: Record<string, string>,
): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(
      target.url,
      {
        method: target.method,
        agent,
        headers: target.body ? { ...headers, 'content-length': String(Buffer.byteLength(target.body)) } : headers,
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(target.body);
  });
}

/** Nearest-rank percentile of unsorted samples. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
