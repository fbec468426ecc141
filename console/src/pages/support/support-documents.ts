import { graphql } from '../../gql';

export const SupportListQuery = graphql(`
  query ConsoleSupportConversations($page: Int!, $limit: Int!, $status: String, $inboxId: String, $assigneeId: String) {
    supportInboxes(limit: 100) { data { id name } }
    supportAgentWorkload { userId status }
    supportConversations(page: $page, limit: $limit, status: $status, inboxId: $inboxId, assigneeId: $assigneeId) {
      data { id subject status assigneeId inboxId visitorId channel lastActivityAt createdAt }
      meta { total }
    }
  }
`);

export const SupportConversationQuery = graphql(`
  query ConsoleSupportConversation($id: ID!) {
    supportConversation(id: $id) {
      id subject status assigneeId inboxId visitorId channel snoozedUntil lastActivityAt createdAt
      tags { id name }
      messages { id type senderType authorId content createdAt }
    }
  }
`);

export const SupportVisitorPanelQuery = graphql(`
  query ConsoleSupportVisitor($visitorId: ID!, $inboxId: ID!) {
    supportVisitor(id: $visitorId) { id name email identified lastSeenAt createdAt attributes }
    supportVisitorSessions(id: $visitorId, limit: 5) { data { id pageUrl referrer userAgent createdAt } meta { total } }
    supportVisitorEvents(id: $visitorId, limit: 10) { data { id name properties createdAt } meta { total } }
    supportInboxMembers(inboxId: $inboxId, limit: 100) { data { userId name email status } }
  }
`);

export const CannedResponsesQuery = graphql(`
  query ConsoleCannedResponses($search: String) {
    supportCannedResponses(search: $search, limit: 8) { data { id title shortcut content } }
  }
`);

export const ReplyMutation = graphql(`
  mutation ConsoleSupportReply($id: ID!, $input: SupportReplyInput!) {
    replySupportConversation(id: $id, input: $input) { id }
  }
`);

export const AssignMutation = graphql(`
  mutation ConsoleSupportAssign($id: ID!, $input: SupportAssignInput!) {
    assignSupportConversation(id: $id, input: $input) { id assigneeId }
  }
`);

export const StatusMutation = graphql(`
  mutation ConsoleSupportStatus($id: ID!, $input: SupportStatusInput!) {
    setSupportConversationStatus(id: $id, input: $input) { id status }
  }
`);

export const SnoozeMutation = graphql(`
  mutation ConsoleSupportSnooze($id: ID!, $input: SupportSnoozeInput!) {
    snoozeSupportConversation(id: $id, input: $input) { id status snoozedUntil }
  }
`);

export const TagMutation = graphql(`
  mutation ConsoleSupportTag($id: ID!, $input: SupportTagsInput!) {
    tagSupportConversation(id: $id, input: $input) { id name }
  }
`);

export const TypingMutation = graphql(`
  mutation ConsoleSupportTyping($id: ID!, $input: SupportTypingInput!) {
    setSupportConversationTyping(id: $id, input: $input) { expiresInMs }
  }
`);

/** The visitor typing in the open conversation (graphql-ws; the platform ends it by itself after a while). */
export const VisitorTypingSubscription = graphql(`
  subscription ConsoleSupportVisitorTyping($conversationId: ID!) {
    supportConversationTyping(conversationId: $conversationId) { typing }
  }
`);

/** The support events that change what the workspace shows. */
export const SUPPORT_EVENT_TYPES = [
  'conversation.created',
  'conversation.assigned',
  'conversation.replied',
  'conversation.resolved',
  'conversation.closed',
  'message.received',
  'message.sent',
];
