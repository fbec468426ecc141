import { Migration } from '@mikro-orm/migrations';

/** Organization price overrides per provider model. */
export class Migration20261201000200_ai_gateway_prices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table ai_gateway.model_prices (
      id text primary key,
      organization_id uuid not null,
      provider text not null,
      model text not null,
      input_per_mtok double precision not null check (input_per_mtok >= 0),
      output_per_mtok double precision not null check (output_per_mtok >= 0),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (organization_id, provider, model))`);
  }
}
