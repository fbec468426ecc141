import { Migration } from '@mikro-orm/migrations';

/** A system email's outcome job (SystemEmail.outcomeJob): what to enqueue when the message is delivered or bounces. */
export class Migration20261126010100_email_outcome_job extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table email.messages add column outcome_job jsonb null');
  }
}
