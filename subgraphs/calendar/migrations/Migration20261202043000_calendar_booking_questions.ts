import { Migration } from '@mikro-orm/migrations';

/** The questions an event type asks on booking (answers go to the booking's `responses`). */
export class Migration20261202043000_calendar_booking_questions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table calendar.event_types add column if not exists booking_questions jsonb not null default '[]'`,
    );
  }
}
