// The parent's side of smtp-load.ts: the messages the mailboxes benches send and one run of the load in a worker
// thread (shared by mailboxes.bench.ts and inbound-rounds.ts, so both send the same 50 KB messages).
import { Worker } from 'node:worker_threads';
import type { SmtpLoadJob, SmtpLoadResult } from './smtp-load.js';

/** Words of subjects and bodies (search terms of the search bench). */
export const WORDS = [
  'invoice',
  'meeting',
  'report',
  'budget',
  'launch',
  'contract',
  'schedule',
  'feedback',
  'roadmap',
  'hiring',
  'travel',
  'lunch',
  'quarterly',
  'review',
  'design',
  'customer',
  'support',
  'release',
  'security',
  'pricing',
];

/** A 50 KB text body of 64-byte lines. */
export const INBOUND_BODY = Array.from({ length: (50 * 1024) / 64 }, (_, i) =>
  `${WORDS[i % WORDS.length]} line ${i} of the message body, padded to sixty-four bytes.`.padEnd(63, '.'),
).join('\n');

/** Sends one load (smtp-load.ts) from a worker thread and answers its result. */
export async function runSmtpLoad(job: Omit<SmtpLoadJob, 'body' | 'words'>): Promise<SmtpLoadResult> {
  const worker = new Worker(new URL('./smtp-load.js', import.meta.url), {
    workerData: { ...job, body: INBOUND_BODY, words: WORDS } satisfies SmtpLoadJob,
  });
  try {
    return await new Promise<SmtpLoadResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}
