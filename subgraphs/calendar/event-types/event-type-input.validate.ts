import { invalid } from '../../../platform/errors/domain-error.js';
import { LOCATION_TYPES, type EventLocation } from '../entities/event-type.entity.js';
import { EMAIL, Fields, HOST_ID } from '../shared/input-checks.js';

export interface EventTypeDraft {
  hostId?: string;
  hostName?: string | null;
  hostEmail?: string | null;
  title?: string;
  slug?: string;
  description?: string | null;
  duration?: number;
  durations?: number[];
  location?: EventLocation;
  scheduleId?: string | null;
  bufferBefore?: number;
  bufferAfter?: number;
  minimumNotice?: number;
  maximumAdvance?: number | null;
  requiresConfirmation?: boolean;
  dailyLimit?: number | null;
  slotInterval?: number | null;
  active?: boolean;
  reminderOffsets?: number[];
}

const FIELDS = [
  'hostId', 'hostName', 'hostEmail', 'title', 'slug', 'description', 'duration', 'durations', 'location', 'scheduleId', 'bufferBefore', 'bufferAfter',
  'minimumNotice', 'maximumAdvance', 'requiresConfirmation', 'dailyLimit', 'slotInterval', 'active', 'reminderOffsets',
];
const DAY = 1440;
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Body of POST (hostId, title, duration required) or PATCH (only the keys given; hostId fixed). Minutes everywhere. */
export function validateEventType(body: Record<string, unknown>, mode: 'create' | 'update'): EventTypeDraft {
  const f = new Fields(body).only(mode === 'create' ? FIELDS : FIELDS.filter((k) => k !== 'hostId'));
  const required = mode === 'create';
  const draft: EventTypeDraft = {
    hostId: mode === 'create' ? f.string('hostId', { required, max: 120, pattern: HOST_ID, expected: 'an auth user id (user_…)' }) : undefined,
    hostName: f.nullableString('hostName', { max: 200, singleLine: true }),
    hostEmail: f.has('hostEmail') && f.raw('hostEmail') !== null ? f.string('hostEmail', { max: 320, pattern: EMAIL, expected: 'an email address' }) : f.nullableString('hostEmail'),
    title: f.string('title', { required, max: 200, singleLine: true }),
    slug: f.string('slug', { max: 100, pattern: SLUG, expected: 'lower-case letters, digits and single dashes' }),
    description: f.nullableString('description', { max: 5000 }),
    duration: f.int('duration', { required, min: 1, max: DAY }),
    scheduleId: f.nullableString('scheduleId', { max: 100 }),
    bufferBefore: f.int('bufferBefore', { min: 0, max: DAY }),
    bufferAfter: f.int('bufferAfter', { min: 0, max: DAY }),
    minimumNotice: f.int('minimumNotice', { min: 0, max: 365 * DAY }),
    maximumAdvance: f.nullableInt('maximumAdvance', { min: 1, max: 2 * 365 * DAY }),
    requiresConfirmation: f.bool('requiresConfirmation'),
    dailyLimit: f.nullableInt('dailyLimit', { min: 1, max: 1000 }),
    slotInterval: f.nullableInt('slotInterval', { min: 5, max: DAY }),
    active: f.bool('active'),
  };
  const durations = f.array('durations', { max: 10 });
  if (durations) draft.durations = minuteList(durations, 'durations', 1, DAY);
  const offsets = f.array('reminderOffsets', { max: 5 });
  if (offsets) draft.reminderOffsets = minuteList(offsets, 'reminderOffsets', 1, 30 * DAY);
  const location = f.nested('location');
  if (location) draft.location = validateLocation(location);
  return Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined)) as EventTypeDraft;
}

/** The merged result must still hold together: the default duration is one of the offered lengths. */
export function assertConsistent(duration: number, durations: number[]): void {
  if (durations.length > 0 && !durations.includes(duration)) throw invalid('durations', durations, `a list containing duration (${duration})`, 'durations must include duration');
}

function minuteList(values: unknown[], field: string, min: number, max: number): number[] {
  const out = values.map((v, i) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw invalid(`${field}[${i}]`, v, `an integer from ${min} to ${max}`);
    return v;
  });
  if (new Set(out).size !== out.length) throw invalid(field, values, 'distinct values');
  return [...out].sort((a, b) => a - b);
}

function validateLocation(f: Fields): EventLocation {
  f.only(['type', 'url', 'phone', 'address']);
  const type = f.string('type', { required: true, max: 20, expected: LOCATION_TYPES.join(', ') })!;
  if (!(LOCATION_TYPES as readonly string[]).includes(type)) throw invalid(f.path('type'), type, LOCATION_TYPES);
  const location: EventLocation = { type: type as EventLocation['type'] };
  if (type === 'LINK') {
    const url = f.string('url', { required: true, max: 2048, pattern: /^https?:\/\/\S+$/, expected: 'an http(s) URL' })!;
    location.url = url;
  }
  if (type === 'PHONE') location.phone = f.string('phone', { required: true, max: 32, pattern: /^\+?[0-9 ()-]{3,31}$/, expected: 'a phone number' });
  if (type === 'IN_PERSON') location.address = f.string('address', { required: true, max: 500 });
  const extra = ['url', 'phone', 'address'].find((k) => f.has(k) && location[k as keyof EventLocation] === undefined);
  if (extra) throw invalid(f.path(extra), f.raw(extra), `nothing for a ${type} location`);
  return location;
}
