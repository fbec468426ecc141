import { Alert, Anchor, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { UsageChart } from './UsageChart';
import { fillDays, usageRange } from './usage-days';

const UsageQuery = graphql(`
  query ConsoleAiUsageByDay($fromDate: String!, $toDate: String!) {
    aiUsage(groupBy: "day", fromDate: $fromDate, toDate: $toDate) {
      data { group requests errors totalTokens costUsd unpricedRequests }
    }
  }
`);

const usd = (n: number) => `$${n.toFixed(n !== 0 && n < 0.01 ? 6 : 2)}`;
const count = (n: number) => n.toLocaleString('en-US');

function Usage({ from, to }: { from: string; to: string }) {
  const { data, errors, loading } = useQuery(UsageQuery, { fromDate: from, toDate: to });
  const days = data ? fillDays(from, to, data.aiUsage.data) : [];
  const used = days.filter((d) => d.requests > 0);
  const unpriced = used.reduce((n, d) => n + d.unpricedRequests, 0);
  return (
    <>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading AI gateway usage" />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <UsageChart days={days} title="Requests per day" value={(d) => d.requests} format={count} />
            <UsageChart days={days} title="Cost per day (USD)" value={(d) => d.costUsd} format={usd} />
          </SimpleGrid>
          {unpriced > 0 && (
            <Text size="sm" c="dimmed">
              {unpriced} requests were to models without a known price; their cost is not counted.
            </Text>
          )}
          <DataTable
            caption="Requests and cost per day"
            empty="No requests in this range."
            rows={used}
            rowKey={(d) => d.date}
            columns={[
              { header: 'Day (UTC)', cell: (d) => <time dateTime={d.date}>{d.date}</time> },
              { header: 'Requests', cell: (d) => count(d.requests) },
              { header: 'Errors', cell: (d) => count(d.errors) },
              { header: 'Tokens', cell: (d) => count(d.totalTokens) },
              { header: 'Cost (USD)', cell: (d) => usd(d.costUsd) },
            ]}
          />
          {used.length > 0 && (
            <Text size="xs" c="dimmed">
              Days without requests are left out of the table.
            </Text>
          )}
        </>
      )}
    </>
  );
}

/** Requests and cost per UTC day over the range in the address (`?from=&to=`, the last 30 days by default). */
export default function AiUsagePage() {
  const [params, setParams] = useSearchParams();
  const { from, to } = usageRange(params.get('from'), params.get('to'));
  const set = (name: 'from' | 'to', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('from', from);
        next.set('to', to);
        if (value) next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const actions = (
    <Group align="end" gap="sm">
      <Anchor component={Link} to="/ai" size="sm">
        Usage log
      </Anchor>
      <TextInput label="From (UTC day)" type="date" value={from} onChange={(e) => set('from', e.currentTarget.value)} />
      <TextInput label="To (UTC day)" type="date" value={to} onChange={(e) => set('to', e.currentTarget.value)} />
    </Group>
  );
  return (
    <PageFrame title="AI gateway usage" scope="ai" actions={actions}>
      {from > to ? (
        <Alert color="yellow">The range starts after it ends: pick a From day on or before the To day.</Alert>
      ) : (
        <Usage from={from} to={to} />
      )}
    </PageFrame>
  );
}
