import 'reflect-metadata';
import { ConfigError, loadConfig } from '../../platform/config/config.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
import { emailModule } from './index.js';

/** Split mode: `node dist/subgraphs/email/main.js` serves the email subgraph alone, on loopback, at SUBGRAPH_PORT. */
async function main() {
  let config;
  let port: number;
  try {
    config = loadConfig();
    // eslint-disable-next-line no-restricted-properties -- platform/config has no SUBGRAPH_PORT yet (requested); read here, validated below.
    port = subgraphPort(process.env.SUBGRAPH_PORT);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + '\n');
      process.exit(1);
    }
    throw error;
  }
  const subgraph = await serveSubgraph(emailModule(), config, { port });
  const shutdown = (signal: string) => {
    process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'shutting down', subgraph: 'email', signal }) + '\n');
    subgraph.stop().then(() => process.exit(0), (error) => {
      process.stderr.write(String(error) + '\n');
      process.exit(1);
    });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

function subgraphPort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 4001;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError([`SUBGRAPH_PORT must be an integer between 0 and 65535 (got "${raw}")`]);
  return port;
}

main().catch((error) => {
  process.stderr.write(`start-up failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
