import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { readConfig } from '../config/config.js';
import { startDatabase } from '../database/start-database.js';
import { createLogger } from '../logging/logger.js';
import { createOrm } from '../orm/create-orm.js';
import { platformData } from '../migrations/index.js';
import { runMigrations } from '../migrations/run-migrations.js';
import { ApiKeyService } from './api-key.service.js';
import type { ApiKeyType } from './api-key.entity.js';

const USAGE =
  'usage: npx platform-api keys create --org <slug> --type SERVER|SENDING|GATEWAY [--scopes crm,email,...] [--name <label>]';

/**
 * `npm run keys -- create ...`: creates a key (and the organization, Starter plan, when new) in the configured
 * database and prints the key alone on the last line; `allowedScopes` are the modules' (gateway/module-manifests.ts). Runs the platform's own migrations first so it works on a fresh database.
 */
export async function keysCommand(args: string[], allowedScopes: readonly string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      org: { type: 'string' },
      type: { type: 'string', default: 'SERVER' },
      scopes: { type: 'string' },
      name: { type: 'string' },
    },
  });
  if (positionals[0] !== 'create' || !values.org) throw new Error(USAGE);
  const type = values.type!.toUpperCase() as ApiKeyType;
  if (!['SERVER', 'SENDING', 'GATEWAY'].includes(type))
    throw new Error(`--type must be SERVER, SENDING or GATEWAY\n${USAGE}`);
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(values.org))
    throw new Error('--org must be a slug: lower-case letters, digits and dashes');
  // The platform's part alone: these commands touch no module.
  const config = readConfig();
  const logger = createLogger('warn');
  const database = await startDatabase(config, logger);
  // Only the platform's own tables are needed; the modules' migrations run when the platform starts.
  const orm = await createOrm({ databaseUrl: database.url, modules: [platformData] });
  try {
    await runMigrations(orm);
    const scopes = values.scopes
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const { key, record, organization } = await new ApiKeyService(orm.em, { scopes: allowedScopes }).createKey({
      orgSlug: values.org,
      type,
      scopes,
      name: values.name,
    });
    process.stdout.write(
      `organization ${organization.slug} (${organization.id}), ${record.type} key ${record.id}, scopes ${record.scopes.join(',')}\n`,
    );
    process.stdout.write('the key is shown once:\n');
    process.stdout.write(`${key}\n`);
  } finally {
    await orm.close(true);
    await database.stop();
  }
}
