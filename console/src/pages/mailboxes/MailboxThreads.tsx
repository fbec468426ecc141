import { useEffect, useState } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { MailboxThreadsQuery } from './mailbox-documents';

const LIMIT = 25;

/** The mailbox's threads, latest activity first; each opens the thread page. */
export function MailboxThreads({ mailboxId, onAddress }: { mailboxId: string; onAddress: (a: string) => void }) {
  const [page, setPage] = useState(1);
  const { data, errors, loading } = useQuery(MailboxThreadsQuery, {
    mailboxId,
    offset: (page - 1) * LIMIT,
    limit: LIMIT,
  });
  useEffect(() => {
    if (data) onAddress(data.mailbox.address);
  }, [data, onAddress]);
  return (
    <>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading the threads" />}
      {data && (
        <>
          <DataTable
            caption={`Threads of ${data.mailbox.address}`}
            empty="No threads."
            rows={data.mailboxThreads.data}
            rowKey={(t) => t.id}
            columns={[
              { header: 'Last message', cell: (t) => <When iso={t.lastMessageAt} /> },
              {
                header: 'Subject',
                cell: (t) => (
                  <Anchor
                    component={Link}
                    to={`/mailboxes/${encodeURIComponent(mailboxId)}/threads/${encodeURIComponent(t.id)}`}
                    fw={t.unreadCount > 0 ? 700 : undefined}
                  >
                    {t.subject || '(no subject)'}
                  </Anchor>
                ),
              },
              { header: 'Participants', cell: (t) => t.participants.join(', ') },
              { header: 'Messages', cell: (t) => t.messageCount },
              { header: 'Unread', cell: (t) => t.unreadCount },
            ]}
          />
          <Pager page={page} limit={LIMIT} total={data.mailboxThreads.meta.total} onPage={setPage} label="Threads" />
        </>
      )}
    </>
  );
}
