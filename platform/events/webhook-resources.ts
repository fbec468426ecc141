import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Webhooks narrowed to one resource of a module (an agent mailbox's webhooks carry the filter `{mailboxId}`) meet
 * their module through these two ports, so neither module imports the other.
 */

/** Implemented by the module that owns the resource: throws its not-found error when the filter names no resource of the caller's organization (`em`). */
export type WebhookResourceCheck = (em: EntityManager, filter: Record<string, string>) => Promise<void>;

/** Implemented by the webhooks module: what a module calls when one of its resources goes. */
export interface WebhookSubscriptions {
  /** Deletes the organization's (`tx`) webhooks of `namespace` narrowed to exactly this resource, deliveries included, in the caller's transaction. */
  removeForResource(tx: EntityManager, namespace: string, filter: Record<string, string>): Promise<number>;
}
