// `BENCH_READ_PATH=write npm run bench -- --only read-path --profile`: where the platform spends its CPU on POST /emails
// (a diagnostic, never a test). The platform runs under `node --cpu-prof`; it accepts writes at c=32 with its job
// worker paused (the accept alone, as the read-path section measures it), then delivers them all (the delivery alone).
// BENCH_PLATFORM_DIST=<another build's dist> profiles that build under the same harness.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../helpers/test-database.js';
import { connectBenchSql } from './bench-sql.js';
import { loadTest, type Target } from './load.js';
import { startPlatformProcess } from './platform-process.js';
import { renderProfile, summarizeProfile, type CpuProfile, type Window } from './profile-summary.js';

const CONNECTIONS = 32;
const DURATION_SEC = 10;
const WARMUP_SEC = 3;
const ORGANIZATIONS = 8;

const log = (line: string) => process.stderr.write(`[bench:write-profile] ${line}\n`);
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

export async function profileWritePath(): Promise<string> {
  const database = await createTestDatabase();
  const db = await connectBenchSql(database.url);
  const profileDir = join(process.env.BENCH_PROFILE_DIR ?? tmpdir(), `bench-write-profile-${Date.now()}`);
  mkdirSync(profileDir, { recursive: true });
  const platform = await startPlatformProcess({
    databaseUrl: database.url,
    organizations: ORGANIZATIONS,
    dist: process.env.BENCH_PLATFORM_DIST,
    execArgv: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-name=platform.cpuprofile'],
  });
  try {
    const body = JSON.stringify({
      from: 'bench@example.com',
      to: ['reader@example.com'],
      subject: 'Bench write',
      html: '<p>Write</p>',
      tags: [{ name: 'bench', value: 'write' }],
    });
    const target: Target = {
      label: 'REST write',
      path: 'POST /emails',
      url: `${platform.url}/emails`,
      method: 'POST',
      body,
      headers: (i) => ({
        'content-type': 'application/json',
        authorization: `Bearer ${platform.keys[i % platform.keys.length]}`,
      }),
    };
    await platform.pauseJobs();
    log(`accepting: ${WARMUP_SEC} s warm-up + ${DURATION_SEC} s at c=${CONNECTIONS}, job worker paused`);
    await loadTest(target, { connections: CONNECTIONS, durationSec: WARMUP_SEC, warmupSec: 0 });
    const accept: Window = { fromUs: nowUs(), toUs: 0 };
    const load = await loadTest(target, { connections: CONNECTIONS, durationSec: DURATION_SEC, warmupSec: 0 });
    accept.toUs = nowUs();
    const [queued] = await db.execute<{ n: number }[]>(
      `select count(*)::int as n from agenda_jobs where name = 'email.send'`,
    );
    log(`delivering ${queued!.n} queued messages`);
    const delivery: Window = { fromUs: nowUs(), toUs: 0 };
    await platform.resumeJobs();
    for (;;) {
      const [row] = await db.execute<{ n: number }[]>(
        `select (select count(*) from agenda_jobs where name = 'email.send') + (select count(*) from platform.events where dispatched_at is null) as n`,
      );
      if (Number(row!.n) === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    delivery.toUs = nowUs();
    await platform.stop(); // the profile is written when the process exits
    const profile = JSON.parse(readFileSync(join(profileDir, 'platform.cpuprofile'), 'utf8')) as CpuProfile;
    const text = [
      `# CPU profile of POST /emails (BENCH_READ_PATH=write npm run bench -- --only read-path --profile)`,
      '',
      `Build: ${process.env.BENCH_PLATFORM_DIST ?? 'this one'}. Raw profile (open in Chrome DevTools): ${profileDir}/platform.cpuprofile`,
      '',
      `## Accept, job worker paused: ${Math.round(load.okPerSec)} 2xx/s at c=${CONNECTIONS} while profiled (profiling slows the process)`,
      '',
      renderProfile(summarizeProfile(profile, accept), load.total),
      '',
      `## Delivery of the ${queued!.n} queued messages (warm-up's included), worker resumed`,
      '',
      renderProfile(summarizeProfile(profile, delivery), queued!.n),
    ].join('\n');
    writeFileSync(join(profileDir, 'summary.md'), text);
    return text;
  } finally {
    await platform.stop();
    await db.end();
    await database.drop();
  }
}
