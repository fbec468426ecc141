import { loadConfig } from '../../../gateway/module-manifests.js';
import { createLogger } from '../../../platform/logging/logger.js';
import { startBackground } from '../../../platform/federation/module-background.js';
import type { PlatformDeps, SubgraphModule } from '../../../platform/federation/subgraph-module.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { emailModule } from '../../../subgraphs/email/index.js';

describe('module background: event sinks only where events are dispatched', () => {
  const deps = { config: loadConfig({ LOG_LEVEL: 'silent' }), logger: createLogger('silent') } as PlatformDeps;

  it('should refuse to start a process that serves a module with event sinks but does not dispatch events', async () => {
    const modules: SubgraphModule[] = [emailModule(), webhooksModule()];
    await expect(startBackground({ modules, deps, dispatch: false, databaseUrl: 'postgres://unused' })).rejects.toThrow(
      'Event sinks of webhooks run only where "webhooks" is served, and this process does not dispatch events',
    );
  });

  it('should start one whose modules have no event sinks without dispatching', async () => {
    const background = await startBackground({
      modules: [emailModule()],
      deps,
      dispatch: false,
      databaseUrl: 'postgres://unused',
    });
    expect(background.dispatcher).toBeUndefined();
    await background.stop();
  });
});
