import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Switch, Tabs, TextInput } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { MessageRows } from './MessageRows';
import { MailboxSearch } from './MailboxSearch';
import { MailboxThreads } from './MailboxThreads';

const MailboxInboxQuery = graphql(`
  query ConsoleMailboxInbox($mailboxId: ID!, $offset: Int!, $limit: Int!, $unread: Boolean) {
    mailbox(id: $mailboxId) { id address }
    mailboxInbox(mailboxId: $mailboxId, offset: $offset, limit: $limit, unread: $unread) {
      data { id from subject textPreview read attachmentCount labels receivedAt }
      meta { total }
    }
  }
`);

const LIMIT = 25;

function Inbox({ mailboxId, onAddress }: { mailboxId: string; onAddress: (a: string) => void }) {
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const { data, errors, loading } = useQuery(MailboxInboxQuery, {
    mailboxId,
    offset: (page - 1) * LIMIT,
    limit: LIMIT,
    unread: unreadOnly ? true : null,
  });
  useEffect(() => {
    if (data) onAddress(data.mailbox.address);
  }, [data, onAddress]);
  return (
    <>
      <Switch
        label="Unread only"
        checked={unreadOnly}
        onChange={(e) => {
          setUnreadOnly(e.currentTarget.checked);
          setPage(1);
        }}
        mb="sm"
      />
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading the inbox" />}
      {data && (
        <>
          <MessageRows
            mailboxId={mailboxId}
            caption={`Inbox of ${data.mailbox.address}`}
            empty="No messages."
            rows={data.mailboxInbox.data}
          />
          <Pager page={page} limit={LIMIT} total={data.mailboxInbox.meta.total} onPage={setPage} label="Messages" />
        </>
      )}
    </>
  );
}

/** A mailbox: its inbox (newest first), its threads, or a search of its messages; one request for what is shown. */
export default function MailboxPage() {
  const { mailboxId = '' } = useParams();
  const [address, setAddress] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  return (
    <PageFrame
      title={address ?? 'Mailbox'}
      scope="mailboxes"
      actions={
        <Anchor component={Link} to="/mailboxes" size="sm">
          All mailboxes
        </Anchor>
      }
    >
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(typed.trim());
        }}
      >
        <Group align="end" gap="sm">
          <TextInput
            label="Search this mailbox"
            description='Words, "phrases", OR, -word'
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            w={320}
            maw="100%"
          />
          <Button type="submit">Search</Button>
          {query && (
            <Button
              variant="default"
              onClick={() => {
                setTyped('');
                setQuery('');
              }}
            >
              Clear search
            </Button>
          )}
        </Group>
      </form>
      {query ? (
        <MailboxSearch key={query} mailboxId={mailboxId} query={query} onAddress={setAddress} />
      ) : (
        <Tabs defaultValue="inbox" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="inbox">Inbox</Tabs.Tab>
            <Tabs.Tab value="threads">Threads</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="inbox" pt="sm">
            <Inbox mailboxId={mailboxId} onAddress={setAddress} />
          </Tabs.Panel>
          <Tabs.Panel value="threads" pt="sm">
            <MailboxThreads mailboxId={mailboxId} onAddress={setAddress} />
          </Tabs.Panel>
        </Tabs>
      )}
    </PageFrame>
  );
}
