export { GraphQLJSONObject as JSONObject, GraphQLJSON as JSON, GraphQLDateTime as DateTime } from 'graphql-scalars';
