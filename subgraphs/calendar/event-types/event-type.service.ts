import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { offsetMeta, resolvePage, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { EventType } from '../entities/event-type.entity.js';
import { Schedule } from '../entities/schedule.entity.js';
import { CALENDAR_LIMITS } from '../schedules/schedule.service.js';
import type { DeletedView } from '../schedules/schedule.types.js';
import {
  assertConsistent,
  eventTypeDraft,
  type CreateEventTypeInput,
  type EventTypeDraft,
  type UpdateEventTypeInput,
} from './event-type.input.js';
import { bookingUrl, organizationSlug } from './organization-slug.js';
import { bookingEmbed } from './booking-embed.js';
import type { EventTypeList, EventTypeView } from './event-type.types.js';

/** Event types: what can be booked, for how long, with which rules. */
export class EventTypeService {
  /** `publicUrl`: the platform's public address, from which booking pages are addressed. */
  constructor(private readonly publicUrl = '') {}

  async list(
    em: EntityManager,
    args: PageArgs & { hostId?: string | null; active?: boolean | null },
  ): Promise<EventTypeList> {
    const page = resolvePage(args, CALENDAR_LIMITS);
    const where: Record<string, unknown> = { deletedAt: null };
    if (args.hostId) where.hostId = args.hostId;
    if (args.active != null) where.active = args.active;
    const [rows, total] = await em.findAndCount(EventType, where, {
      limit: page.count,
      offset: page.offset,
      orderBy: { createdAt: 'asc', id: 'asc' },
    });
    const orgSlug = await organizationSlug(em);
    return {
      data: rows.map((row) => eventTypeView(row, this.publicUrl, orgSlug)),
      meta: offsetMeta(page, rows.length, total),
    };
  }

  async get(em: EntityManager, id: string): Promise<EventTypeView> {
    return this.view(em, await this.find(em, id));
  }

  async create(em: EntityManager, input: CreateEventTypeInput): Promise<EventTypeView> {
    const draft = eventTypeDraft(input);
    assertConsistent(draft.duration!, draft.durations ?? []);
    await this.checkSchedule(em, draft.scheduleId, draft.hostId!);
    const slug = draft.slug ?? (await this.freeSlug(em, draft.hostId!, slugify(draft.title!)));
    if (draft.public) await this.checkPublicSlug(em, slug, null);
    const eventType = em.create(EventType, {
      id: newId('et'),
      organizationId: tenantOf(em),
      hostId: draft.hostId!,
      hostName: draft.hostName ?? null,
      hostEmail: draft.hostEmail ?? null,
      title: draft.title!,
      slug,
      description: draft.description ?? null,
      duration: draft.duration!,
      durations: draft.durations ?? [],
      location: draft.location ?? { type: 'VIDEO' },
      scheduleId: draft.scheduleId ?? null,
      bufferBefore: draft.bufferBefore ?? 0,
      bufferAfter: draft.bufferAfter ?? 0,
      minimumNotice: draft.minimumNotice ?? 0,
      maximumAdvance: draft.maximumAdvance ?? null,
      requiresConfirmation: draft.requiresConfirmation ?? false,
      dailyLimit: draft.dailyLimit ?? null,
      slotInterval: draft.slotInterval ?? null,
      active: draft.active ?? true,
      public: draft.public ?? false,
      reminderOffsets: draft.reminderOffsets ?? [],
      bookingQuestions: draft.bookingQuestions ?? [],
    });
    await this.flush(em, slug);
    return this.view(em, eventType);
  }

  /** Only the keys given change; the result must still hold together. Existing bookings keep their times. */
  async update(em: EntityManager, id: string, input: UpdateEventTypeInput): Promise<EventTypeView> {
    const draft: EventTypeDraft = eventTypeDraft(input);
    const eventType = await this.find(em, id);
    assertConsistent(draft.duration ?? eventType.duration, draft.durations ?? eventType.durations);
    if (draft.scheduleId !== undefined) await this.checkSchedule(em, draft.scheduleId, eventType.hostId);
    if (draft.slug !== undefined && draft.slug !== eventType.slug) {
      const holder = await em.findOne(EventType, { hostId: eventType.hostId, slug: draft.slug, deletedAt: null });
      if (holder) throw slugTaken(draft.slug);
    }
    const slug = draft.slug ?? eventType.slug;
    if ((draft.public ?? eventType.public) && (draft.slug !== undefined || draft.public === true))
      await this.checkPublicSlug(em, slug, eventType.id);
    em.assign(eventType, draft);
    await this.flush(em, draft.slug ?? eventType.slug);
    return this.view(em, eventType);
  }

  /** Soft delete: bookings keep their event type; the slug becomes free. */
  async delete(em: EntityManager, id: string): Promise<DeletedView> {
    const eventType = await this.find(em, id);
    eventType.deletedAt = new Date();
    await em.flush();
    return { id, deleted: true };
  }

  private async view(em: EntityManager, eventType: EventType): Promise<EventTypeView> {
    return eventTypeView(eventType, this.publicUrl, eventType.public ? await organizationSlug(em) : null);
  }

  /** A public page is addressed without its host, so no other public event type of the organization may hold the slug. */
  private async checkPublicSlug(em: EntityManager, slug: string, id: string | null): Promise<void> {
    const holder = await em.findOne(EventType, {
      slug,
      public: true,
      deletedAt: null,
      ...(id ? { id: { $ne: id } } : {}),
    });
    if (holder) throw publicSlugTaken(slug);
  }

  async find(em: EntityManager, id: string): Promise<EventType> {
    const eventType = await em.findOne(EventType, { id, deletedAt: null });
    if (!eventType) throw notFound('Event type');
    return eventType;
  }

  private async checkSchedule(em: EntityManager, scheduleId: string | null | undefined, hostId: string): Promise<void> {
    if (!scheduleId) return;
    const schedule = await em.findOne(Schedule, { id: scheduleId });
    if (!schedule)
      throw invalid('scheduleId', scheduleId, 'the id of a schedule of this organization', 'No such schedule');
    if (schedule.hostId !== hostId)
      throw invalid('scheduleId', scheduleId, `a schedule of host ${hostId}`, 'The schedule belongs to another host');
  }

  /** `base`, then `base-2`, … : the first slug the host does not use. */
  private async freeSlug(em: EntityManager, hostId: string, base: string): Promise<string> {
    const taken = new Set(
      (await em.find(EventType, { hostId, deletedAt: null, slug: { $like: `${base}%` } }, { fields: ['slug'] })).map(
        (e) => e.slug,
      ),
    );
    if (!taken.has(base)) return base;
    for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
  }

  /** The partial unique index settles two requests taking one slug. */
  private async flush(em: EntityManager, slug: string): Promise<void> {
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw /public_slug/.test(error.message) ? publicSlugTaken(slug) : slugTaken(slug);
      throw error;
    }
  }
}

const slugTaken = (slug: string) =>
  new DomainError('CONFLICT', `This host already has an event type with the slug "${slug}"`, {
    field: 'slug',
    received: slug,
    expected: 'a slug the host does not use',
  });

const publicSlugTaken = (slug: string) =>
  new DomainError('CONFLICT', `Another public event type of this organization has the slug "${slug}"`, {
    field: 'slug',
    received: slug,
    expected: 'a slug no other public event type of the organization uses',
  });

function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'event';
}

export function eventTypeView(e: EventType, publicUrl: string, orgSlug: string | null): EventTypeView {
  const url = bookingUrl(publicUrl, orgSlug, e);
  return {
    id: e.id,
    hostId: e.hostId,
    hostName: e.hostName,
    hostEmail: e.hostEmail,
    title: e.title,
    slug: e.slug,
    description: e.description,
    duration: e.duration,
    durations: e.durations,
    location: e.location,
    scheduleId: e.scheduleId,
    bufferBefore: e.bufferBefore,
    bufferAfter: e.bufferAfter,
    minimumNotice: e.minimumNotice,
    maximumAdvance: e.maximumAdvance,
    requiresConfirmation: e.requiresConfirmation,
    dailyLimit: e.dailyLimit,
    slotInterval: e.slotInterval,
    active: e.active,
    public: e.public,
    bookingUrl: url,
    bookingEmbed: bookingEmbed(publicUrl, url, e.title),
    reminderOffsets: e.reminderOffsets,
    bookingQuestions: e.bookingQuestions,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}
