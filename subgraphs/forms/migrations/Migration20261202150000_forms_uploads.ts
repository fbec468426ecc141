import { Migration } from '@mikro-orm/migrations';

/**
 * Files respondents upload to FILE fields, kept in PostgreSQL (there is no blob store): linked to the form at once
 * and to the submission once it completes; an upload left without a submission is swept after 24 hours.
 */
export class Migration20261202150000_forms_uploads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table forms.uploads (
      id text primary key,
      organization_id uuid not null,
      form_id int not null references forms.forms(id) on delete cascade,
      field_ref text not null,
      submission_id text references forms.submissions(id) on delete cascade,
      file_name text not null,
      content_type text not null,
      size int not null,
      bytes bytea not null,
      created_at timestamptz not null)`);
    this.addSql('create index uploads_orphans_idx on forms.uploads (created_at) where submission_id is null');
    this.addSql('create index uploads_submission_idx on forms.uploads (submission_id) where submission_id is not null');
  }
}
