import { Field, InputType, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { Application } from '../entities/application.entity.js';

@InputType('AuthApplicationInput')
export class ApplicationInput {
  @Field(() => String, { nullable: true, description: '1..200 characters' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'SPA, WEB, NATIVE or M2M (not changeable)' })
  type?: string | null;

  @Field(() => [String], { nullable: true })
  redirectUris?: string[] | null;

  @Field(() => [String], { nullable: true })
  allowedOrigins?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description: 'AUTHORIZATION_CODE, REFRESH_TOKEN, CLIENT_CREDENTIALS, DEVICE_CODE',
  })
  grantTypes?: string[] | null;
}

@ObjectType('AuthApplicationList')
export class ApplicationList extends OffsetList(Application) {}
