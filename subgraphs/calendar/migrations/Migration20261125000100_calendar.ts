import { Migration } from '@mikro-orm/migrations';

export class Migration20261125000100_calendar extends Migration {
  override async up(): Promise<void> {
    // btree_gist lets one GiST exclusion constraint compare text with = and ranges with &&.
    this.addSql('create extension if not exists btree_gist');
    this.addSql('create schema if not exists calendar');
    this.addSql(`create table calendar.schedules (
      id text primary key,
      organization_id uuid not null,
      host_id text not null,
      name text not null,
      timezone text not null,
      is_default boolean not null default false,
      availability jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql('create index schedules_org_host_idx on calendar.schedules (organization_id, host_id, created_at)');
    // One default schedule per host; the index settles two requests racing to set one.
    this.addSql(
      'create unique index schedules_one_default_idx on calendar.schedules (organization_id, host_id) where is_default',
    );
    this.addSql(`create table calendar.schedule_overrides (
      id text primary key,
      organization_id uuid not null,
      schedule_id text not null references calendar.schedules(id) on delete cascade,
      date text not null,
      is_available boolean not null,
      start_time text,
      end_time text,
      reason text,
      created_at timestamptz not null,
      unique (schedule_id, date))`);
    this.addSql(`create table calendar.event_types (
      id text primary key,
      organization_id uuid not null,
      host_id text not null,
      host_name text,
      host_email text,
      title text not null,
      slug text not null,
      description text,
      duration int not null,
      durations jsonb not null default '[]',
      location jsonb not null,
      schedule_id text references calendar.schedules(id) on delete set null,
      buffer_before int not null default 0,
      buffer_after int not null default 0,
      minimum_notice int not null default 0,
      maximum_advance int,
      requires_confirmation boolean not null default false,
      daily_limit int,
      slot_interval int,
      active boolean not null default true,
      reminder_offsets jsonb not null default '[]',
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted_at timestamptz)`);
    this.addSql(
      'create unique index event_types_slug_idx on calendar.event_types (organization_id, host_id, slug) where deleted_at is null',
    );
    this.addSql(
      'create index event_types_org_created_idx on calendar.event_types (organization_id, created_at desc, id desc)',
    );
    this.addSql(`create table calendar.bookings (
      uid text primary key,
      organization_id uuid not null,
      event_type_id text not null references calendar.event_types(id),
      host_id text not null,
      host_name text,
      host_email text,
      title text not null,
      status text not null check (status in ('PENDING','CONFIRMED','CANCELLED','REJECTED')),
      start_time timestamptz not null,
      end_time timestamptz not null,
      blocked_start timestamptz not null,
      blocked_end timestamptz not null,
      buffer_before int not null,
      buffer_after int not null,
      attendee_name text not null,
      attendee_email text not null,
      attendee_timezone text not null,
      notes text,
      responses jsonb not null default '{}',
      metadata jsonb not null default '{}',
      location jsonb not null,
      meeting_url text,
      cancellation_reason text,
      cancelled_by text,
      rejection_reason text,
      reschedule_reason text,
      reschedule_count int not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (end_time > start_time),
      check (blocked_start <= start_time and blocked_end >= end_time))`);
    // No double booking, ever: two active bookings of one host may not overlap, buffers included (SQLSTATE 23P01).
    this.addSql(`alter table calendar.bookings add constraint bookings_no_overlap exclude using gist (
      organization_id with =, host_id with =, tstzrange(blocked_start, blocked_end, '[)') with &&
    ) where (status in ('PENDING', 'CONFIRMED'))`);
    this.addSql('create index bookings_org_start_idx on calendar.bookings (organization_id, start_time, uid)');
    this.addSql('create index bookings_event_type_start_idx on calendar.bookings (event_type_id, start_time)');
    this.addSql('create index bookings_attendee_idx on calendar.bookings (organization_id, attendee_email)');
  }
}
