import { Migration } from '@mikro-orm/migrations';

/** Stored Responses API answers, per organization. */
export class Migration20261201000400_ai_gateway_responses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table ai_gateway.responses (
      id text primary key,
      organization_id uuid not null,
      messages jsonb not null,
      response jsonb not null,
      created_at timestamptz not null)`);
    this.addSql('create index ai_responses_org_idx on ai_gateway.responses (organization_id, created_at)');
  }
}
