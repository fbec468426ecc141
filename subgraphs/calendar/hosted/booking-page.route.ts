import type { FastifyReply } from 'fastify';
import { statusOf } from '../../../platform/errors/error-codes.js';
import { html } from '../../../platform/http/html/html.js';
import { sendPage, type PageOptions } from '../../../platform/http/html/page.js';
import { PagePostGuard } from '../../../platform/http/html/page-post-guard.js';
import type { OperationResult, PageApi, PageRoute } from '../../../platform/http/html/page-route.js';
import type { CalendarDeps } from '../calendar-deps.js';
import { BOOKING_EMBED_SCRIPT } from './booking-embed.script.js';
import { controlOf, responsesFromPost, type PostedFields } from './booking-answers.read.js';
import { confirmationPath } from './booking-confirmation.route.js';
import { bookingPage, EMBEDDABLE, unavailableBookingPage, type HostedEventType } from './booking-page.view.js';
import { plainBookingPage, type PlainBookingForm } from './plain-booking.view.js';
import { readPlainDay, type DayAsked, type Problems, type SlotDays, type SlotsReader } from './plain-day.read.js';

/** Page reads count like the public event type's JSON (1,000 a minute per IP); plain posts like its bookings (10). */
const PAGE_READS = { category: 'reads' as const, endpoint: { limit: 1_000, windowMs: 60_000 } };
const PAGE_POSTS = { category: 'general' as const, endpoint: { limit: 10, windowMs: 60_000 } };

/** Refusals that mean "pick another time": the day's slots come again, fresh, with the message at the top. */
export const SLOT_GONE = new Set(['SLOT_UNAVAILABLE', 'DAILY_LIMIT', 'MINIMUM_NOTICE']);
export const SLOT_GONE_MESSAGE = 'That time is no longer free. Pick another time below.';

type Params = { organizationSlug: string; eventTypeSlug: string };

const codeOf = (result: OperationResult): string | undefined => {
  const code = result.errors?.[0]?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The booking page, `GET /book/{organization slug}/{event type slug}`: rendered from the public operation, so a private
 * or unknown event type is the same "not found" as in the JSON. Its script reads slots and books through the public
 * JSON routes; without a script the page's plain form shows the day of `?date=&tz=&duration=` and posts to
 * `POST /book/{organization slug}/{event type slug}`, which books through the same public operation, guarded like every
 * page post (origin and a signed `_csrf`). `/book/embed.js` is the popup embed's script.
 */
export function bookingPageRoutes(deps: CalendarDeps): PageRoute[] {
  const guard = new PagePostGuard(deps.config.internalSecret);
  const purpose = (eventType: HostedEventType) => `book:${eventType.organizationSlug.toLowerCase()}/${eventType.slug}`;
  const pathOf = (eventType: HostedEventType) =>
    `/book/${encodeURIComponent(eventType.organizationSlug)}/${encodeURIComponent(eventType.slug)}`;

  /** The plain form for the day `asked` names, with the problems of a refused post beside their controls. */
  const plainForm = async (
    api: PageApi,
    eventType: HostedEventType,
    asked: DayAsked,
    values: PostedFields,
    refused: { problems?: Problems; notice?: string | null; chosen?: string } = {},
  ) => {
    const read = await readPlainDay(asked, eventType.timeZone, deps.clock.now(), slotsOf(api, eventType));
    const form: PlainBookingForm = {
      picker: {
        path: pathOf(eventType),
        keep: {},
        day: read.day,
        durations: eventType.durations,
        defaultDuration: eventType.duration,
        problems: { ...read.problems, ...refused.problems },
        chosen: refused.chosen,
      },
      csrf: guard.issue(purpose(eventType)),
      values,
      notice: refused.notice ?? read.notice,
    };
    return { form, status: read.status };
  };

  return [
    {
      method: 'GET',
      path: '/book/embed.js',
      rateLimit: PAGE_READS,
      handle: async (_request, reply) =>
        reply
          .code(200)
          .headers({ 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' })
          .send(BOOKING_EMBED_SCRIPT),
    },
    {
      method: 'GET',
      path: '/book/:organizationSlug/:eventTypeSlug',
      rateLimit: PAGE_READS,
      handle: async (request, reply, api) => {
        const eventType = await publicEventType(api, request.params as Params, reply);
        if (!eventType) return reply;
        const { form, status } = await plainForm(api, eventType, request.query as DayAsked, {});
        return sendPage(reply, status, bookingPage(eventType, form));
      },
    },
    {
      method: 'POST',
      path: '/book/:organizationSlug/:eventTypeSlug',
      rateLimit: PAGE_POSTS,
      handle: async (request, reply, api) => {
        const eventType = await publicEventType(api, request.params as Params, reply);
        if (!eventType) return reply;
        const body = (request.body ?? {}) as PostedFields;
        if (!guard.accepts(request, purpose(eventType), body._csrf))
          return sendPage(reply, 403, expiredPage(pathOf(eventType)));
        const again = async (
          status: number,
          refused: { problems?: Problems; notice?: string | null; chosen?: string },
        ) => {
          const { form } = await plainForm(api, eventType, body, body, refused);
          return sendPage(reply, status, plainBookingPage(eventType, form));
        };
        const start = text(body.start);
        if (!start) return again(400, { problems: { start: 'Pick a time.' } });
        const duration = text(body.duration);
        if (duration && !/^\d{1,4}$/.test(duration))
          return again(400, { problems: { duration: 'Choose a duration from the list.' }, chosen: start });
        const input = {
          start,
          timeZone: text(body.tz) || eventType.timeZone || 'UTC',
          duration: duration ? Number(duration) : null,
          name: text(body.name),
          email: text(body.email),
          responses: responsesFromPost(eventType.bookingQuestions, body),
        };
        const result = await api.run<{ createPublicCalendarBooking: { uid: string } }>('CreatePublicCalendarBooking', {
          organizationSlug: eventType.organizationSlug,
          eventTypeSlug: eventType.slug,
          input,
        });
        const booked = result.data?.createPublicCalendarBooking;
        if (booked)
          return reply
            .code(303)
            .headers({
              Location: confirmationPath(deps.config.internalSecret, booked.uid),
              'Cache-Control': 'no-store',
            })
            .send();
        const code = codeOf(result);
        if (code && SLOT_GONE.has(code)) return again(statusOf(code), { notice: SLOT_GONE_MESSAGE });
        const error = result.errors?.[0];
        const control = controlOf(
          (error?.extensions?.details as { field?: unknown } | undefined)?.field,
          eventType.bookingQuestions,
        );
        if (control && error) return again(statusOf(code), { problems: { [control]: error.message }, chosen: start });
        const notice =
          code === 'RATE_LIMITED'
            ? 'Too many bookings right now. Wait a minute and try again.'
            : (error?.message ?? 'The booking could not be made.');
        return again(statusOf(code), { notice, chosen: start });
      },
    },
  ];
}

/** The public event type, or the page saying why not (already sent: the caller returns). */
async function publicEventType(api: PageApi, params: Params, reply: FastifyReply): Promise<HostedEventType | null> {
  const { organizationSlug, eventTypeSlug } = params;
  const result = await api.run<{ publicCalendarEventType: HostedEventType }>('GetPublicCalendarEventType', {
    organizationSlug,
    eventTypeSlug,
  });
  const eventType = result.data?.publicCalendarEventType;
  if (eventType) return eventType;
  if (codeOf(result) === 'RATE_LIMITED')
    sendPage(reply, 429, {
      ...unavailableBookingPage('Too many requests', 'Wait a minute and reload the page.'),
      frameAncestors: EMBEDDABLE,
    });
  else
    sendPage(reply, 404, {
      ...unavailableBookingPage('Booking page not found', 'Check the link you followed.'),
      frameAncestors: EMBEDDABLE,
    });
  return null;
}

function slotsOf(api: PageApi, eventType: HostedEventType): SlotsReader {
  return async (range) => {
    const result = await api.run<{ publicCalendarSlots: SlotDays }>('GetPublicCalendarSlots', {
      organizationSlug: eventType.organizationSlug,
      eventTypeSlug: eventType.slug,
      ...range,
    });
    return { data: result.data?.publicCalendarSlots ?? null, errors: result.errors };
  };
}

function expiredPage(path: string): PageOptions {
  const body = html`<h1>This page expired</h1><p>Open the booking page again and pick a time once more.</p><p><a class="button" href="${path}">Open the booking page</a></p>`;
  return { title: 'This page expired', body, frameAncestors: EMBEDDABLE };
}
