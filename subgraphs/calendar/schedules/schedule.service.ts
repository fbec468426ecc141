import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { offsetMeta, resolvePage, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { Schedule } from '../entities/schedule.entity.js';
import { ScheduleOverride } from '../entities/schedule-override.entity.js';
import { assertTimezone } from '../shared/input-checks.js';
import type { ScheduleRules } from '../availability/schedule-rules.js';
import {
  DEFAULT_HOURS,
  overrideDraft,
  scheduleDraft,
  type CreateScheduleInput,
  type OverrideInput,
  type ScheduleDraft,
  type UpdateScheduleInput,
} from './schedule.input.js';
import type { DeletedView, OverrideView, ScheduleList, ScheduleView } from './schedule.types.js';

export const CALENDAR_LIMITS = { defaultCount: 50, maxCount: 100 };

/** Schedules (working hours per IANA zone) and their date overrides. */
export class ScheduleService {
  async list(em: EntityManager, args: PageArgs & { hostId?: string | null }): Promise<ScheduleList> {
    const page = resolvePage(args, CALENDAR_LIMITS);
    const where = args.hostId ? { hostId: args.hostId } : {};
    const [rows, total] = await em.findAndCount(Schedule, where, {
      limit: page.count,
      offset: page.offset,
      orderBy: { createdAt: 'asc', id: 'asc' },
    });
    const overrides = await this.overridesOf(
      em,
      rows.map((r) => r.id),
    );
    return { data: rows.map((s) => view(s, overrides.get(s.id) ?? [])), meta: offsetMeta(page, rows.length, total) };
  }

  async get(em: EntityManager, id: string): Promise<ScheduleView> {
    const schedule = await this.find(em, id);
    return view(schedule, (await this.overridesOf(em, [id])).get(id) ?? []);
  }

  /** A host's first schedule becomes its default; `isDefault: true` takes the default from the previous one. */
  async create(em: EntityManager, input: CreateScheduleInput): Promise<ScheduleView> {
    assertTimezone(input.timezone);
    const draft = scheduleDraft(input);
    const schedule = await this.saveDefault(em, async (tx) => {
      const current = await tx.findOne(Schedule, { hostId: draft.hostId!, isDefault: true });
      const isDefault = draft.isDefault ?? !current;
      if (isDefault && current) current.isDefault = false;
      await tx.flush(); // the old default gives way before the new one arrives (partial unique index)
      const created = tx.create(Schedule, {
        id: newId('sched'),
        organizationId: tenantOf(tx),
        hostId: draft.hostId!,
        name: draft.name!,
        timezone: draft.timezone!,
        isDefault,
        availability: draft.availability ?? DEFAULT_HOURS,
      });
      await tx.flush();
      return created;
    });
    return view(schedule, []);
  }

  async update(em: EntityManager, id: string, input: UpdateScheduleInput): Promise<ScheduleView> {
    if (input.timezone != null) assertTimezone(input.timezone);
    const draft: ScheduleDraft = scheduleDraft(input);
    const schedule = await this.saveDefault(em, async (tx) => {
      const schedule = await this.find(tx, id);
      if (draft.isDefault === true && !schedule.isDefault) {
        const current = await tx.findOne(Schedule, { hostId: schedule.hostId, isDefault: true });
        if (current) current.isDefault = false;
        await tx.flush();
      }
      tx.assign(schedule, draft);
      await tx.flush();
      return schedule;
    });
    return view(schedule, (await this.overridesOf(em, [id])).get(id) ?? []);
  }

  async delete(em: EntityManager, id: string): Promise<DeletedView> {
    const schedule = await this.find(em, id);
    await em.remove(schedule).flush();
    return { id, deleted: true };
  }

  async addOverride(em: EntityManager, scheduleId: string, input: OverrideInput): Promise<OverrideView> {
    const draft = overrideDraft(input);
    await this.find(em, scheduleId);
    if (await em.findOne(ScheduleOverride, { scheduleId, date: draft.date })) throw overrideTaken(draft.date);
    const override = em.create(ScheduleOverride, {
      id: newId('ovr'),
      organizationId: tenantOf(em),
      scheduleId,
      ...draft,
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw overrideTaken(draft.date);
      throw error;
    }
    return overrideView(override);
  }

  async removeOverride(em: EntityManager, scheduleId: string, overrideId: string): Promise<DeletedView> {
    const override = await em.findOne(ScheduleOverride, { id: overrideId, scheduleId });
    if (!override) throw notFound('Override');
    await em.remove(override).flush();
    return { id: overrideId, deleted: true };
  }

  /** The schedule an event type books against: its own, else the host's default; null when the host has none. */
  async rulesFor(
    em: EntityManager,
    scheduleId: string | null,
    hostId: string,
  ): Promise<(ScheduleRules & { id: string }) | null> {
    const schedule = scheduleId
      ? await em.findOne(Schedule, { id: scheduleId })
      : await em.findOne(Schedule, { hostId, isDefault: true });
    if (!schedule) return null;
    const overrides = (await this.overridesOf(em, [schedule.id])).get(schedule.id) ?? [];
    return { id: schedule.id, timezone: schedule.timezone, availability: schedule.availability, overrides };
  }

  async find(em: EntityManager, id: string): Promise<Schedule> {
    const schedule = await em.findOne(Schedule, { id });
    if (!schedule) throw notFound('Schedule');
    return schedule;
  }

  private async overridesOf(em: EntityManager, ids: string[]): Promise<Map<string, OverrideView[]>> {
    const map = new Map<string, OverrideView[]>();
    if (ids.length === 0) return map;
    const rows = await em.find(ScheduleOverride, { scheduleId: { $in: ids } }, { orderBy: { date: 'asc' } });
    for (const row of rows) map.set(row.scheduleId, [...(map.get(row.scheduleId) ?? []), overrideView(row)]);
    return map;
  }

  /** The partial unique index keeps one default per host even when two requests race to set it. */
  private async saveDefault<T>(em: EntityManager, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await em.transactional(work);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw new DomainError(
          'CONFLICT',
          "Another request changed this host's default schedule at the same time; try again",
        );
      throw error;
    }
  }
}

const overrideTaken = (date: string) =>
  new DomainError('CONFLICT', `This schedule already has an override for ${date}; delete it first`, {
    field: 'date',
    received: date,
    expected: 'a date without an override',
  });

function view(s: Schedule, overrides: OverrideView[]): ScheduleView {
  return {
    id: s.id,
    hostId: s.hostId,
    name: s.name,
    timezone: s.timezone,
    isDefault: s.isDefault,
    availability: s.availability,
    overrides,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

function overrideView(o: ScheduleOverride): OverrideView {
  return {
    id: o.id,
    scheduleId: o.scheduleId,
    date: o.date,
    isAvailable: o.isAvailable,
    startTime: o.startTime,
    endTime: o.endTime,
    reason: o.reason,
    createdAt: o.createdAt,
  };
}
