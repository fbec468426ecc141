import { graphql } from '../../gql';

/** The settings page's one request: the organization with its plan, and a page of its keys. */
export const SettingsQuery = graphql(`
  query ConsoleSettings($page: Int!, $limit: Int!) {
    organization { id slug name plan createdAt quotas { resource used limit period } }
    apiKeys(page: $page, limit: $limit) { total data { id name type scopes prefix createdAt revokedAt } }
  }
`);

export const CreateApiKey = graphql(`
  mutation ConsoleCreateApiKey($input: CreateApiKeyInput!) { createApiKey(input: $input) { key apiKey { id name } } }
`);

export const RevokeApiKey = graphql(`
  mutation ConsoleRevokeApiKey($id: ID!) { revokeApiKey(id: $id) }
`);
