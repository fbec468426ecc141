import type { PlatformDeps } from '../../../platform/federation/subgraph-module.js';
import { sendPage } from '../../../platform/http/html/page.js';
import type { PageApi, PageRoute } from '../../../platform/http/html/page-route.js';
import { bookingLinkToken } from '../public/booking-link-token.js';
import { unavailableBookingPage } from './booking-page.view.js';
import { confirmationPage, type ConfirmedBooking } from './booking-confirmation.view.js';
import { EMBEDDABLE } from './plain-booking.view.js';

const PAGE_READS = { category: 'reads' as const, endpoint: { limit: 1_000, windowMs: 60_000 } };

type Params = { uid: string };

/**
 * Where the page without JavaScript sends the booker after booking or moving (303): the booking's signed link (the
 * token its emails carry), so the booker's own browser holds nothing the confirmation email does not.
 */
export function confirmationPath(secret: string, uid: string, moved = false): string {
  return `/book/bookings/${encodeURIComponent(uid)}/confirmation?token=${bookingLinkToken(secret, uid)}${moved ? '&moved=1' : ''}`;
}

const tokenOf = (query: unknown): string => {
  const token = (query as Record<string, unknown>).token;
  return typeof token === 'string' ? token : '';
};

async function confirmed(
  api: PageApi,
  uid: string,
  token: string,
): Promise<{ booking: ConfirmedBooking | null; limited: boolean }> {
  const result = await api.run<{ publicCalendarBookingLink: ConfirmedBooking }>(
    'GetPublicCalendarBookingConfirmation',
    { uid, token },
  );
  return {
    booking: result.data?.publicCalendarBookingLink ?? null,
    limited: result.errors?.[0]?.extensions?.code === 'RATE_LIMITED',
  };
}

/** `GET /book/bookings/{uid}/confirmation?token=…` and its invite, `…/invite.ics?token=…`: no script needed. */
export function bookingConfirmationRoutes(_deps: PlatformDeps): PageRoute[] {
  return [
    {
      method: 'GET',
      path: '/book/bookings/:uid/confirmation',
      rateLimit: PAGE_READS,
      handle: async (request, reply, api) => {
        const { uid } = request.params as Params;
        const token = tokenOf(request.query);
        const { booking, limited } = await confirmed(api, uid, token);
        if (booking) {
          const ics = `/book/bookings/${encodeURIComponent(booking.uid)}/invite.ics?token=${encodeURIComponent(token)}`;
          return sendPage(
            reply,
            200,
            confirmationPage(booking, ics, (request.query as Record<string, unknown>).moved === '1'),
          );
        }
        if (limited)
          return sendPage(reply, 429, {
            ...unavailableBookingPage('Too many requests', 'Wait a minute and reload the page.'),
            frameAncestors: EMBEDDABLE,
          });
        return sendPage(reply, 404, {
          ...unavailableBookingPage('Booking not found', 'The link may be incomplete: open it again from your email.'),
          frameAncestors: EMBEDDABLE,
        });
      },
    },
    {
      method: 'GET',
      path: '/book/bookings/:uid/invite.ics',
      rateLimit: PAGE_READS,
      handle: async (request, reply, api) => {
        const { uid } = request.params as Params;
        const { booking, limited } = await confirmed(api, uid, tokenOf(request.query));
        const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
        if (!booking?.ics) {
          return reply
            .code(limited ? 429 : 404)
            .headers({ ...headers, 'Content-Type': 'text/plain; charset=utf-8' })
            .send(limited ? 'Too many requests' : 'Not found');
        }
        return reply
          .code(200)
          .headers({
            ...headers,
            'Content-Type': 'text/calendar; charset=utf-8',
            'Content-Disposition': 'attachment; filename="invite.ics"',
          })
          .send(booking.ics);
      },
    },
  ];
}
