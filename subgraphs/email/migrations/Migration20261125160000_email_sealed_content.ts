import { Migration } from '@mikro-orm/migrations';

/** The real body of a message whose stored body is redacted (a token email), sealed until it is delivered. */
export class Migration20261125160000_email_sealed_content extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table email.messages add column sealed_content text null');
  }
}
