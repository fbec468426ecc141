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
  query ConsoleForms($page: Int!, $limit: Int!) {
    forms(page: $page, limit: $limit) {
      data { id uuid title slug status createdAt publishedAt }
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
      {loading && !data && <Loading label="Loading forms" />}
      {data && (
        <>
          <DataTable
            caption="Forms"
            empty="No forms yet"
            rows={data.forms.data}
            rowKey={(row) => row.uuid}
            columns={[
              {
                header: 'Title',
                cell: (row) => (
                  <Anchor component={Link} to={`/forms/${row.id}`}>
                    {row.title}
                  </Anchor>
                ),
              },
              { header: 'Slug', cell: (row) => row.slug },
              { header: 'Status', cell: (row) => row.status },
              { header: 'Published', cell: (row) => <When iso={row.publishedAt} /> },
              { header: 'Created', cell: (row) => <When iso={row.createdAt} /> },
            ]}
          />
          <Pager page={page} limit={LIMIT} total={data.forms.meta.total} onPage={setPage} label="Forms" />
        </>
      )}
    </>
  );
}

export default function Page() {
  return (
    <PageFrame title="Forms" scope="forms">
      <List />
    </PageFrame>
  );
}
