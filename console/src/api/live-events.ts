import { graphql } from '../gql';

/** The organization's event stream (graphql-ws), optionally narrowed to some types. */
export const LiveEventsSubscription = graphql(`
  subscription ConsoleLiveEvents($types: [String!]) {
    events(types: $types) { id type timestamp data }
  }
`);
