import { ArgsType, Field, InputType, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { User } from '../entities/user.entity.js';
import { UserStatus } from '../entities/user-status.js';

@InputType('AuthUserProfileInput')
export class UserProfileInput {
  @Field(() => String, { nullable: true, description: 'At most 100 characters' })
  firstName?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 100 characters' })
  lastName?: string | null;
}

@InputType('CreateAuthUserInput')
export class CreateUserInput {
  @Field(() => String, { nullable: true })
  email?: string;

  @Field(() => String, { nullable: true, description: 'Checked against the password policy; optional (SSO or invited users set one later)' })
  password?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'true: the user is ACTIVE at once; default false (PENDING_VERIFICATION)' })
  emailVerified?: boolean | null;

  @Field(() => UserProfileInput, { nullable: true })
  profile?: UserProfileInput | null;

  @Field(() => JSONObject, { nullable: true, description: 'At most 8 KB of JSON' })
  metadata?: Record<string, unknown> | null;
}

@InputType('UpdateAuthUserInput')
export class UpdateUserInput {
  @Field(() => UserProfileInput, { nullable: true, description: 'Merged: only the names given change' })
  profile?: UserProfileInput | null;

  @Field(() => JSONObject, { nullable: true, description: 'Replaces the metadata; at most 8 KB' })
  metadata?: Record<string, unknown> | null;
}

@ArgsType()
export class UserListArgs extends PageArgsInput {
  @Field(() => UserStatus, { nullable: true })
  status?: UserStatus;

  @Field(() => String, { nullable: true, description: 'Part of the email, first or last name (case-insensitive)' })
  search?: string;
}

@ObjectType('AuthUserList')
export class UserList extends OffsetList(User) {}
