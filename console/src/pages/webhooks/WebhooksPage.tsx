import { useState } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';

const ListQuery = graphql(`
  query ConsoleWebhooks($page: Int!, $limit: Int!) {
    webhooks(page: $page, limit: $limit) {
      data { id url events active failed description createdAt }
      meta { total }
    }
  }
`);

const LIMIT = 25;

function List() {
  const [page, setPage] = useState(1);
  const { data, errors, loading } = useQuery(ListQuery, { page, limit: LIMIT });
  return (
    <>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading webhook endpoints" />}
      {data && (
        <>
          <DataTable
            caption="Webhook endpoints"
            empty="No webhook endpoints yet"
            rows={data.webhooks.data}
            rowKey={(row) => row.id}
            columns={[
              {
                header: 'URL',
                cell: (row) => (
                  <Anchor
                    component={Link}
                    to={`/webhooks/${encodeURIComponent(row.id)}`}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {row.url}
                  </Anchor>
                ),
              },
              { header: 'Events', cell: (row) => row.events.join(', ') },
              { header: 'Active', cell: (row) => (row.active ? 'yes' : 'no') },
              { header: 'Failed', cell: (row) => (row.failed ? 'yes' : 'no') },
              { header: 'Created', cell: (row) => <When iso={row.createdAt} /> },
            ]}
          />
          <Pager
            page={page}
            limit={LIMIT}
            total={data.webhooks.meta.total}
            onPage={setPage}
            label="Webhook endpoints"
          />
        </>
      )}
    </>
  );
}

export default function Page() {
  return (
    <PageFrame title="Webhooks" scope="webhooks">
      <List />
    </PageFrame>
  );
}
