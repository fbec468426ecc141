import type { FastifyRequest } from 'fastify';
import { statusOf } from '../../../platform/errors/error-codes.js';
import { sendPage } from '../../../platform/http/html/page.js';
import { PagePostGuard } from '../../../platform/http/html/page-post-guard.js';
import type { PageApi, PageRoute } from '../../../platform/http/html/page-route.js';
import type { CalendarDeps } from '../calendar-deps.js';
import { controlOf, type PostedFields } from './booking-answers.read.js';
import { confirmationPath } from './booking-confirmation.route.js';
import { SLOT_GONE, SLOT_GONE_MESSAGE } from './booking-page.route.js';
import { unavailableBookingPage } from './booking-page.view.js';
import type { LinkedBooking } from './cancel-page.view.js';
import { readPlainDay, type Problems, type SlotDays, type SlotsReader } from './plain-day.read.js';
import { isMovable, plainReschedulePage, reschedulePage, type PlainRescheduleForm } from './reschedule-page.view.js';

const PAGE_READS = { category: 'reads' as const, endpoint: { limit: 1_000, windowMs: 60_000 } };
/** Plain posts count like the signed link's JSON reschedule (10 a minute per IP). */
const PAGE_POSTS = { category: 'general' as const, endpoint: { limit: 10, windowMs: 60_000 } };

type Params = { uid: string };
const NOT_FOUND = unavailableBookingPage(
  'Booking not found',
  'The link may be incomplete: open it again from your email.',
);

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const tokenOf = (request: FastifyRequest, body: PostedFields): string =>
  text(body.token) || text((request.query as PostedFields).token);

/**
 * The attendee's reschedule page, `/book/bookings/{uid}/reschedule?token=…`, the other link of their confirmation
 * email. The token is checked by the public operations (a wrong one is "not found"); the page's script reads slots and
 * moves the booking through the signed link's JSON routes, which check it again. Without a script the page's plain
 * form shows the day of `?date=&tz=` and posts to the page, which moves the booking through the same public operation,
 * guarded like every page post (origin and a signed `_csrf`).
 */
export function reschedulePageRoutes(deps: CalendarDeps): PageRoute[] {
  const guard = new PagePostGuard(deps.config.internalSecret);
  const purpose = (uid: string) => `reschedule:${uid}`;

  const plainForm = async (
    api: PageApi,
    booking: LinkedBooking,
    token: string,
    asked: PostedFields,
    refused: { problems?: Problems; notice?: string | null; chosen?: string } = {},
  ) => {
    // A booking keeps its length when it moves: no duration to choose.
    const read = await readPlainDay(
      { date: asked.date, tz: asked.tz },
      booking.timeZone,
      deps.clock.now(),
      slotsOf(api, booking.uid, token),
    );
    const form: PlainRescheduleForm = {
      picker: {
        path: `/book/bookings/${encodeURIComponent(booking.uid)}/reschedule`,
        keep: { token },
        day: read.day,
        durations: [],
        defaultDuration: null,
        problems: { ...read.problems, ...refused.problems },
        chosen: refused.chosen,
      },
      csrf: guard.issue(purpose(booking.uid)),
      notice: refused.notice ?? read.notice,
    };
    return { form, status: read.status };
  };
  const linked = async (api: PageApi, uid: string, token: string) =>
    api.run<{ publicCalendarBookingLink: LinkedBooking }>('GetPublicCalendarBookingLink', { uid, token });

  return [
    {
      method: 'GET',
      path: '/book/bookings/:uid/reschedule',
      rateLimit: PAGE_READS,
      handle: async (request, reply, api) => {
        const { uid } = request.params as Params;
        const token = tokenOf(request, {});
        const result = await linked(api, uid, token);
        const booking = result.data?.publicCalendarBookingLink;
        if (booking) {
          if (!isMovable(booking)) return sendPage(reply, 200, reschedulePage(booking, token, null));
          const { form, status } = await plainForm(api, booking, token, request.query as PostedFields);
          return sendPage(reply, status, reschedulePage(booking, token, form));
        }
        if (result.errors?.[0]?.extensions?.code === 'RATE_LIMITED')
          return sendPage(
            reply,
            429,
            unavailableBookingPage('Too many requests', 'Wait a minute and reload the page.'),
          );
        return sendPage(reply, 404, NOT_FOUND);
      },
    },
    {
      method: 'POST',
      path: '/book/bookings/:uid/reschedule',
      rateLimit: PAGE_POSTS,
      handle: async (request, reply, api) => {
        const { uid } = request.params as Params;
        const body = (request.body ?? {}) as PostedFields;
        const token = tokenOf(request, body);
        const booking = (await linked(api, uid, token)).data?.publicCalendarBookingLink;
        if (!booking) return sendPage(reply, 404, NOT_FOUND);
        if (!guard.accepts(request, purpose(booking.uid), body._csrf))
          return sendPage(
            reply,
            403,
            unavailableBookingPage('This page expired', 'Open the link from your email again.'),
          );
        if (!isMovable(booking)) return sendPage(reply, 409, reschedulePage(booking, token, null));
        const again = async (
          status: number,
          refused: { problems?: Problems; notice?: string | null; chosen?: string },
        ) => {
          const { form } = await plainForm(api, booking, token, body, refused);
          return sendPage(reply, status, plainReschedulePage(booking, form));
        };
        const start = text(body.start);
        if (!start) return again(400, { problems: { start: 'Pick a time.' } });
        const input = { token, start, timeZone: text(body.tz) || booking.timeZone };
        const result = await api.run<{ reschedulePublicCalendarBooking: { uid: string } }>(
          'ReschedulePublicCalendarBooking',
          { uid: booking.uid, input },
        );
        if (result.data?.reschedulePublicCalendarBooking) {
          return reply
            .code(303)
            .headers({
              Location: confirmationPath(deps.config.internalSecret, booking.uid, true),
              'Cache-Control': 'no-store',
            })
            .send();
        }
        const error = result.errors?.[0];
        const code = typeof error?.extensions?.code === 'string' ? error.extensions.code : undefined;
        if (code && SLOT_GONE.has(code)) return again(statusOf(code), { notice: SLOT_GONE_MESSAGE });
        const control = controlOf((error?.extensions?.details as { field?: unknown } | undefined)?.field, []);
        if (control && error) return again(statusOf(code), { problems: { [control]: error.message }, chosen: start });
        const notice =
          code === 'RATE_LIMITED'
            ? 'Too many requests right now. Wait a minute and try again.'
            : (error?.message ?? 'The booking could not be moved.');
        return again(statusOf(code), { notice, chosen: start });
      },
    },
  ];
}

function slotsOf(api: PageApi, uid: string, token: string): SlotsReader {
  return async ({ from, to, timeZone }) => {
    const result = await api.run<{ publicCalendarBookingLinkSlots: SlotDays }>('GetPublicCalendarBookingLinkSlots', {
      uid,
      token,
      from,
      to,
      timeZone,
    });
    return { data: result.data?.publicCalendarBookingLinkSlots ?? null, errors: result.errors };
  };
}
