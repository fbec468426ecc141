import { useEffect, useState } from 'react';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Loading } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { MailboxSearchQuery } from './mailbox-documents';
import { MessageRows } from './MessageRows';

const LIMIT = 25;

/** The messages of the mailbox that match `query` (the module's full-text search), best matches first. */
export function MailboxSearch({
  mailboxId,
  query,
  onAddress,
}: {
  mailboxId: string;
  query: string;
  onAddress: (a: string) => void;
}) {
  const [page, setPage] = useState(1);
  const { data, errors, loading } = useQuery(MailboxSearchQuery, {
    mailboxId,
    query,
    offset: (page - 1) * LIMIT,
    limit: LIMIT,
  });
  useEffect(() => {
    if (data) onAddress(data.mailbox.address);
  }, [data, onAddress]);
  return (
    <>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Searching" />}
      {data && (
        <>
          <MessageRows
            mailboxId={mailboxId}
            caption={`Messages matching “${query}”`}
            empty="No message matches."
            rows={data.searchMailbox.data}
          />
          <Pager page={page} limit={LIMIT} total={data.searchMailbox.meta.total} onPage={setPage} label="Results" />
        </>
      )}
    </>
  );
}
