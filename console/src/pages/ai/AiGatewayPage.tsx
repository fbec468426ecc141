import { useState, type ReactNode } from 'react';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';

// One request for the whole page: the configuration lists are small (no pagination in the API), the log is paged.
const GatewayQuery = graphql(`
  query ConsoleAiUsage($page: Int!, $limit: Int!) {
    aiProviders {
      data { provider format baseUrl createdAt }
    }
    aiRoutes {
      data { model targets { provider model } updatedAt }
    }
    aiGatewayKeys {
      data { id name prefix allowedModels requestsPerMinute tokensPerMinute createdAt expiresAt revokedAt }
    }
    aiUsageLog(page: $page, limit: $limit) {
      data { requestId model provider promptTokens completionTokens costUsd latencyMs status createdAt }
      meta { total }
    }
  }
`);

const LIMIT = 25;

const perMinute = (n: number | null | undefined, unit: string, none: string) =>
  n === null || n === undefined ? none : `${n.toLocaleString('en-US')} ${unit}/min`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Gateway() {
  const [page, setPage] = useState(1);
  const { data, errors, loading } = useQuery(GatewayQuery, { page, limit: LIMIT });
  return (
    <>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading the AI gateway" />}
      {data && (
        <Stack gap="lg">
          <Section title="Providers">
            {/* The stored API key is never shown, not even its hint. */}
            <DataTable
              caption="Providers"
              empty="No provider credentials yet"
              rows={data.aiProviders.data}
              rowKey={(row) => row.provider}
              columns={[
                { header: 'Provider', cell: (row) => row.provider },
                { header: 'Format', cell: (row) => row.format },
                { header: 'Base URL', cell: (row) => row.baseUrl ?? 'provider default' },
                { header: 'Added', cell: (row) => <When iso={row.createdAt} /> },
              ]}
            />
          </Section>
          <Section title="Routes">
            <DataTable
              caption="Routes"
              empty="No routes yet"
              rows={data.aiRoutes.data}
              rowKey={(row) => row.model}
              columns={[
                { header: 'Model', cell: (row) => row.model },
                {
                  header: 'Targets (fallback order)',
                  cell: (row) => row.targets.map((target) => `${target.provider}/${target.model}`).join(' → '),
                },
                { header: 'Updated', cell: (row) => <When iso={row.updatedAt} /> },
              ]}
            />
          </Section>
          <Section title="Gateway keys">
            <DataTable
              caption="Gateway keys"
              empty="No gateway keys yet"
              rows={data.aiGatewayKeys.data}
              rowKey={(row) => row.id}
              columns={[
                { header: 'Name', cell: (row) => row.name },
                { header: 'Prefix', cell: (row) => <code>{row.prefix}</code> },
                { header: 'Models', cell: (row) => row.allowedModels?.join(', ') ?? 'any' },
                {
                  header: 'Limits',
                  cell: (row) =>
                    `${perMinute(row.requestsPerMinute, 'requests', 'plan rate')}; ${perMinute(row.tokensPerMinute, 'tokens', 'no token limit')}`,
                },
                { header: 'Created', cell: (row) => <When iso={row.createdAt} /> },
                { header: 'Expires', cell: (row) => (row.expiresAt ? <When iso={row.expiresAt} /> : 'never') },
                { header: 'Revoked', cell: (row) => (row.revokedAt ? <When iso={row.revokedAt} /> : 'no') },
              ]}
            />
          </Section>
          <Section title="Usage log">
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
                  cell: (row) =>
                    row.costUsd === null || row.costUsd === undefined ? 'unknown' : row.costUsd.toFixed(6),
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
          </Section>
        </Stack>
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
      <Gateway />
    </PageFrame>
  );
}
