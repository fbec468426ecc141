import { EventCatalog } from '../events/event-catalog.js';
import type { ModuleManifest } from './module-manifest.js';

/**
 * What the platform knows of every module of the build, loaded or not: their scopes and their events. The composition
 * root builds it from the modules' manifests and hands it to the runner or to a module's own process.
 */
export class ModuleCatalog {
  /** Scopes a key can be limited to, one per module. A SERVER key created without scopes has all of them (`*`). */
  readonly scopes: readonly string[];
  readonly events: EventCatalog;
  private readonly byName: Map<string, ModuleManifest>;

  constructor(readonly manifests: readonly ModuleManifest[]) {
    this.byName = new Map(manifests.map((m) => [m.name, m]));
    this.scopes = [...new Set(manifests.map((m) => m.scope))];
    this.events = new EventCatalog(manifests);
  }

  /**
   * The scope every field of the subgraph demands, checked once per fetch; null for a subgraph that checks scopes per
   * call itself (the webhook engine) or that no manifest names.
   */
  subgraphScope(name: string): string | null {
    const manifest = this.byName.get(name);
    return manifest && !manifest.checksScopesPerCall ? manifest.scope : null;
  }
}
