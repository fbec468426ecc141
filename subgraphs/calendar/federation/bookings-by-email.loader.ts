import DataLoader from 'dataloader';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { entityColumns, plainRows } from '../../../platform/orm/plain-rows.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { Booking } from '../entities/booking.entity.js';

const LOADER = 'calendar:bookingsByEmail';

/**
 * Per-request DataLoader: every contact of one gateway request asks for its bookings, and all their emails go to
 * the database in one `attendee_email = any(...)` query (tenant filter included), not one query per contact.
 * The statement is written out, prepared once per connection, and its rows mapped to plain objects (`plainRows`):
 * building the same SELECT with `em.find` was most of the cross-module query's MikroORM time (BENCHMARKS.md, "
 * the cross-module query").
 */
export function bookingsByEmail(ctx: SubgraphContext): DataLoader<string, Booking[]> {
  let loader = ctx.loaders.get(LOADER) as DataLoader<string, Booking[]> | undefined;
  if (!loader) {
    loader = new DataLoader<string, Booking[]>(async (emails) => {
      const raw = await tenantSql(ctx.em).rowsBound(
        sql`select ${entityColumns(ctx.em, Booking)} from "calendar"."bookings" where organization_id = ${ORG} and attendee_email = any(${[...emails]}::text[]) order by start_time asc, uid asc`,
        'calendar_bookings_by_email',
      );
      const byEmail = new Map<string, Booking[]>();
      for (const row of plainRows(ctx.em, Booking, raw))
        byEmail.set(row.attendeeEmail, [...(byEmail.get(row.attendeeEmail) ?? []), row]);
      return emails.map((email) => byEmail.get(email) ?? []);
    });
    ctx.loaders.set(LOADER, loader);
  }
  return loader;
}
