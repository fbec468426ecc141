import { Migration } from '@mikro-orm/migrations';

/**
 * What the embedded chat widget needs of an inbox (the origins it may run on, the pre-chat email ask, the reply time
 * it announces, the sealed identity verification secret), and whether a visitor's email is verified. Emails a visitor
 * gave through the widget before verification existed stay unverified; senders of mail are verified by their mail.
 */
export class Migration20261201120000_support_widget_embed extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table support.inboxes
      add column allowed_origins jsonb null,
      add column pre_chat_email boolean not null default false,
      add column reply_time text not null default 'in_a_few_hours',
      add column identity_secret text null`);
    this.addSql('alter table support.visitors add column email_verified_at timestamptz null');
    this.addSql(
      'update support.visitors set email_verified_at = identified_at where email is not null and token_hash is null',
    );
  }
}
