import { Migration } from '@mikro-orm/migrations';

/** Provider callbacks find their message by the provider's id; unique, so a replayed inbound callback records once. */
export class Migration20261124000200_sms_provider_ids extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create unique index messages_provider_message_id_key on sms.messages (provider_message_id) where provider_message_id is not null',
    );
    this.addSql(
      "create index messages_conversation_idx on sms.messages (from_number, to_number, created_at desc) where direction = 'OUTBOUND'",
    );
  }
}
