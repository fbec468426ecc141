import { Field, ID, Int, ObjectType } from 'type-graphql';
import { MailboxOffsetList } from '../shared/list-meta.type.js';
import { MailboxMessageView } from '../messages/message.types.js';

@ObjectType('MailboxThread')
export class ThreadView {
  @Field(() => ID, { description: 'thd_…' })
  id!: string;

  @Field(() => ID)
  mailboxId!: string;

  @Field()
  subject!: string;

  @Field(() => [String], { description: 'Bare addresses, in order of appearance' })
  participants!: string[];

  @Field(() => Int)
  messageCount!: number;

  @Field(() => Int)
  unreadCount!: number;

  @Field()
  lastMessageAt!: Date;

  @Field()
  createdAt!: Date;

  @Field(() => [MailboxMessageView], {
    nullable: true,
    description: 'Every message, oldest first (GET /threads/{id} only)',
  })
  messages?: MailboxMessageView[];
}

@ObjectType('MailboxThreadList')
export class ThreadList extends MailboxOffsetList(ThreadView) {}
