import {
  GraphQLFloat,
  GraphQLInputObjectType,
  type GraphQLNullableType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  GraphQLBoolean,
} from 'graphql';
import { GraphQLJSON } from 'graphql-scalars';

const nonNull = <T extends GraphQLNullableType>(type: T) => new GraphQLNonNull(type);

const ToolCallFunctionInput = new GraphQLInputObjectType({
  name: 'ChatToolCallFunctionInput',
  fields: {
    name: { type: nonNull(GraphQLString) },
    arguments: { type: nonNull(GraphQLString), description: 'JSON text' },
  },
});

const ToolCallInput = new GraphQLInputObjectType({
  name: 'ChatToolCallInput',
  fields: {
    id: { type: nonNull(GraphQLString) },
    type: { type: GraphQLString, defaultValue: 'function' },
    function: { type: nonNull(ToolCallFunctionInput) },
  },
});

const MessageInput = new GraphQLInputObjectType({
  name: 'ChatMessageInput',
  fields: {
    role: { type: nonNull(GraphQLString), description: 'system, developer, user, assistant or tool' },
    content: {
      type: GraphQLJSON,
      description: 'A string or an array of content parts; null on assistant tool-call messages',
    },
    name: { type: GraphQLString },
    toolCalls: { type: new GraphQLList(nonNull(ToolCallInput)) },
    toolCallId: { type: GraphQLString },
  },
});

/** The camelCase of the REST chat request. */
export const ChatCompletionInput = new GraphQLInputObjectType({
  name: 'ChatCompletionInput',
  fields: {
    model: { type: nonNull(GraphQLString) },
    messages: { type: nonNull(new GraphQLList(nonNull(MessageInput))) },
    temperature: { type: GraphQLFloat },
    maxTokens: { type: GraphQLInt },
    topP: { type: GraphQLFloat },
    frequencyPenalty: { type: GraphQLFloat },
    presencePenalty: { type: GraphQLFloat },
    stop: { type: new GraphQLList(nonNull(GraphQLString)) },
    tools: {
      type: new GraphQLList(nonNull(GraphQLJSON)),
      description: '{type: "function", function: {name, description, parameters}}',
    },
    toolChoice: { type: GraphQLJSON },
    responseFormat: { type: GraphQLJSON },
    user: { type: GraphQLString },
    includeUsage: {
      type: GraphQLBoolean,
      description: 'End with a chunk carrying usage (choices empty), as stream_options.include_usage',
    },
    noCache: { type: GraphQLBoolean, description: 'As X-Cache-Control: no-cache' },
  },
});

const ToolCallDelta = new GraphQLObjectType({
  name: 'ChatCompletionToolCallDelta',
  fields: {
    index: { type: nonNull(GraphQLInt) },
    id: { type: GraphQLString },
    type: { type: GraphQLString },
    function: {
      type: new GraphQLObjectType({
        name: 'ChatCompletionFunctionDelta',
        fields: { name: { type: GraphQLString }, arguments: { type: GraphQLString } },
      }),
    },
  },
});

const Delta = new GraphQLObjectType({
  name: 'ChatCompletionDelta',
  fields: {
    role: { type: GraphQLString },
    content: { type: GraphQLString },
    toolCalls: { type: new GraphQLList(nonNull(ToolCallDelta)) },
  },
});

const Choice = new GraphQLObjectType({
  name: 'ChatCompletionChunkChoice',
  fields: {
    index: { type: nonNull(GraphQLInt) },
    delta: { type: nonNull(Delta) },
    finishReason: { type: GraphQLString },
  },
});

const Usage = new GraphQLObjectType({
  name: 'ChatCompletionUsage',
  fields: {
    promptTokens: { type: nonNull(GraphQLInt) },
    completionTokens: { type: nonNull(GraphQLInt) },
    totalTokens: { type: nonNull(GraphQLInt) },
    cost: { type: GraphQLFloat, description: 'USD; null when no price is known for the model' },
  },
});

export const ChatCompletionChunk = new GraphQLObjectType({
  name: 'ChatCompletionChunk',
  fields: {
    id: { type: nonNull(GraphQLString) },
    model: { type: nonNull(GraphQLString) },
    created: { type: nonNull(GraphQLInt) },
    choices: { type: nonNull(new GraphQLList(nonNull(Choice))) },
    usage: { type: Usage },
  },
});
