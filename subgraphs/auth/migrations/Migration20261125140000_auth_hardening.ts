import { Migration } from '@mikro-orm/migrations';

/** Consecutive wrong codes per MFA factor: the verify endpoint stops checking a factor after the limit. */
export class Migration20261125140000_auth_hardening extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table auth.mfa_factors add column failed_attempts int not null default 0');
  }
}
