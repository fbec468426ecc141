import type { PlatformDeps } from '../../../platform/federation/subgraph-module.js';
import { sendPage } from '../../../platform/http/html/page.js';
import type { PageRoute } from '../../../platform/http/html/page-route.js';
import { unavailableBookingPage } from './booking-page.view.js';
import type { LinkedBooking } from './cancel-page.view.js';
import { reschedulePage } from './reschedule-page.view.js';

const PAGE_READS = { category: 'reads' as const, endpoint: { limit: 1_000, windowMs: 60_000 } };

/**
 * The attendee's reschedule page, `/book/bookings/{uid}/reschedule?token=…`, the other link of their confirmation
 * email. The token is checked by the public operation (a wrong one is "not found"); the page's script reads slots and
 * moves the booking through the signed link's JSON routes, which check it again.
 */
export function reschedulePageRoutes(_deps: PlatformDeps): PageRoute[] {
  return [
    {
      method: 'GET',
      path: '/book/bookings/:uid/reschedule',
      rateLimit: PAGE_READS,
      handle: async (request, reply, api) => {
        const { uid } = request.params as { uid: string };
        const given = (request.query as Record<string, unknown>).token;
        const token = typeof given === 'string' ? given : '';
        const result = await api.run<{ publicCalendarBookingLink: LinkedBooking }>('GetPublicCalendarBookingLink', { uid, token });
        const booking = result.data?.publicCalendarBookingLink;
        if (booking) return sendPage(reply, 200, reschedulePage(booking, token));
        if (result.errors?.[0]?.extensions?.code === 'RATE_LIMITED') return sendPage(reply, 429, unavailableBookingPage('Too many requests', 'Wait a minute and reload the page.'));
        return sendPage(reply, 404, unavailableBookingPage('Booking not found', 'The link may be incomplete: open it again from your email.'));
      },
    },
  ];
}
