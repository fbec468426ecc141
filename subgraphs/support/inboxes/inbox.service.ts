import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { newId, randomBase64url } from '../../../platform/ids/ids.js';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { Inbox, type WorkingHours } from '../entities/inbox.entity.js';
import { InboxMember } from '../entities/inbox-member.entity.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { findPage } from '../../../platform/orm/find-page.js';
import { resolveSupportPage, supportPageMeta, validation } from '../shared/support-page.js';
import { conflictOnDuplicate } from '../shared/unique-violation.js';
import { claimInboundAddress, releaseInboundAddress } from '../../../platform/mail/inbound-addresses.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { secretBoxFor } from '../../../platform/crypto/encryption-key.js';
import type { SecretBox } from '../../../platform/crypto/secret-box.js';
import { checkAllowedOrigins } from '../widget/widget-origin.js';
import type {
  AvailabilityInput,
  IdentitySecretView,
  InboxCreateInput,
  InboxList,
  InboxStats,
  InboxUpdateInput,
  InboxView,
  MemberInput,
  SupportInboxMemberList,
  MemberView,
  WorkingHoursShape,
} from './inbox.types.js';

export function inboxView(inbox: Inbox): InboxView {
  return {
    id: inbox.id,
    name: inbox.name,
    description: inbox.description,
    email: inbox.email,
    widgetToken: inbox.widgetToken,
    workingHours: inbox.workingHours,
    allowedOrigins: inbox.allowedOrigins,
    preChatEmail: inbox.preChatEmail,
    replyTime: inbox.replyTime,
    identityVerification: inbox.identitySecret !== null,
    createdAt: inbox.createdAt,
    updatedAt: inbox.updatedAt,
  };
}

export function memberView(m: InboxMember): MemberView {
  return {
    userId: m.userId,
    inboxId: m.inboxId,
    role: m.role,
    status: m.status,
    name: m.name,
    email: m.email,
    lastAssignedAt: m.lastAssignedAt,
    createdAt: m.createdAt,
  };
}

/** A zone luxon knows and ranges that start before they end. */
function checkWorkingHours(hours: WorkingHoursShape | null | undefined): WorkingHours | null {
  if (!hours) return null;
  if (!DateTime.now().setZone(hours.timezone).isValid)
    throw validation('workingHours.timezone', hours.timezone, 'an IANA time zone', 'Unknown time zone');
  for (const [i, range] of hours.hours.entries()) {
    if (range.startTime >= range.endTime)
      throw validation(
        `workingHours.hours[${i}].endTime`,
        range.endTime,
        `after ${range.startTime}`,
        'A working range must end after it starts',
      );
  }
  return {
    timezone: hours.timezone,
    hours: hours.hours.map((r) => ({ day: r.day, startTime: r.startTime, endTime: r.endTime })),
  };
}

const EMAIL_TAKEN = 'This email address already belongs to an inbox';
/** How inboxes appear in the platform's inbound address namespace: the name of their inbound mail handler. */
export const INBOUND_MODULE = 'support';

/** Inboxes, their members and availability. */
export class SupportInboxService {
  private box: Promise<SecretBox> | undefined;

  constructor(private readonly deps: SupportDeps) {}

  async find(em: EntityManager, id: string): Promise<Inbox> {
    const inbox = await em.findOne(Inbox, { id });
    if (!inbox) throw notFound('Inbox');
    return inbox;
  }

  async list(em: EntityManager, args: { page?: number; limit?: number }): Promise<InboxList> {
    const page = resolveSupportPage(args);
    const { rows, total } = await findPage(
      em,
      Inbox,
      {},
      { limit: page.limit, offset: page.offset, orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return { data: rows.map(inboxView), meta: supportPageMeta(page, total) };
  }

  async create(em: EntityManager, input: InboxCreateInput): Promise<InboxView> {
    const now = this.deps.clock.now();
    const inbox = em.create(Inbox, {
      id: newId('inbox'),
      name: input.name,
      description: input.description ?? null,
      email: input.email?.toLowerCase() ?? null,
      widgetToken: `wt_${randomBase64url(24)}`,
      workingHours: checkWorkingHours(input.workingHours),
      createdAt: now,
      updatedAt: now,
      allowedOrigins: checkAllowedOrigins(input.allowedOrigins),
      preChatEmail: input.preChatEmail ?? false,
      replyTime: input.replyTime ?? 'in_a_few_hours',
    } as never);
    await em.transactional(async (tx) => {
      await conflictOnDuplicate(() => tx.persistAndFlush(inbox), EMAIL_TAKEN, {
        field: 'email',
        received: input.email,
      });
      await this.claimEmail(tx, inbox);
    });
    return inboxView(inbox);
  }

  async update(em: EntityManager, id: string, input: InboxUpdateInput): Promise<InboxView> {
    const inbox = await this.find(em, id);
    if (input.name != null) inbox.name = input.name;
    if (input.description !== undefined) inbox.description = input.description;
    if (input.email !== undefined) inbox.email = input.email?.toLowerCase() ?? null;
    if (input.workingHours !== undefined) inbox.workingHours = checkWorkingHours(input.workingHours);
    if (input.allowedOrigins !== undefined) inbox.allowedOrigins = checkAllowedOrigins(input.allowedOrigins);
    if (input.preChatEmail != null) inbox.preChatEmail = input.preChatEmail;
    if (input.replyTime != null) inbox.replyTime = input.replyTime;
    await em.transactional(async (tx) => {
      await conflictOnDuplicate(() => tx.flush(), EMAIL_TAKEN, { field: 'email', received: input.email });
      if (input.email !== undefined) await this.claimEmail(tx, inbox);
    });
    return inboxView(inbox);
  }

  /**
   * The inbox's email in the platform's one inbound namespace, shared with agent mailboxes: an address another
   * inbox or mailbox holds, in any organization, or on a domain another organization verified, is a 409.
   */
  private async claimEmail(tx: EntityManager, inbox: Inbox): Promise<void> {
    if (!inbox.email) return releaseInboundAddress(tx, INBOUND_MODULE, inbox.id);
    try {
      await claimInboundAddress(tx, INBOUND_MODULE, inbox.id, inbox.email);
    } catch (error) {
      if (error instanceof DomainError)
        throw new DomainError(error.code, error.message, { field: 'email', received: inbox.email });
      throw error;
    }
  }

  /**
   * A new identity verification secret (the old one stops verifying), returned this once and kept sealed: the host
   * page's server signs each visitor's email with it, so the widget cannot claim someone else's.
   */
  async rotateIdentitySecret(em: EntityManager, id: string): Promise<IdentitySecretView> {
    const inbox = await this.find(em, id);
    const secret = `wis_${randomBase64url(32)}`;
    inbox.identitySecret = (await this.secrets()).seal(secret, inbox.id);
    inbox.updatedAt = this.deps.clock.now();
    await em.flush();
    return { inboxId: inbox.id, secret };
  }

  private secrets() {
    return (this.box ??= secretBoxFor(this.deps.orm, this.deps.config.encryptionKey, this.deps.logger));
  }

  /** Removes the inbox with its members and conversations (messages included). */
  async remove(em: EntityManager, id: string): Promise<boolean> {
    const inbox = await this.find(em, id);
    await em.transactional(async (tx) => {
      tx.remove(inbox);
      await tx.flush();
      await releaseInboundAddress(tx, INBOUND_MODULE, inbox.id);
    });
    return true;
  }

  async members(
    em: EntityManager,
    inboxId: string,
    args: { page?: number; limit?: number },
  ): Promise<SupportInboxMemberList> {
    await this.find(em, inboxId);
    const page = resolveSupportPage(args);
    const { rows, total } = await findPage(
      em,
      InboxMember,
      { inboxId },
      { limit: page.limit, offset: page.offset, orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return { data: rows.map(memberView), meta: supportPageMeta(page, total) };
  }

  async addMember(em: EntityManager, inboxId: string, input: MemberInput): Promise<MemberView> {
    await this.find(em, inboxId);
    const member = em.create(InboxMember, {
      id: newId('mem'),
      inboxId,
      userId: input.userId,
      role: input.role ?? 'agent',
      name: input.name ?? null,
      email: input.email?.toLowerCase() ?? null,
      status: 'available',
      createdAt: this.deps.clock.now(),
    } as never);
    await conflictOnDuplicate(() => em.persistAndFlush(member), 'This user is already a member of the inbox', {
      field: 'userId',
      received: input.userId,
    });
    return memberView(member);
  }

  async member(em: EntityManager, inboxId: string, userId: string): Promise<InboxMember> {
    await this.find(em, inboxId);
    const member = await em.findOne(InboxMember, { inboxId, userId });
    if (!member) throw notFound('Inbox member');
    return member;
  }

  async removeMember(em: EntityManager, inboxId: string, userId: string): Promise<boolean> {
    await em.removeAndFlush(await this.member(em, inboxId, userId));
    return true;
  }

  async setAvailability(
    em: EntityManager,
    inboxId: string,
    userId: string,
    input: AvailabilityInput,
  ): Promise<MemberView> {
    const member = await this.member(em, inboxId, userId);
    member.status = input.status;
    await em.flush();
    return memberView(member);
  }

  /** Conversation counts by status and member availability: two GROUP BYs. */
  async stats(em: EntityManager, inboxId: string): Promise<InboxStats> {
    await this.find(em, inboxId);
    const db = tenantSql(em);
    const rows = await db.rows<{ status: string; n: string; unassigned: string }>(sql`
      select status, count(*) as n, count(*) filter (where assignee_id is null and status in ('open', 'pending')) as unassigned
      from support.conversations where organization_id = ${ORG} and inbox_id = ${inboxId} group by status`);
    const members = await db.rows<{ status: string; n: string }>(sql`
      select status, count(*) as n from support.inbox_members where organization_id = ${ORG} and inbox_id = ${inboxId} group by status`);
    const by = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
    return {
      inboxId,
      total: rows.reduce((a, r) => a + Number(r.n), 0),
      open: by('open'),
      pending: by('pending'),
      snoozed: by('snoozed'),
      resolved: by('resolved'),
      closed: by('closed'),
      unassigned: rows.reduce((a, r) => a + Number(r.unassigned), 0),
      members: members.reduce((a, r) => a + Number(r.n), 0),
      membersAvailable: Number(members.find((m) => m.status === 'available')?.n ?? 0),
    };
  }
}
