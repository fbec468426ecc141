import { Migration } from '@mikro-orm/migrations';

/**
 * The widget's own key for the start of a conversation, unique per visitor, so a start sent again after its answer was
 * lost answers the conversation it opened instead of opening a second one.
 */
export class Migration20261202160000_support_widget_conversation_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table support.conversations add column client_key text null');
    this.addSql(
      'create unique index conversations_client_key_uq on support.conversations (organization_id, visitor_id, client_key) where client_key is not null',
    );
  }
}
