import { ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { EmailMessage } from '../entities/email-message.entity.js';

/** Bounced messages; a bounce is the message itself (bounceType, bouncedAt, lastResponse), not a row of its own. */
@ObjectType()
export class EmailBounceList extends OffsetList(EmailMessage) {}
