import { Migration } from '@mikro-orm/migrations';

/** The usage log says which path served a request; a cost may be unknown (a model no price list has). */
export class Migration20261201000100_ai_gateway_endpoints extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table ai_gateway.usage_log add column endpoint text not null default 'chat' check (endpoint in ('chat', 'embeddings', 'responses'))`,
    );
    this.addSql('alter table ai_gateway.usage_log alter column cost_usd drop not null');
  }
}
