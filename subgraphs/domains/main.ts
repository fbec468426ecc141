import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
import { domainsModule } from './index.js';

/** Split mode: `node dist/subgraphs/domains/main.js` serves the domains subgraph and its DNS listener. */
runMain('subgraph:domains', async (config) => {
  const module = domainsModule();
  const served = await serveSubgraph(module, config, config.subgraphListen);
  const listeners = (await module.startListeners?.(served.deps)) ?? [];
  return {
    ...served,
    stop: async () => {
      for (const listener of listeners) await listener.close();
      await served.stop();
    },
  };
});
