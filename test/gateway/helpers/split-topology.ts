// The split topology as separate Node processes, started from dist/ exactly as an operator (or the image) runs them:
// `node dist/gateway/main.js` and `node dist/subgraphs/<module>/main.js`, configured by environment only.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../../platform/config/project-root.js';
import { exited } from '../../bench/child-process.js';

export interface PlatformChild {
  name: string;
  port: number;
  pid: number;
  /** The last output lines, for a failure message. */
  output(): string;
  /** SIGKILL: no drain, no goodbye (what a crash or an OOM kill does). */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/** `dist/gateway/main.js` or `dist/subgraphs/<module>/main.js`, relative to the project root. */
export function entryOf(process: 'gateway' | string): string {
  return process === 'gateway' ? join('dist', 'gateway', 'main.js') : join('dist', 'subgraphs', process, 'main.js');
}

/** Starts one process and resolves once its /healthz answers 200 (rejects if it exits first or after `timeoutMs`). */
export async function startChild(
  name: string,
  entry: string,
  port: number,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<PlatformChild> {
  const { NODE_OPTIONS: _jestOnly, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: projectRoot(),
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const handle: PlatformChild = {
    name,
    port,
    pid: child.pid!,
    output: () => tail,
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child, 5_000);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child, 10_000);
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${tail}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return handle;
    if (Date.now() > deadline) {
      await handle.kill();
      throw new Error(`${name} not healthy after ${timeoutMs} ms:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
