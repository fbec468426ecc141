import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { WebhookAttempt } from '../entities/webhook-attempt.entity.js';

const KEY = 'webhooks.attempts';

/** Attempts of many deliveries in one query per request (a list of deliveries must not cost one query each). */
export function attemptsLoader(ctx: SubgraphContext): DataLoader<string, WebhookAttempt[]> {
  let loader = ctx.loaders.get(KEY) as DataLoader<string, WebhookAttempt[]> | undefined;
  if (!loader) {
    loader = new DataLoader((ids: readonly string[]) => load(ctx.em, ids));
    ctx.loaders.set(KEY, loader);
  }
  return loader;
}

async function load(em: EntityManager, ids: readonly string[]): Promise<WebhookAttempt[][]> {
  const attempts = await em.find(
    WebhookAttempt,
    { deliveryId: { $in: [...ids] } },
    { orderBy: { attemptedAt: 'asc', id: 'asc' } },
  );
  const byDelivery = new Map<string, WebhookAttempt[]>(ids.map((id) => [id, []]));
  for (const attempt of attempts) {
    const list = byDelivery.get(attempt.deliveryId)!;
    attempt.number = list.length + 1;
    list.push(attempt);
  }
  return ids.map((id) => byDelivery.get(id)!);
}
