import 'reflect-metadata';
import { pathToFileURL } from 'node:url';
import { readConfig } from '../config/config.js';
import { startDatabase } from '../database/start-database.js';
import { createLogger } from '../logging/logger.js';
import { createOrm } from '../orm/create-orm.js';
import { platformData } from '../migrations/index.js';
import { runMigrations } from '../migrations/run-migrations.js';
import { PLAN_NAMES, type PlanName } from '../rate-limit/plans.js';
import { Organization } from './organization.entity.js';

const USAGE = `usage: npx platform-api orgs set-plan <slug> <${PLAN_NAMES.join('|')}>`;

/**
 * `npm run orgs -- set-plan <slug> <PLAN>`: the operator's way to change an organization's plan (there is no API
 * for it: a tenant must not raise its own limits). Running processes see the new plan within 10 s (key cache).
 */
export async function orgsCommand(args: string[]): Promise<void> {
  const [command, slug, planArg] = args;
  if (command !== 'set-plan' || !slug || !planArg) throw new Error(USAGE);
  const plan = planArg.toUpperCase() as PlanName;
  if (!PLAN_NAMES.includes(plan))
    throw new Error(`Unknown plan "${planArg}" (allowed: ${PLAN_NAMES.join(', ')})\n${USAGE}`);
  // The platform's part alone: these commands touch no module.
  const config = readConfig();
  const database = await startDatabase(config, createLogger('warn'));
  const orm = await createOrm({ databaseUrl: database.url, modules: [platformData] });
  try {
    await runMigrations(orm);
    const em = orm.em.fork();
    const organization = await em.findOne(Organization, { slug });
    if (!organization) throw new Error(`No organization "${slug}"`);
    const previous = organization.plan;
    organization.plan = plan;
    await em.flush();
    process.stdout.write(`organization ${slug} (${organization.id}): plan ${previous} → ${plan}\n`);
  } finally {
    await orm.close(true);
    await database.stop();
  }
}

// Run as a script of its own too (tests and older scripts call this file); `platform-api orgs` is the usual way.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  orgsCommand(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
