import { IsObject, IsOptional, MaxLength, registerDecorator, ValidateNested } from 'class-validator';
import { ArgsType, Field, InputType, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { JSON } from '../../../platform/graphql/scalars.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { User } from '../entities/user.entity.js';
import { UserStatus } from '../entities/user-status.js';

@InputType('AuthUserProfileInput')
export class UserProfileInput {
  @IsOptional()
  @MaxLength(100, { message: 'at most 100 characters' })
  @Field(() => String, { nullable: true, description: 'At most 100 characters' })
  firstName?: string | null;

  @IsOptional()
  @MaxLength(100, { message: 'at most 100 characters' })
  @Field(() => String, { nullable: true, description: 'At most 100 characters' })
  lastName?: string | null;
}

export const METADATA_MAX_BYTES = 8 * 1024;

/** User metadata: a JSON object of at most 8 KB. */
function IsMetadata(): PropertyDecorator {
  return (target, propertyName) => {
    IsOptional()(target, propertyName);
    IsObject({ message: 'an object' })(target, propertyName);
    registerDecorator({
      name: 'isMetadata',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `at most ${METADATA_MAX_BYTES} bytes of JSON` },
      validator: {
        validate: (value: unknown) => Buffer.byteLength(globalThis.JSON.stringify(value) ?? '') <= METADATA_MAX_BYTES,
      },
    });
  };
}

@InputType('CreateAuthUserInput')
export class CreateUserInput {
  @Field(() => String, { nullable: true })
  email?: string;

  @Field(() => String, {
    nullable: true,
    description: 'Checked against the password policy; optional (SSO or invited users set one later)',
  })
  password?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'true: the user is ACTIVE at once; default false (PENDING_VERIFICATION)',
  })
  emailVerified?: boolean | null;

  @IsOptional()
  @ValidateNested()
  @Field(() => UserProfileInput, { nullable: true })
  profile?: UserProfileInput | null;

  @IsMetadata()
  @Field(() => JSON, { nullable: true, description: 'A JSON object of at most 8 KB' })
  metadata?: Record<string, unknown> | null;
}

@InputType('UpdateAuthUserInput')
export class UpdateUserInput {
  @IsOptional()
  @ValidateNested()
  @Field(() => UserProfileInput, { nullable: true, description: 'Merged: only the names given change' })
  profile?: UserProfileInput | null;

  @IsMetadata()
  @Field(() => JSON, { nullable: true, description: 'Replaces the metadata; a JSON object of at most 8 KB' })
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
