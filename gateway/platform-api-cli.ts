import 'reflect-metadata';
import { loadConfig } from './module-manifests.js';
import { startDatabase } from '../platform/database/start-database.js';
import { createLogger } from '../platform/logging/logger.js';
import { createOrm } from '../platform/orm/create-orm.js';
import { platformData } from '../platform/migrations/index.js';
import { settingsData } from '../platform/crypto/settings-data.js';
import { runMigrations } from '../platform/migrations/run-migrations.js';
import { PLAN_NAMES, PLANS } from '../platform/rate-limit/plans.js';
import { moduleCatalog } from './module-manifests.js';

const USAGE = `usage: npx platform-api <command>
  keys create --org <slug> --type SERVER|SENDING|GATEWAY [--scopes crm,email,...] [--name <label>]
  orgs set-plan <slug> <${PLAN_NAMES.join('|')}>
  plans                      the plans with their rates (per second) and monthly quotas
  migrate                    runs every migration on the configured database (npm start does it too)
  health [--url <base>]      asks a running platform's /readyz (default: PUBLIC_URL); exit 1 unless ready`;

/** `npx platform-api plans`: what each plan allows, from the same table the rate limiter reads. */
function plansCommand(): void {
  const rows = PLAN_NAMES.map((name) => {
    const { rates, quotas } = PLANS[name];
    const quota = (n: number | null) => (n === null ? 'unlimited' : String(n));
    return `${name.padEnd(10)} general ${rates.general}/s, email ${rates.emailSending}/s, sms ${rates.smsSending}/s, reads ${rates.reads}/s, batch ${rates.batch}/s; monthly emails ${quota(quotas.emails)}, sms ${quota(quotas.sms)}, form submissions ${quota(quotas.formSubmissions)}, API requests ${quota(quotas.apiRequests)}`;
  });
  process.stdout.write(`${rows.join('\n')}\n`);
}

/** `npx platform-api migrate`: the platform's and every module's migrations, under the same lock as start-up. */
async function migrateCommand(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger('warn');
  const database = await startDatabase(config, logger);
  // Loaded here only: every module's code takes seconds to import, which the other commands do not need.
  const { allModules } = await import('./modules.js');
  const modules = allModules();
  const orm = await createOrm({
    databaseUrl: database.url,
    modules: [platformData, settingsData, ...modules.map((m) => m.data)],
  });
  try {
    await runMigrations(orm);
    process.stdout.write(`migrations applied: platform and ${modules.length} modules\n`);
  } finally {
    for (const module of modules) await module.close?.();
    await orm.close(true);
    await database.stop();
  }
}

/** `npx platform-api health`: prints the readiness checks of a running platform; exit 1 unless every one is ok. */
async function healthCommand(args: string[]): Promise<void> {
  const at = args.indexOf('--url');
  const base = (at >= 0 ? args[at + 1] : undefined) ?? loadConfig().publicUrl;
  if (!base) throw new Error(USAGE);
  const res = await fetch(new URL('/readyz', base), { signal: AbortSignal.timeout(10_000) });
  const body = (await res.json().catch(() => ({}))) as { status?: string; checks?: Record<string, string> };
  process.stdout.write(`${base}: ${body.status ?? res.status}\n`);
  for (const [name, state] of Object.entries(body.checks ?? {})) process.stdout.write(`  ${name}: ${state}\n`);
  if (res.status !== 200) process.exitCode = 1;
}

/** The operator's command line: `npx platform-api <command>` (package.json `bin`), running the built code. */
export async function platformApiCli(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  switch (command) {
    case 'keys':
      return (await import('../platform/organizations/keys-cli.js')).keysCommand(args, moduleCatalog().scopes);
    case 'orgs':
      return (await import('../platform/organizations/orgs-cli.js')).orgsCommand(args);
    case 'plans':
      return plansCommand();
    case 'migrate':
      return migrateCommand();
    case 'health':
      return healthCommand(args);
    default:
      throw new Error(USAGE);
  }
}

platformApiCli(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
