import { Migration } from '@mikro-orm/migrations';

/**
 * The widget's own key for each visitor message it sends (its outbox entry), so a message sent again after its answer
 * was lost is the message already stored, not a second one.
 */
export class Migration20261202070000_support_widget_message_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table support.messages add column client_key text null');
    this.addSql(
      'create unique index messages_client_key_uq on support.messages (organization_id, conversation_id, client_key) where client_key is not null',
    );
  }
}
