import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { referenceLoader } from '../../../platform/graphql/reference-loader.js';
import { User } from '../entities/user.entity.js';

/** Resolves `User @key(fields: "id")` for other subgraphs (calendar hosts), batched per request; tenant-filtered. */
export const userReference = {
  User: {
    __resolveReference: (ref: { id: string }, ctx: SubgraphContext) => referenceLoader(ctx, User).load(ref.id),
  },
};
