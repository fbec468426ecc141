// A benchmark's helper processes (platform, mock provider, subgraph): waiting for their first message, and for
// their exit with a deadline, so a process that hangs on the way out cannot hold the run.
import type { ChildProcess } from 'node:child_process';

/** The child's next IPC message; rejects if it exits first. */
export function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`child process exited (${code}) before answering`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message as T);
    });
  });
}

/** Resolves once the child has exited; after `graceMs` it is killed (SIGKILL). */
export function exited(child: ChildProcess | undefined, graceMs = 10_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
