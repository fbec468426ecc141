import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { referenceLoader } from '../../../platform/graphql/reference-loader.js';
import { EmailMessage } from '../entities/email-message.entity.js';

/** Resolves `EmailMessage @key(fields: "id")` for other subgraphs, batched per request. */
export const emailMessageReference = {
  EmailMessage: {
    __resolveReference: (ref: { id: string }, ctx: SubgraphContext) => referenceLoader(ctx, EmailMessage).load(ref.id),
  },
};
