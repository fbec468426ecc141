import { Field, ObjectType } from 'type-graphql';
import { MfaFactor } from '../entities/mfa-factor.entity.js';

@ObjectType('AuthTotpEnrollment')
export class TotpEnrollment {
  @Field({ description: 'The PENDING factor; verify a code to activate it' })
  factorId!: string;

  @Field({ description: 'Base32 secret, shown only in this answer' })
  secret!: string;

  @Field({ description: 'otpauth://totp/… URI for a QR code' })
  qrCodeUri!: string;
}

@ObjectType('AuthTotpVerification')
export class TotpVerification {
  @Field()
  verified!: boolean;

  @Field(() => MfaFactor)
  factor!: MfaFactor;
}

@ObjectType('AuthRecoveryCodes')
export class RecoveryCodes {
  @Field(() => [String], {
    description: 'Shown only in this answer; each works once; generating again invalidates the previous set',
  })
  codes!: string[];
}
