import type { PlatformDeps } from '../../../platform/federation/subgraph-module.js';
import { sendPage } from '../../../platform/http/html/page.js';
import type { PageRoute } from '../../../platform/http/html/page-route.js';
import { BOOKING_EMBED_SCRIPT } from './booking-embed.script.js';
import { bookingPage, EMBEDDABLE, unavailableBookingPage, type HostedEventType } from './booking-page.view.js';

/** Page reads count like the public event type's JSON (1,000 a minute per IP); the booking itself is the JSON post. */
const PAGE_READS = { category: 'reads' as const, endpoint: { limit: 1_000, windowMs: 60_000 } };

type Params = { organizationSlug: string; eventTypeSlug: string };

/**
 * The booking page, `GET /book/{organization slug}/{event type slug}`: rendered from the public operation, so a private
 * or unknown event type is the same "not found" as in the JSON; the page's script reads slots and books through the
 * public JSON routes. `/book/embed.js` is the popup embed's script.
 */
export function bookingPageRoutes(_deps: PlatformDeps): PageRoute[] {
  return [
    {
      method: 'GET',
      path: '/book/embed.js',
      rateLimit: PAGE_READS,
      handle: async (_request, reply) => reply.code(200).headers({ 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' }).send(BOOKING_EMBED_SCRIPT),
    },
    {
      method: 'GET',
      path: '/book/:organizationSlug/:eventTypeSlug',
      rateLimit: PAGE_READS,
      handle: async (request, reply, api) => {
        const { organizationSlug, eventTypeSlug } = request.params as Params;
        const result = await api.run<{ publicCalendarEventType: HostedEventType }>('GetPublicCalendarEventType', { organizationSlug, eventTypeSlug });
        const eventType = result.data?.publicCalendarEventType;
        if (eventType) return sendPage(reply, 200, bookingPage(eventType));
        if (result.errors?.[0]?.extensions?.code === 'RATE_LIMITED') return sendPage(reply, 429, { ...unavailableBookingPage('Too many requests', 'Wait a minute and reload the page.'), frameAncestors: EMBEDDABLE });
        return sendPage(reply, 404, { ...unavailableBookingPage('Booking page not found', 'Check the link you followed.'), frameAncestors: EMBEDDABLE });
      },
    },
  ];
}
