import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed documents from the committed supergraph: a query that does not match the schema fails codegen, and with it
// the build. Documents are emitted as strings, so the browser carries no GraphQL parser.
const config: CodegenConfig = {
  schema: ['../schema/supergraph.graphql', 'subscriptions.graphql'],
  documents: ['src/**/*.{ts,tsx}', '!src/gql/**'],
  ignoreNoDocuments: false,
  generates: {
    './src/gql/': {
      preset: 'client',
      config: {
        documentMode: 'string',
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { JSON: 'unknown', JSONObject: 'Record<string, unknown>', DateTimeISO: 'string', DateTime: 'string' },
      },
      presetConfig: { fragmentMasking: false },
    },
  },
};
export default config;
