import { Migration } from '@mikro-orm/migrations';

/** A form's logo, served by the hosted page from this host; apart from forms.forms so form reads never carry it. */
export class Migration20261202060000_forms_logos extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table forms.form_logos (
      form_id int primary key references forms.forms(id) on delete cascade,
      organization_id uuid not null,
      content_type text not null,
      bytes bytea not null,
      digest text not null,
      updated_at timestamptz not null)`);
  }
}
