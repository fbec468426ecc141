import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { findPage } from '../../../platform/orm/find-page.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { Conversation, type ConversationStatus } from '../entities/conversation.entity.js';
import { Inbox } from '../entities/inbox.entity.js';
import { Attachment } from '../entities/attachment.entity.js';
import { InboxMember } from '../entities/inbox-member.entity.js';
import { Visitor } from '../entities/visitor.entity.js';
import { CannedResponse } from '../entities/canned-response.entity.js';
import { ConversationTag, SupportTag } from '../entities/tag.entity.js';
import { resolveSupportPage, supportPageMeta, validation } from '../shared/support-page.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { renderCanned } from '../canned-responses/canned-render.js';
import { SNOOZE_JOB, type SnoozeJobData } from '../jobs/snooze.job.js';
import { EmailReplies } from '../email/email-replies.js';
import { ConversationFlow, type AttachmentBytes } from './conversation-flow.js';
import { byTagName, conversationEventData, conversationView, messageView } from './conversation-view.js';
import {
  ATTACHMENTS_MAX_BYTES,
  type AssignInput,
  type AttachmentContent,
  type AttachmentInput,
  type ConversationList,
  type ConversationListArgs,
  type ConversationView,
  type SupportMessageView,
  type SupportReplyInput,
  type SnoozeInput,
  type StatusInput,
  type TagsInput,
  type SupportTagView,
} from './conversation.types.js';

/** Decodes attachments and enforces the 25 MB per message (decoded bytes, all attachments together). */
export function decodeAttachments(inputs: AttachmentInput[] | null | undefined): AttachmentBytes[] {
  const decoded = (inputs ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType.toLowerCase(),
    content: Buffer.from(a.content, 'base64'),
  }));
  const size = decoded.reduce((sum, a) => sum + a.content.length, 0);
  if (size > ATTACHMENTS_MAX_BYTES) {
    throw new DomainError('PAYLOAD_TOO_LARGE', 'Attachments may hold at most 25 MB per message', {
      field: 'attachments',
      received: size,
      expected: `at most ${ATTACHMENTS_MAX_BYTES} bytes in all`,
    });
  }
  return decoded;
}

/** Conversations as agents and the API see them. */
export class ConversationService {
  private readonly flow: ConversationFlow;
  private readonly email: EmailReplies;

  constructor(private readonly deps: SupportDeps) {
    this.flow = new ConversationFlow(deps);
    this.email = new EmailReplies(deps);
  }

  async find(em: EntityManager, id: string): Promise<Conversation> {
    const conversation = await em.findOne(Conversation, { id });
    if (!conversation) throw notFound('Conversation');
    return conversation;
  }

  async get(em: EntityManager, id: string): Promise<ConversationView> {
    return conversationView(await this.find(em, id));
  }

  /** One attachment of the conversation, with its bytes. */
  async attachment(em: EntityManager, conversationId: string, id: string): Promise<AttachmentContent> {
    await this.find(em, conversationId);
    const attachment = await em.findOne(Attachment, { id, conversationId }, { populate: ['content'] as never });
    if (!attachment) throw notFound('Attachment');
    return {
      id: attachment.id,
      filename: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.size,
      content: attachment.content.toString('base64'),
    };
  }

  /** Most recent activity first. */
  async list(em: EntityManager, args: ConversationListArgs): Promise<ConversationList> {
    const page = resolveSupportPage(args);
    const where: Record<string, unknown> = {};
    if (args.status) where.status = args.status;
    if (args.inboxId) where.inboxId = args.inboxId;
    if (args.visitorId) where.visitorId = args.visitorId;
    if (args.assigneeId) where.assigneeId = args.assigneeId === 'none' ? null : args.assigneeId;
    if (args.tag) {
      const tag = await em.findOne(SupportTag, { name: { $ilike: args.tag.replace(/[\\%_]/g, '\\$&') } });
      const links = tag
        ? await em.find(ConversationTag, { tagId: tag.id }, { fields: ['conversationId'] as never })
        : [];
      where.id = { $in: links.map((l) => l.conversationId) };
    }
    const { rows, total } = await findPage(em, Conversation, where, {
      limit: page.limit,
      offset: page.offset,
      orderBy: { lastActivityAt: 'desc', id: 'desc' },
    });
    return { data: rows.map(conversationView), meta: supportPageMeta(page, total) };
  }

  async reply(em: EntityManager, id: string, input: SupportReplyInput): Promise<SupportMessageView> {
    const attachments = decodeAttachments(input.attachments);
    if (!input.message && !input.cannedResponseId)
      throw validation('message', null, 'a non-empty string', 'message is required (or cannedResponseId)');
    return em.transactional(async (tx) => {
      const conversation = await this.find(tx, id);
      const inbox = await tx.findOneOrFail(Inbox, { id: conversation.inboxId });
      const author = input.authorId
        ? await tx.findOne(InboxMember, { inboxId: inbox.id, userId: input.authorId })
        : null;
      if (input.authorId && !author)
        throw validation(
          'authorId',
          input.authorId,
          "a member of the conversation's inbox",
          'The author must be a member of the inbox',
        );
      let content = input.message ?? '';
      if (input.cannedResponseId) {
        const canned = await tx.findOne(CannedResponse, { id: input.cannedResponseId });
        if (!canned)
          throw validation(
            'cannedResponseId',
            input.cannedResponseId,
            'a canned response of this organization',
            'Unknown canned response',
          );
        const visitor = await tx.findOneOrFail(Visitor, { id: conversation.visitorId });
        content = await renderCanned(canned.content, {
          visitor: { name: visitor.name, email: visitor.email },
          agent: { name: author?.name ?? null, email: author?.email ?? null },
          conversation: { id: conversation.id, status: conversation.status },
          inbox: { name: inbox.name, email: inbox.email },
        });
        if (input.message) content = `${input.message}\n\n${content}`;
      }
      const type = input.type === 'note' ? 'note' : 'reply';
      const message = await this.flow.agentMessage(tx, {
        inbox,
        conversation,
        type,
        authorId: input.authorId ?? null,
        content,
        cannedResponseId: input.cannedResponseId ?? null,
        attachments,
      });
      if (type === 'reply' && conversation.channel === 'email')
        await this.email.send(tx, inbox, conversation, message, attachments);
      return messageView(message);
    });
  }

  async assign(em: EntityManager, id: string, input: AssignInput): Promise<ConversationView> {
    return em.transactional(async (tx) => {
      const conversation = await this.find(tx, id);
      if (input.assigneeId) {
        const member = await tx.findOne(InboxMember, { inboxId: conversation.inboxId, userId: input.assigneeId });
        if (!member)
          throw validation(
            'assigneeId',
            input.assigneeId,
            "a member of the conversation's inbox",
            "The assignee must be a member of the conversation's inbox",
          );
      }
      const previous = conversation.assigneeId;
      conversation.assigneeId = input.assigneeId ?? null;
      conversation.updatedAt = this.flow.now();
      await tx.flush();
      if (previous !== conversation.assigneeId)
        await emitEvent(tx, 'conversation.assigned', {
          ...conversationEventData(conversation),
          previousAssigneeId: previous,
          assignedBy: 'api',
        });
      return conversationView(conversation);
    });
  }

  async setStatus(em: EntityManager, id: string, input: StatusInput): Promise<ConversationView> {
    return em.transactional(async (tx) => {
      const conversation = await this.find(tx, id);
      const inbox = await tx.findOneOrFail(Inbox, { id: conversation.inboxId });
      await this.flow.setStatus(tx, inbox, conversation, input.status as ConversationStatus);
      return conversationView(conversation);
    });
  }

  /** Snoozed until `until`; a job reopens it then (it checks the conversation is still snoozed until that moment). */
  async snooze(em: EntityManager, id: string, input: SnoozeInput): Promise<ConversationView> {
    const until = new Date(input.until);
    if (Number.isNaN(until.getTime()) || until <= this.flow.now())
      throw validation('until', input.until, 'an ISO 8601 date-time in the future', 'until must be in the future');
    return em.transactional(async (tx) => {
      const conversation = await this.find(tx, id);
      if (conversation.status === 'closed' || conversation.status === 'resolved') {
        throw validation(
          'status',
          conversation.status,
          ['open', 'pending', 'snoozed'],
          `A ${conversation.status} conversation cannot be snoozed`,
        );
      }
      const inbox = await tx.findOneOrFail(Inbox, { id: conversation.inboxId });
      await this.flow.setStatus(tx, inbox, conversation, 'snoozed', until);
      const data: SnoozeJobData = {
        organizationId: conversation.organizationId,
        conversationId: conversation.id,
        until: until.toISOString(),
      };
      await this.deps.jobs.enqueue(tx, SNOOZE_JOB, data, this.deps.clock.wallTimeOf(until));
      return conversationView(conversation);
    });
  }

  /** Tags are created on first use (a unique index settles concurrent first uses); adding a tag twice keeps one. */
  async addTags(em: EntityManager, id: string, input: TagsInput): Promise<SupportTagView[]> {
    const byKey = new Map<string, string>();
    for (const raw of input.tags)
      if (raw.trim() && !byKey.has(raw.trim().toLowerCase())) byKey.set(raw.trim().toLowerCase(), raw.trim());
    const names = [...byKey.values()];
    if (names.length === 0) throw validation('tags', input.tags, 'non-blank tag names', 'Tags must not be blank');
    return em.transactional(async (tx) => {
      const conversation = await this.find(tx, id);
      const db = tenantSql(tx);
      const now = this.flow.now();
      for (const name of names) {
        await db.run(sql`insert into support.tags (id, organization_id, name, created_at) values (${newId('tag')}, ${ORG}, ${name}, ${now})
          on conflict (organization_id, lower(name)) do nothing`);
      }
      const tags = await db.rows<{ id: string; name: string }>(
        sql`select id, name from support.tags where organization_id = ${ORG} and lower(name) in (${names.map((n) => n.toLowerCase())})`,
      );
      for (const tag of tags) {
        await db.run(sql`insert into support.conversation_tags (id, organization_id, conversation_id, tag_id, created_at)
          values (${newId('ctag')}, ${ORG}, ${conversation.id}, ${tag.id}, ${now}) on conflict (conversation_id, tag_id) do nothing`);
      }
      return this.tagsOf(tx, conversation.id);
    });
  }

  async removeTag(em: EntityManager, id: string, tagId: string): Promise<SupportTagView[]> {
    const conversation = await this.find(em, id);
    const link = await em.findOne(ConversationTag, { conversationId: conversation.id, tagId });
    if (!link) throw notFound('Tag on this conversation');
    await em.removeAndFlush(link);
    return this.tagsOf(em, conversation.id);
  }

  async tagsOf(em: EntityManager, conversationId: string): Promise<SupportTagView[]> {
    const links = await em.find(ConversationTag, { conversationId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const tags = await em.find(SupportTag, { id: { $in: links.map((l) => l.tagId) } });
    const byId = new Map(tags.map((t) => [t.id, t]));
    return links
      .map((l) => byId.get(l.tagId))
      .filter((t): t is SupportTag => !!t)
      .map((t) => ({ id: t.id, name: t.name }))
      .sort(byTagName);
  }
}
