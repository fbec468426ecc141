import { Authorized, Ctx, Directive, FieldResolver, Resolver, Root } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { CalendarDeps } from '../calendar-deps.js';
import { BookingView } from '../bookings/booking.types.js';
import { bookingView } from '../bookings/booking-view.js';
import { CalendarContactStub } from './contact.stub.js';
import { bookingsByEmail } from './bookings-by-email.loader.js';

/** `Contact.bookings`: the contact's bookings as an attendee (matched by email, case-insensitively), earliest first. */
@Resolver(() => CalendarContactStub)
export class ContactBookingsResolver {
  constructor(private readonly deps: CalendarDeps) {}

  @Authorized('calendar')
  @Directive('@requires(fields: "email")')
  @FieldResolver(() => [BookingView], {
    description: "Bookings whose attendee email is the contact's (calendar module)",
  })
  async bookings(@Root() contact: CalendarContactStub, @Ctx() ctx: SubgraphContext): Promise<BookingView[]> {
    if (!contact.email) return [];
    const rows = await bookingsByEmail(ctx).load(contact.email.toLowerCase());
    return rows.map((b) => bookingView(b, this.deps.config.publicUrl));
  }
}
