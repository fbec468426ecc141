import { ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { EmailSuppression } from '../entities/email-suppression.entity.js';

@ObjectType()
export class EmailSuppressionList extends OffsetList(EmailSuppression) {}
