import 'reflect-metadata';
import { graphql, GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { Authorized, Field, FieldResolver, ID, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { buildFederatedSchema } from '../../../platform/federation/build-subgraph-schema.js';
import type { Auth } from '../../../platform/auth/auth.js';

@ObjectType()
class PlainFieldsCard {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field({ name: 'heading' }) internalHeading!: string;
  @Authorized('crm') @Field() secret!: string;
  @Field() computed!: string;
}

@Resolver(() => PlainFieldsCard)
class PlainFieldsCardResolver {
  @Query(() => PlainFieldsCard)
  plainFieldsCard(): PlainFieldsCard {
    return { id: 'c1', title: 'Title', internalHeading: 'Heading', secret: 's3cret', computed: 'raw' };
  }

  @FieldResolver(() => String)
  computed(@Root() card: PlainFieldsCard): string {
    return `${card.computed}!`;
  }
}

const auth = (scopes: string[]): Auth => ({ organizationId: 'org_1', keyId: 'k1', keyType: 'SERVER', scopes, plan: 'SCALE' }) as Auth;

describe('plain field resolvers', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildFederatedSchema({ resolvers: [PlainFieldsCardResolver] });
  });

  it('should leave plain fields to the default resolver and keep renamed, authorized and resolved fields', () => {
    const fields = (schema.getType('PlainFieldsCard') as GraphQLObjectType).getFields();
    expect(fields.id!.resolve).toBeUndefined();
    expect(fields.title!.resolve).toBeUndefined();
    expect(fields.heading!.resolve).toBeDefined();
    expect(fields.secret!.resolve).toBeDefined();
    expect(fields.computed!.resolve).toBeDefined();
  });

  it('should answer every field as before and still demand the scope of an authorized field', async () => {
    const query = '{ plainFieldsCard { id title heading computed secret } }';
    const allowed = await graphql({ schema, source: query, contextValue: { requestId: 'r', auth: auth(['crm']), loaders: new Map() } });
    expect(allowed).toEqual({ data: { plainFieldsCard: { id: 'c1', title: 'Title', heading: 'Heading', computed: 'raw!', secret: 's3cret' } } });
    const refused = await graphql({ schema, source: query, contextValue: { requestId: 'r', auth: auth(['email']), loaders: new Map() } });
    expect(refused.errors?.[0]?.message).toBe('This key lacks the "crm" scope');
    expect(refused.errors?.[0]?.path).toEqual(['plainFieldsCard', 'secret']);
  });
});
