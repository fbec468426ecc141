import { useState } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';

const MailboxesQuery = graphql(`
  query ConsoleMailboxes($offset: Int!, $limit: Int!) {
    mailboxes(offset: $offset, limit: $limit) {
      data { id address name domain createdAt }
      meta { total }
    }
  }
`);

const LIMIT = 25;

function Mailboxes() {
  const [page, setPage] = useState(1);
  const { data, errors, loading } = useQuery(MailboxesQuery, { offset: (page - 1) * LIMIT, limit: LIMIT });
  return (
    <>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading mailboxes" />}
      {data && (
        <>
          <DataTable
            caption="Mailboxes"
            empty="No mailboxes yet."
            rows={data.mailboxes.data}
            rowKey={(row) => row.id}
            columns={[
              {
                header: 'Address',
                cell: (row) => (
                  <Anchor component={Link} to={`/mailboxes/${encodeURIComponent(row.id)}`}>
                    {row.address}
                  </Anchor>
                ),
              },
              { header: 'Name', cell: (row) => row.name },
              { header: 'Domain', cell: (row) => row.domain },
              { header: 'Created', cell: (row) => <When iso={row.createdAt} /> },
            ]}
          />
          <Pager page={page} limit={LIMIT} total={data.mailboxes.meta.total} onPage={setPage} label="Mailboxes" />
        </>
      )}
    </>
  );
}

export default function MailboxesPage() {
  return (
    <PageFrame title="Mailboxes" scope="mailboxes">
      <Mailboxes />
    </PageFrame>
  );
}
