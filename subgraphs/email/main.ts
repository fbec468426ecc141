import 'reflect-metadata';
import { ConfigError, loadConfig } from '../../platform/config/config.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
import { emailModule } from './index.js';

/** Split mode: `node dist/subgraphs/email/main.js` serves the email subgraph alone, on loopback, at SUBGRAPH_HOST:SUBGRAPH_PORT. */
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
  const subgraph = await serveSubgraph(emailModule(), config, config.subgraphListen);
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

main().catch((error) => {
  process.stderr.write(`start-up failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
