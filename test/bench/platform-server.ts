// The one-process platform as the benchmark's system under test, in a process of its own so the load
// generator (the parent, run.ts) does not share its event loop. Talks to the parent over the fork IPC channel.
// BENCH_PLATFORM_DIST=<a build's dist> runs that build's platform under this harness (a baseline of the read-path
// section): the harness (keys, job pause) stays this one, the code under test is the other build's.
import 'reflect-metadata';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { loadConfig as LoadConfig } from '../../gateway/module-manifests.js';
import type { startPlatform as StartPlatform } from '../../gateway/runner.js';
import type { Auth } from '../../platform/auth/auth.js';
import type { ChildCpuUsage, ChildDone, ChildReady, ParentCommand } from './protocol.js';

const dist = process.env.BENCH_PLATFORM_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const load = <T>(path: string) => import(pathToFileURL(join(dist, path)).href) as Promise<T>;

async function main() {
  // A build from before module config sections kept loadConfig in platform/config.
  const { loadConfig } = await load<{ loadConfig?: typeof LoadConfig }>('gateway/module-manifests.js').then((m) =>
    m.loadConfig
      ? (m as { loadConfig: typeof LoadConfig })
      : load<{ loadConfig: typeof LoadConfig }>('platform/config/config.js'),
  );
  const { startPlatform } = await load<{ startPlatform: typeof StartPlatform }>('gateway/runner.js');
  const orgCount = Number(process.env.BENCH_ORGS ?? '1');
  const config = loadConfig({
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    INTERNAL_SECRET: process.env.BENCH_INTERNAL_SECRET,
    PORT: '0',
    DNS_PORT: '0',
    DNS_RATE_LIMIT: '0',
    SMTP_INBOUND_PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SHUTDOWN_TIMEOUT_MS: '2000',
    WEBHOOK_ALLOW_PRIVATE: 'true', // the mock providers and receivers listen on loopback
  });
  const platform = await startPlatform(config);

  // Enterprise plan before the key exists, so the key cache (10 s) never holds the Starter plan's rate limits.
  const keys: string[] = [];
  const auths: Auth[] = [];
  for (let i = 0; i < orgCount; i++) {
    const slug = `bench-${i}`;
    await platform.apiKeys.ensureOrganization(slug);
    await platform.orm.em
      .getConnection()
      .execute(`update platform.organizations set plan = 'ENTERPRISE' where slug = ?`, [slug]);
    const { key } = await platform.apiKeys.createKey({ orgSlug: slug, type: 'SERVER' });
    const auth = await platform.apiKeys.authenticate(key);
    if (auth?.plan !== 'ENTERPRISE') throw new Error(`bench key of ${slug} authenticates as ${auth?.plan}`);
    keys.push(key);
    auths.push(auth);
  }
  const pg = await platform.orm.em.getConnection().execute<{ version: string }[]>('select version() as version');

  const onMessage = async (command: ParentCommand) => {
    if (command.type === 'stop') {
      await platform.stop();
      process.exit(0); // --cpu-prof, when given, writes its profile here
    }
    if (command.type === 'cpu-usage') {
      process.send!({ type: 'cpu-usage', ...process.cpuUsage() } satisfies ChildCpuUsage);
      return;
    }
    // Agenda's own pause: running jobs finish, the worker stops listening and scanning; start() takes it all up again.
    if (command.type === 'pause-jobs') await platform.jobs.agenda.drain({ closeConnection: false });
    if (command.type === 'resume-jobs') await platform.jobs.agenda.start();
    process.send!({ type: 'done', command: command.type } satisfies ChildDone);
  };
  process.on(
    'message',
    (command: ParentCommand) =>
      void onMessage(command).catch((error) => {
        process.stderr.write(`bench platform: ${error instanceof Error ? error.stack : String(error)}\n`);
        process.exit(1);
      }),
  );
  const ready: ChildReady = {
    type: 'ready',
    url: platform.url,
    keys,
    auths,
    postgres: pg[0]!.version,
    smtpPort: platform.smtpPort,
  };
  process.send!(ready);
}

main().catch((error) => {
  process.stderr.write(`bench platform failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
