import type { ConfigSection } from '../config/config-section.js';
import type { ErrorCode } from '../errors/error-codes.js';

/** How a module's own webhook paths (/auth/webhooks, ...) tell its events apart; their scope is the module's. */
export interface WebhookNamespaceRules {
  /**
   * For types another module raises too (`message.received`, `message.sent`: support and agent mailboxes), the data
   * field every event of this module carries; events without it are another module's and skip this namespace's webhooks.
   */
  readonly owns?: string;
  /**
   * Types about the organization rather than one resource (`domain.verified` for agent mailboxes): they reach every
   * webhook of the namespace that subscribed to them, whatever resource filter (`{mailboxId}`) the webhook carries.
   */
  readonly organizationWide?: readonly string[];
  /**
   * A filter on `owns` names one resource of the module (platform/events/webhook-resources.ts): a webhook may be
   * narrowed only to one the caller's organization has; one it has not answers this error.
   */
  readonly resourceNotFound?: { readonly code: ErrorCode; readonly message: string };
}

/**
 * What every process must know of a module without loading its code: the key scope that opens it, the event types it
 * raises, and its webhook namespace when it mounts webhook paths of its own. Pure data in the module's
 * `<module>-manifest.ts`, collected by one list in the composition root (gateway/module-manifests.ts), so the webhooks
 * process of split mode knows every module's events while it loads no other module's code.
 */
export interface ModuleManifest {
  /** The module's subgraph name. */
  readonly name: string;
  /** The module's own configuration section (`<module>-config.ts`), read at start-up with the platform's part. */
  readonly config?: ConfigSection;
  /** The key scope every field of the module's subgraph demands. */
  readonly scope: string;
  /** The module checks scopes per call instead (the webhook engine serves each module's namespace under that module's scope). */
  readonly checksScopesPerCall?: true;
  /** The event types it emits; webhooks may subscribe to these. */
  readonly events?: readonly string[];
  /** Present when the module mounts webhook paths of its own: a namespace named after it, under its scope. */
  readonly webhooks?: WebhookNamespaceRules;
}

/**
 * Each module's manifest by name, added by declaration merging in its `<module>-manifest.ts`, so `EventType` knows
 * every module's events at compile time while the platform names no module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleManifests {}

type Manifest = ModuleManifests[keyof ModuleManifests];
type EventsOf<T> = T extends { readonly events: readonly (infer E)[] } ? E : never;
type NamespaceOf<T> = T extends { readonly name: infer N; readonly webhooks: object } ? N : never;

/** An event type some module declares: `emitEvent` takes nothing else. */
export type EventType = EventsOf<Manifest> & string;

/** `platform` (/webhooks: every module's events) and each module that mounts webhook paths of its own. */
export type WebhookNamespaceName = 'platform' | (NamespaceOf<Manifest> & string);
