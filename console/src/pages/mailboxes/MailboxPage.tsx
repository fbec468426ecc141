import { useState } from 'react';
import { Anchor, Badge, Group, Switch, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useHasScope } from '../../api/session-context';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';

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

/** A mailbox's received messages, newest first; each opens the whole message. */
export default function MailboxPage() {
  const { mailboxId = '' } = useParams();
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  // Asked here so the heading can be the mailbox's address; never asked without the scope.
  const { data, errors, loading } = useQuery(
    MailboxInboxQuery,
    { mailboxId, offset: (page - 1) * LIMIT, limit: LIMIT, unread: unreadOnly ? true : null },
    { skip: !useHasScope('mailboxes') },
  );
  return (
    <PageFrame
      title={data?.mailbox.address ?? 'Mailbox'}
      scope="mailboxes"
      actions={
        <Anchor component={Link} to="/mailboxes" size="sm">
          All mailboxes
        </Anchor>
      }
    >
      <Switch
        label="Unread only"
        checked={unreadOnly}
        onChange={(e) => {
          setUnreadOnly(e.currentTarget.checked);
          setPage(1);
        }}
      />
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading the inbox" />}
      {data && (
        <>
          <DataTable
            caption={`Inbox of ${data.mailbox.address}`}
            empty="No messages."
            rows={data.mailboxInbox.data}
            rowKey={(m) => m.id}
            columns={[
              { header: 'Received', cell: (m) => <When iso={m.receivedAt} /> },
              { header: 'From', cell: (m) => m.from },
              {
                header: 'Subject',
                cell: (m) => (
                  <>
                    <Anchor
                      component={Link}
                      to={`/mailboxes/${encodeURIComponent(mailboxId)}/messages/${encodeURIComponent(m.id)}`}
                      fw={m.read ? undefined : 700}
                    >
                      {m.subject || '(no subject)'}
                    </Anchor>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {m.textPreview}
                    </Text>
                  </>
                ),
              },
              { header: 'Attachments', cell: (m) => m.attachmentCount },
              {
                header: 'Labels',
                cell: (m) => (
                  <Group gap={4}>
                    {!m.read && <Badge size="xs">unread</Badge>}
                    {m.labels.map((l) => (
                      <Badge key={l} size="xs" variant="outline">
                        {l}
                      </Badge>
                    ))}
                  </Group>
                ),
              },
            ]}
          />
          <Pager page={page} limit={LIMIT} total={data.mailboxInbox.meta.total} onPage={setPage} label="Messages" />
        </>
      )}
    </PageFrame>
  );
}
