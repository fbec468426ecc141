import { graphql } from '../../gql';

/** A mailbox's search: messages matching the words, with the mailbox's address for the heading. */
export const MailboxSearchQuery = graphql(`
  query ConsoleMailboxSearch($mailboxId: ID!, $query: String!, $offset: Int!, $limit: Int!) {
    mailbox(id: $mailboxId) { id address }
    searchMailbox(mailboxId: $mailboxId, query: $query, offset: $offset, limit: $limit) {
      data { id from subject textPreview read attachmentCount labels receivedAt }
      meta { total }
    }
  }
`);

/** A mailbox's threads, latest activity first. */
export const MailboxThreadsQuery = graphql(`
  query ConsoleMailboxThreads($mailboxId: ID!, $offset: Int!, $limit: Int!) {
    mailbox(id: $mailboxId) { id address }
    mailboxThreads(mailboxId: $mailboxId, offset: $offset, limit: $limit) {
      data { id subject participants messageCount unreadCount lastMessageAt }
      meta { total }
    }
  }
`);

/** One thread with every message, oldest first. */
export const MailboxThreadQuery = graphql(`
  query ConsoleMailboxThread($id: ID!) {
    mailboxThread(id: $id) {
      id mailboxId subject participants messageCount
      messages { id direction status from to subject labels receivedAt htmlBody textBody }
    }
  }
`);

export const ReplyToMessage = graphql(`
  mutation ConsoleReplyToMailboxMessage($id: ID!, $input: MailboxReplyInput!) {
    replyToMailboxMessage(id: $id, input: $input) { id status }
  }
`);

export const LabelMessage = graphql(`
  mutation ConsoleLabelMailboxMessage($id: ID!, $input: MailboxLabelsInput!) {
    labelMailboxMessage(id: $id, input: $input) { id labels }
  }
`);

export const UnlabelMessage = graphql(`
  mutation ConsoleUnlabelMailboxMessage($id: ID!, $name: String!) {
    unlabelMailboxMessage(id: $id, name: $name) { id labels }
  }
`);
