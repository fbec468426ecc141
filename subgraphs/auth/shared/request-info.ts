import { Field, InputType } from 'type-graphql';

/** The end user's IP and user agent, as the customer's backend (or the bridge) saw them; kept in audit logs. */
@InputType('AuthRequestInfo')
export class RequestInfo {
  @Field(() => String, { nullable: true })
  ip?: string | null;

  @Field(() => String, { nullable: true })
  userAgent?: string | null;
}

export const clip = (info: RequestInfo | null | undefined) => ({
  ip: info?.ip ? String(info.ip).slice(0, 64) : null,
  userAgent: info?.userAgent ? String(info.userAgent).slice(0, 512) : null,
});
