import { Migration } from '@mikro-orm/migrations';

/**
 * Live (ACTIVE or ARCHIVED) contacts per organization, kept by statement triggers on crm.contacts whatever writes it
 * (commits, other modules, bulk loads): the unfiltered contact list reads its total here instead of counting rows.
 */
export class Migration20261127000100_crm_contact_totals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table crm.contact_totals (
      organization_id uuid primary key,
      live bigint not null default 0)`);
    this.addSql(`create function crm.contact_totals_update() returns trigger language plpgsql as $$
      begin
        insert into crm.contact_totals (organization_id, live)
        select organization_id, sum(delta) from (
          select organization_id, 1 as delta from new_rows where status in ('ACTIVE', 'ARCHIVED')
          union all
          select organization_id, -1 from old_rows where status in ('ACTIVE', 'ARCHIVED')) changes
        group by organization_id having sum(delta) <> 0
        on conflict (organization_id) do update set live = crm.contact_totals.live + excluded.live;
        return null;
      end $$`);
    // One function per event: PostgreSQL takes transition tables only on single-event triggers.
    this.addSql(`create function crm.contact_totals_insert() returns trigger language plpgsql as $$
      begin
        insert into crm.contact_totals (organization_id, live)
        select organization_id, count(*) from new_rows where status in ('ACTIVE', 'ARCHIVED') group by organization_id
        on conflict (organization_id) do update set live = crm.contact_totals.live + excluded.live;
        return null;
      end $$`);
    this.addSql(`create function crm.contact_totals_delete() returns trigger language plpgsql as $$
      begin
        update crm.contact_totals t set live = t.live - d.n
        from (select organization_id, count(*) as n from old_rows where status in ('ACTIVE', 'ARCHIVED') group by organization_id) d
        where t.organization_id = d.organization_id;
        return null;
      end $$`);
    this.addSql(`create trigger contact_totals_insert after insert on crm.contacts referencing new table as new_rows
      for each statement execute function crm.contact_totals_insert()`);
    this
      .addSql(`create trigger contact_totals_update after update on crm.contacts referencing old table as old_rows new table as new_rows
      for each statement execute function crm.contact_totals_update()`);
    this.addSql(`create trigger contact_totals_delete after delete on crm.contacts referencing old table as old_rows
      for each statement execute function crm.contact_totals_delete()`);
    this.addSql(`insert into crm.contact_totals (organization_id, live)
      select organization_id, count(*) from crm.contacts where status in ('ACTIVE', 'ARCHIVED') group by organization_id`);
  }
}
