import type { Agenda, Job } from 'agenda';

const idOf = (job: Job) =>
  String((job.attrs as { _id?: unknown; id?: unknown })._id ?? (job.attrs as { id?: unknown }).id);

/**
 * Runs a job now and resolves once this very run has completed (Agenda's `complete:<name>` event), so a test can assert
 * what the job did, or did not do, without guessing how long it takes.
 */
export async function runJobNow(agenda: Agenda, name: string, data: Record<string, unknown>): Promise<void> {
  const completed = new Set<string>();
  let wanted: string | undefined;
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const onComplete = (job: Job) => {
    const id = idOf(job);
    completed.add(id);
    if (id === wanted) done();
  };
  agenda.on(`complete:${name}`, onComplete);
  try {
    wanted = idOf(await agenda.now(name, data));
    if (completed.has(wanted)) done();
    await finished;
  } finally {
    agenda.off(`complete:${name}`, onComplete);
  }
}
