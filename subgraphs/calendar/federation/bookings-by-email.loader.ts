import DataLoader from 'dataloader';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { Booking } from '../entities/booking.entity.js';

const LOADER = 'calendar:bookingsByEmail';

/**
 * Per-request DataLoader: every contact of one gateway request asks for its bookings, and all their emails go to
 * the database in one `attendee_email in (...)` query (tenant filter included), not one query per contact.
 */
export function bookingsByEmail(ctx: SubgraphContext): DataLoader<string, Booking[]> {
  let loader = ctx.loaders.get(LOADER) as DataLoader<string, Booking[]> | undefined;
  if (!loader) {
    loader = new DataLoader<string, Booking[]>(async (emails) => {
      const rows = await ctx.em.find(Booking, { attendeeEmail: { $in: [...emails] } }, { orderBy: { startTime: 'asc', uid: 'asc' } });
      const byEmail = new Map<string, Booking[]>();
      for (const row of rows) byEmail.set(row.attendeeEmail, [...(byEmail.get(row.attendeeEmail) ?? []), row]);
      return emails.map((email) => byEmail.get(email) ?? []);
    });
    ctx.loaders.set(LOADER, loader);
  }
  return loader;
}
