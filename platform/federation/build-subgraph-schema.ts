import { buildSubgraphSchema } from '@apollo/subgraph';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { gql } from 'graphql-tag';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, createResolversMap, type BuildSchemaOptions } from 'type-graphql';
import { authChecker } from '../auth/auth-checker.js';
import { validateInput, type InvalidInputCode } from '../validation/validate-input.js';

/** `{ Contact: { __resolveReference } }`: resolvers type-graphql does not declare. */
export type ReferenceResolvers = Record<string, Record<string, (...args: any[]) => unknown>>;

const FEDERATION_LINK = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable", "@external", "@requires", "@provides", "@interfaceObject", "@inaccessible"])`;

/** type-graphql schema → SDL under the federation v2 link → Apollo subgraph schema (type-graphql's federation example). */
export async function buildFederatedSchema(
  {
    invalidInputCode,
    ...options
  }: Omit<BuildSchemaOptions, 'skipCheck' | 'authChecker'> & { invalidInputCode?: InvalidInputCode },
  referenceResolvers: ReferenceResolvers = {},
): Promise<GraphQLSchema> {
  // Inputs are validated once, here at the edge of every resolver (class-validator rules on @InputType classes).
  const schema = await buildSchema({
    ...options,
    skipCheck: true,
    authChecker,
    validateFn: (arg) => validateInput(arg, invalidInputCode),
  });
  const resolvers = createResolversMap(schema) as Record<string, any>;
  for (const [type, fields] of Object.entries(referenceResolvers)) {
    resolvers[type] = { ...resolvers[type], ...fields };
  }
  return buildSubgraphSchema({
    typeDefs: gql`
      ${FEDERATION_LINK}
      ${printSchemaWithDirectives(schema)}
    `,
    resolvers,
  });
}
