// Sign-in cost beside its hash (a report, never a test): `node dist/test/bench/sign-in-cost.bench.js [--profile]`.
// The platform runs in a process of its own (NODE_ENV=production). Measured: the platform's CPU per sign-in (from
// /proc, over many sequential sign-ins) minus the CPU of one argon2id verification with the same parameters (this
// process, process.cpuUsage), which is what load on a shared machine moves least; and, indicative only, p50 of 30
// sequential sign-ins beside one verification in the same run. BENCH_PLATFORM_DIST=<another build's dist> runs that
// build's platform instead (a baseline). --profile prints the platform's CPU profile over the sequential sign-ins.
import 'reflect-metadata';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword, verifyPassword } from '../../subgraphs/auth/passwords/password-hasher.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { percentile, processCpuMs } from './load.js';
import { startPlatformProcess } from './platform-process.js';
import { renderProfile, summarizeProfile, type CpuProfile } from './profile-summary.js';

const PASSWORD = 'bench passphrase 2026';
const CPU_SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? '200');
const PROFILE = process.argv.includes('--profile');
const log = (line: string) => process.stderr.write(`[bench:sign-in] ${line}\n`);

/** CPU milliseconds of this process (every thread: argon2 runs on the thread pool). */
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function main() {
  const database = await createTestDatabase();
  const profileDir = mkdtempSync(join(tmpdir(), 'sign-in-prof-'));
  const t = await startPlatformProcess({
    databaseUrl: database.url,
    execArgv: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  let stopped = false;
  try {
    const [key] = t.keys as [string];
    const created = await t.request('POST', '/auth/users', {
      key,
      body: { email: 'bench@example.com', password: PASSWORD, emailVerified: true },
    });
    if (created.status !== 201) throw new Error(`user: ${created.text}`);
    const signIn = async () => {
      const res = await t.request('POST', '/auth/sign-in', {
        key,
        body: { email: 'bench@example.com', password: PASSWORD, ip: '203.0.113.7', userAgent: 'Bench/1.0' },
      });
      if (res.status !== 200) throw new Error(`sign-in: ${res.text}`);
    };

    const reference = await hashPassword(PASSWORD);
    for (let i = 0; i < 5; i++) await verifyPassword(PASSWORD, reference);
    const verifyCpuBefore = ownCpuMs();
    const verifyMs: number[] = [];
    for (let i = 0; i < 30; i++) {
      const begun = performance.now();
      await verifyPassword(PASSWORD, reference);
      verifyMs.push(performance.now() - begun);
    }
    const verifyCpuMs = (ownCpuMs() - verifyCpuBefore) / 30;

    for (let i = 0; i < 10; i++) await signIn();
    const signInMs: number[] = [];
    for (let i = 0; i < 30; i++) {
      const begun = performance.now();
      await signIn();
      signInMs.push(performance.now() - begun);
    }
    log(`CPU: ${CPU_SIGN_INS} sequential sign-ins`);
    const fromUs = Number(process.hrtime.bigint() / 1000n);
    const cpuBefore = processCpuMs(t.pid);
    for (let i = 0; i < CPU_SIGN_INS; i++) await signIn();
    const signInCpuMs = (processCpuMs(t.pid) - cpuBefore) / CPU_SIGN_INS;
    const toUs = Number(process.hrtime.bigint() / 1000n);

    const p50 = (v: number[]) =>
      percentile(
        [...v].sort((a, b) => a - b),
        50,
      );
    const lines = [
      `platform: ${process.env.BENCH_PLATFORM_DIST ?? 'this build'}`,
      `CPU per sign-in (platform process, ${CPU_SIGN_INS} sequential): ${signInCpuMs.toFixed(2)} ms; one verification: ${verifyCpuMs.toFixed(2)} ms; outside the hash: ${(signInCpuMs - verifyCpuMs).toFixed(2)} ms`,
      `indicative only: sign-in p50 ${p50(signInMs).toFixed(1)} ms (30 sequential), one verification p50 ${p50(verifyMs).toFixed(1)} ms: ${(p50(signInMs) / p50(verifyMs)).toFixed(2)}×`,
    ];
    if (PROFILE) {
      await t.stop();
      stopped = true;
      const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))!;
      const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile;
      lines.push('', renderProfile(summarizeProfile(profile, { fromUs, toUs }), CPU_SIGN_INS));
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    if (!stopped) await t.stop();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
