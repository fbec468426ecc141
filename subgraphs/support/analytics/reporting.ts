import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../../platform/ids/ids.js';
import type { Inbox } from '../entities/inbox.entity.js';
import { ReportingEvent, type ReportingEventName } from '../entities/reporting-event.entity.js';
import { businessSeconds } from './business-hours.js';

export interface ReportingFact {
  name: ReportingEventName;
  inbox: Inbox;
  conversationId: string;
  userId?: string | null;
  /** Start of the measured time; for counting events the moment itself. */
  start: Date;
  end: Date;
  /** Whether the event carries a duration (first response, reply, resolution). */
  timed?: boolean;
}

/** Writes one reporting row, in the caller's transaction (the change and its metric commit together). */
export function recordReporting(tx: EntityManager, fact: ReportingFact): void {
  const value = fact.timed ? Math.max(0, (fact.end.getTime() - fact.start.getTime()) / 1000) : null;
  tx.create(ReportingEvent, {
    id: newId('rep'),
    name: fact.name,
    inboxId: fact.inbox.id,
    conversationId: fact.conversationId,
    userId: fact.userId ?? null,
    value,
    valueInBusinessHours: fact.timed ? businessSeconds(fact.start, fact.end, fact.inbox.workingHours) : null,
    eventStartTime: fact.start,
    eventEndTime: fact.end,
  } as never);
}
