import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000100_forms extends Migration {
  override async up(): Promise<void> {
    this.addSql('create schema if not exists forms');
    this.addSql(`create table forms.forms (
      id serial primary key,
      organization_id uuid not null,
      uuid uuid not null unique,
      title text not null,
      slug text not null,
      description text,
      status text not null check (status in ('DRAFT','LIVE','PAUSED','CLOSED','ARCHIVED')),
      settings jsonb not null default '{}',
      theme jsonb not null default '{}',
      published_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (organization_id, slug))`);
    this.addSql('create index forms_org_created_idx on forms.forms (organization_id, created_at desc, id desc)');
    // Public lookup by slug across organizations (only LIVE forms are served).
    this.addSql(`create index forms_live_slug_idx on forms.forms (slug) where status = 'LIVE'`);
    this.addSql(`create table forms.fields (
      id serial primary key,
      organization_id uuid not null,
      form_id int not null references forms.forms(id) on delete cascade,
      ref text not null,
      type text not null,
      label text not null,
      placeholder text,
      required boolean not null default false,
      position int not null,
      settings jsonb not null default '{}',
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (form_id, ref))`);
    this.addSql('create index fields_form_idx on forms.fields (form_id, position)');
    this.addSql(`create table forms.submissions (
      id text primary key,
      organization_id uuid not null,
      form_id int not null references forms.forms(id) on delete cascade,
      status text not null check (status in ('partial','complete')),
      answers jsonb not null default '{}',
      respondent_email text,
      metadata jsonb not null default '{}',
      last_field_id int,
      completed_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql(
      'create index submissions_form_created_idx on forms.submissions (organization_id, form_id, created_at desc, id desc)',
    );
    this.addSql('create index submissions_form_status_idx on forms.submissions (form_id, status)');
    this.addSql(
      'create index submissions_email_idx on forms.submissions (organization_id, lower(respondent_email)) where respondent_email is not null',
    );
    this.addSql(`create table forms.views (
      id bigserial primary key,
      organization_id uuid not null,
      form_id int not null references forms.forms(id) on delete cascade,
      session_id text,
      visitor_hash text,
      referrer text,
      created_at timestamptz not null)`);
    this.addSql('create index views_form_created_idx on forms.views (form_id, created_at)');
  }
}
