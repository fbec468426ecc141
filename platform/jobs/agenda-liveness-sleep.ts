import type { Agenda } from 'agenda';

interface RunningProcessor {
  runOrRetry(job: unknown): Promise<void>;
}

/**
 * Agenda 6 races each job run against a liveness check that sleeps `max(processEvery, lockLifetime) / 2` in a plain
 * `setTimeout` (JobProcessor.runOrRetry), keeps no handle to it and never clears it when the job ends or the
 * processor stops, so a stopped worker stayed alive for half the longest lock lifetime (minutes). The sleep has
 * nothing left to do once its job is over, so the timers armed while a run starts are unref'd: a running job still
 * holds the process through its connections and queries; a finished one no longer does. The sleep is armed
 * synchronously, before runOrRetry's first await, which is the only window where timers are made unref'd.
 */
export function unrefLivenessSleeps(agenda: Agenda): void {
  const processor = (agenda as unknown as { jobProcessor?: RunningProcessor }).jobProcessor;
  if (!processor) return;
  const runOrRetry = processor.runOrRetry.bind(processor);
  processor.runOrRetry = (job) => {
    const setTimer = globalThis.setTimeout;
    globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) =>
      setTimer(...args).unref()) as typeof setTimeout;
    try {
      return runOrRetry(job);
    } finally {
      globalThis.setTimeout = setTimer;
    }
  };
}
