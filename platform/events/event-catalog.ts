import type { ErrorCode } from '../errors/error-codes.js';
import type { ModuleManifest } from '../federation/module-manifest.js';
import { DISPATCHING_MODULE } from './dispatching-module.js';

/** Sent by POST /webhooks/{id}/test only; not subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The namespace of /webhooks: every event of every module, under the webhook engine's scope. */
export const PLATFORM_NAMESPACE = 'platform';

/**
 * A set of webhooks with its own paths, scope and allowed events: `platform` is /webhooks (every event of every
 * module); each module that mounts its own webhook paths (/auth/webhooks, ...) has its own namespace, so its
 * listings show only its webhooks.
 */
export interface WebhookNamespace {
  /** The key scope a caller needs. */
  scope: string;
  /** Event types its webhooks may subscribe to. */
  events: readonly string[];
  /** See WebhookNamespaceRules (platform/federation/module-manifest.ts). */
  owns?: string;
  organizationWide?: readonly string[];
  resourceNotFound?: { code: ErrorCode; message: string };
}

/**
 * Every event type the modules raise and the webhook namespaces they may be subscribed to in, built from the modules'
 * manifests by the composition root: the webhooks module validates subscriptions and routes events with it.
 */
export class EventCatalog {
  /** Every event type, each once, in the manifests' order. */
  readonly types: readonly string[];
  /** Types two modules raise under the same name; namespaces tell theirs apart by `WebhookNamespace.owns`. */
  readonly sharedTypes: ReadonlySet<string>;
  private readonly namespaces = new Map<string, WebhookNamespace>();

  constructor(manifests: readonly ModuleManifest[]) {
    const all = manifests.flatMap((m) => m.events ?? []);
    this.types = [...new Set(all)];
    this.sharedTypes = new Set(all.filter((type, i) => all.indexOf(type) !== i));
    const engine = manifests.find((m) => m.name === DISPATCHING_MODULE);
    if (engine) this.namespaces.set(PLATFORM_NAMESPACE, { scope: engine.scope, events: this.types });
    for (const m of manifests) {
      if (m.webhooks) this.namespaces.set(m.name, { scope: m.scope, events: m.events ?? [], ...m.webhooks });
    }
  }

  /** The namespace of that name, undefined when there is none. */
  namespace(name: string): WebhookNamespace | undefined {
    return this.namespaces.get(name);
  }

  /** The namespaces' names, `platform` first. */
  namespaceNames(): string[] {
    return [...this.namespaces.keys()];
  }

  /** Whether an event goes to webhooks of a namespace (the platform namespace takes every event it subscribes to). */
  namespaceReceives(namespace: string, type: string, data: unknown): boolean {
    const owns = this.sharedTypes.has(type) ? this.namespaces.get(namespace)?.owns : undefined;
    return !owns || (typeof data === 'object' && data !== null && owns in data);
  }

  /** Whether a webhook's resource filter applies to an event of this type (not to the namespace's organization-wide types). */
  resourceFilterApplies(namespace: string, type: string): boolean {
    return !this.namespaces.get(namespace)?.organizationWide?.includes(type);
  }
}
