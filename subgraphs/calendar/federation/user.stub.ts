import { Directive, Field, ID, ObjectType } from 'type-graphql';

/**
 * The auth module's user, referenced by key only (`resolvable: false`): calendar never resolves users, the auth
 * subgraph does. So `Booking.host` composes with or without auth; without it, only `id` can be asked for.
 */
@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('User')
export class UserStub {
  @Field(() => ID, { description: 'user_…' })
  id!: string;
}
