import { Field, InputType, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { AuthOrganization } from '../entities/auth-organization.entity.js';
import { Invitation } from '../entities/invitation.entity.js';
import { Member } from '../entities/member.entity.js';
import { User } from '../entities/user.entity.js';

@InputType('AuthOrganizationInput')
export class OrganizationInput {
  @Field(() => String, { nullable: true, description: '1..200 characters' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'a-z, 0-9 and dashes, unique; derived from name when absent' })
  slug?: string | null;

  @Field(() => String, { nullable: true })
  displayName?: string | null;
}

@ObjectType('AuthOrganizationList')
export class OrganizationList extends OffsetList(AuthOrganization) {}

@ObjectType('AuthMemberList')
export class AuthMemberList extends OffsetList(Member) {}

@ObjectType('AuthInvitationAcceptance')
export class InvitationAcceptance {
  @Field(() => Invitation)
  invitation!: Invitation;

  @Field(() => Member)
  member!: Member;

  @Field(() => User)
  user!: User;
}
