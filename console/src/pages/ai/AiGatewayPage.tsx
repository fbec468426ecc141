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
  query ConsoleAiUsage($page: Int!, $limit: Int!) {
    aiUsageLog(page: $page, limit: $limit) {
      data { requestId model provider promptTokens completionTokens costUsd latencyMs status createdAt }
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
      {loading && !data && <Loading label="Loading AI gateway requests" />}
      {data && (
        <>
          <DataTable
            caption="AI gateway requests"
            empty="No AI gateway requests yet"
            rows={data.aiUsageLog.data}
            rowKey={(row) => row.requestId}
            columns={[
              { header: 'When', cell: (row) => <When iso={row.createdAt} /> },
              { header: 'Model', cell: (row) => row.model },
              { header: 'Provider', cell: (row) => row.provider ?? '—' },
              { header: 'Tokens', cell: (row) => row.promptTokens + row.completionTokens },
              {
                header: 'Cost (USD)',
                cell: (row) => (row.costUsd === null || row.costUsd === undefined ? 'unknown' : row.costUsd.toFixed(6)),
              },
              { header: 'Latency (ms)', cell: (row) => row.latencyMs },
              { header: 'Status', cell: (row) => row.status },
            ]}
          />
          <Pager
            page={page}
            limit={LIMIT}
            total={data.aiUsageLog.meta.total}
            onPage={setPage}
            label="AI gateway requests"
          />
        </>
      )}
    </>
  );
}

export default function Page() {
  return (
    <PageFrame
      title="AI gateway"
      scope="ai"
      actions={
        <Anchor component={Link} to="/ai/usage" size="sm">
          Usage per day
        </Anchor>
      }
    >
      <List />
    </PageFrame>
  );
}
