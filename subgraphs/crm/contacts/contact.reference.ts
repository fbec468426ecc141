import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { referenceLoader } from '../../../platform/graphql/reference-loader.js';
import { Contact } from '../entities/contact.entity.js';
import { contactView } from './contact-view.js';
import type { ContactView } from './contact.types.js';

/** `Contact.__resolveReference`: batched per request through the DataLoader (one `id in (...)` query). */
export async function resolveContactReference(ref: { id: string }, ctx: SubgraphContext): Promise<ContactView | null> {
  if (!/^\d{1,18}$/.test(String(ref.id))) return null;
  const contact = await referenceLoader(ctx, Contact).load(String(ref.id));
  return contact ? contactView(contact) : null;
}
