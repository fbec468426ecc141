import type { FastifyRequest } from 'fastify';
import type { PlatformDeps } from '../../../platform/federation/subgraph-module.js';
import { sendPage } from '../../../platform/http/html/page.js';
import { PagePostGuard } from '../../../platform/http/html/page-post-guard.js';
import type { PageRoute } from '../../../platform/http/html/page-route.js';
import { unavailableBookingPage } from './booking-page.view.js';
import { cancelledPage, cancelPage, type LinkedBooking } from './cancel-page.view.js';

const PAGE_READS = { category: 'reads' as const, endpoint: { limit: 1_000, windowMs: 60_000 } };
const PAGE_POSTS = { category: 'general' as const, endpoint: { limit: 10, windowMs: 60_000 } };

type Params = { uid: string };
const NOT_FOUND = unavailableBookingPage(
  'Booking not found',
  'The link may be incomplete: open it again from your email.',
);

const tokenOf = (request: FastifyRequest, body: Record<string, unknown>): string => {
  const value = body.token ?? (request.query as Record<string, unknown>).token;
  return typeof value === 'string' ? value : '';
};

/**
 * The attendee's cancel page, `/book/bookings/{uid}/cancel?token=…`, the link of their confirmation email. The token
 * is checked by the public operations (a wrong one is "not found"); the post is a plain form guarded like every page
 * post (origin and a signed `_csrf`).
 */
export function cancelPageRoutes(deps: PlatformDeps): PageRoute[] {
  const guard = new PagePostGuard(deps.config.internalSecret);
  const purpose = (uid: string) => `booking:${uid}`;
  return [
    {
      method: 'GET',
      path: '/book/bookings/:uid/cancel',
      rateLimit: PAGE_READS,
      handle: async (request, reply, api) => {
        const { uid } = request.params as Params;
        const token = tokenOf(request, {});
        const booking = (
          await api.run<{ publicCalendarBookingLink: LinkedBooking }>('GetPublicCalendarBookingLink', { uid, token })
        ).data?.publicCalendarBookingLink;
        if (!booking) return sendPage(reply, 404, NOT_FOUND);
        return sendPage(reply, 200, cancelPage(booking, token, guard.issue(purpose(booking.uid))));
      },
    },
    {
      method: 'POST',
      path: '/book/bookings/:uid/cancel',
      rateLimit: PAGE_POSTS,
      handle: async (request, reply, api) => {
        const { uid } = request.params as Params;
        const body = (request.body ?? {}) as Record<string, unknown>;
        const token = tokenOf(request, body);
        const booking = (
          await api.run<{ publicCalendarBookingLink: LinkedBooking }>('GetPublicCalendarBookingLink', { uid, token })
        ).data?.publicCalendarBookingLink;
        if (!booking) return sendPage(reply, 404, NOT_FOUND);
        if (!guard.accepts(request, purpose(booking.uid), body._csrf))
          return sendPage(
            reply,
            403,
            unavailableBookingPage('This page expired', 'Open the link from your email again.'),
          );
        const reason = typeof body.reason === 'string' && body.reason.trim() !== '' ? body.reason.trim() : null;
        const result = await api.run<{ cancelPublicCalendarBooking: LinkedBooking }>('CancelPublicCalendarBooking', {
          uid,
          input: { token, reason },
        });
        const cancelled = result.data?.cancelPublicCalendarBooking;
        if (cancelled) return sendPage(reply, 200, cancelledPage(cancelled));
        return sendPage(
          reply,
          400,
          cancelPage(
            booking,
            token,
            guard.issue(purpose(booking.uid)),
            result.errors?.[0]?.message ?? 'The booking could not be cancelled.',
          ),
        );
      },
    },
  ];
}
