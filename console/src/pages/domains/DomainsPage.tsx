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
  query ConsoleDomains($page: Int!, $limit: Int!) {
    domains(page: $page, limit: $limit) {
      data { id domainName status expiresAt autoRenew dnssec nameservers }
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
      {loading && !data && <Loading label="Loading domains" />}
      {data && (
        <>
          <DataTable
            caption="Domains"
            empty="No domains yet"
            rows={data.domains.data}
            rowKey={(row) => row.id}
            columns={[
              {
                header: 'Domain',
                cell: (row) => (
                  <Anchor component={Link} to={`/domains/${encodeURIComponent(row.domainName)}`}>
                    {row.domainName}
                  </Anchor>
                ),
              },
              { header: 'Status', cell: (row) => row.status },
              { header: 'Expires', cell: (row) => <When iso={row.expiresAt} /> },
              { header: 'Auto-renew', cell: (row) => (row.autoRenew ? 'on' : 'off') },
              { header: 'DNSSEC', cell: (row) => (row.dnssec ? 'on' : 'off') },
              { header: 'Nameservers', cell: (row) => row.nameservers.join(', ') },
            ]}
          />
          <Pager page={page} limit={LIMIT} total={data.domains.meta.total} onPage={setPage} label="Domains" />
        </>
      )}
    </>
  );
}

export default function Page() {
  return (
    <PageFrame
      title="Domains"
      scope="domains"
      actions={
        <Anchor component={Link} to="/domains/transfers">
          Transfers
        </Anchor>
      }
    >
      <List />
    </PageFrame>
  );
}
