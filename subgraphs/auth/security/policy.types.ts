import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('AuthPasswordPolicy')
export class PasswordPolicyType {
  @Field(() => Int) minLength!: number;
  @Field(() => Int) maxLength!: number;
  @Field() requireUppercase!: boolean;
  @Field() requireLowercase!: boolean;
  @Field() requireNumbers!: boolean;
  @Field() requireSymbols!: boolean;
  @Field() breachedPasswordCheck!: boolean;
  @Field() disallowEmailInPassword!: boolean;
  @Field(() => Int, { description: '0 = no lockout' }) lockoutThreshold!: number;
  @Field(() => Int) lockoutDurationMinutes!: number;
  @Field() requireEmailVerification!: boolean;
}

@InputType('AuthPasswordPolicyInput')
export class PasswordPolicyInput {
  @Field(() => Int, { nullable: true, description: '1..128' }) minLength?: number;
  @Field(() => Int, { nullable: true, description: '8..1024' }) maxLength?: number;
  @Field({ nullable: true }) requireUppercase?: boolean;
  @Field({ nullable: true }) requireLowercase?: boolean;
  @Field({ nullable: true }) requireNumbers?: boolean;
  @Field({ nullable: true }) requireSymbols?: boolean;
  @Field({ nullable: true }) breachedPasswordCheck?: boolean;
  @Field({ nullable: true }) disallowEmailInPassword?: boolean;
  @Field(() => Int, { nullable: true, description: '0..100' }) lockoutThreshold?: number;
  @Field(() => Int, { nullable: true, description: '1..10080' }) lockoutDurationMinutes?: number;
  @Field({ nullable: true }) requireEmailVerification?: boolean;
}

@ObjectType('AuthSessionPolicy')
export class SessionPolicyType {
  @Field(() => Int) lifetimeMinutes!: number;
  @Field(() => Int, { description: '0 = no idle timeout' }) idleTimeoutMinutes!: number;
  @Field() mfaRequired!: boolean;
  @Field(() => Int, { description: '0 = no limit' }) maxSessionsPerUser!: number;
}

@InputType('AuthSessionPolicyInput')
export class SessionPolicyInput {
  @Field(() => Int, { nullable: true, description: '5..525600 (a year)' }) lifetimeMinutes?: number;
  @Field(() => Int, { nullable: true, description: '0..525600' }) idleTimeoutMinutes?: number;
  @Field({ nullable: true }) mfaRequired?: boolean;
  @Field(() => Int, { nullable: true, description: '0..1000' }) maxSessionsPerUser?: number;
}
