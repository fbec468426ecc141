import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { UsageGroupTable } from './UsageGroupTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { DailyChart } from '../../components/DailyChart';
import { dailySeries } from '../../components/daily-series';
import { DayRangeInputs, useDayRange, WithinRange } from '../../components/DayRange';

const USAGE = ['requests', 'errors', 'totalTokens', 'costUsd', 'unpricedRequests'] as const;

const UsageQuery = graphql(`
  query ConsoleAiUsageByDay($fromDate: String!, $toDate: String!) {
    aiUsage(groupBy: "day", fromDate: $fromDate, toDate: $toDate) {
      data { group requests errors totalTokens costUsd unpricedRequests }
    }
    byModel: aiUsage(groupBy: "model", fromDate: $fromDate, toDate: $toDate) {
      data { group requests errors totalTokens costUsd unpricedRequests }
    }
    byKey: aiUsage(groupBy: "key", fromDate: $fromDate, toDate: $toDate) {
      data { group requests errors totalTokens costUsd unpricedRequests }
    }
    aiGatewayKeys {
      data { id name prefix }
    }
  }
`);

const usd = (n: number) => `$${n.toFixed(n !== 0 && n < 0.01 ? 6 : 2)}`;
const count = (n: number) => n.toLocaleString('en-US');

function Usage({ from, to }: { from: string; to: string }) {
  const { data, errors, loading } = useQuery(UsageQuery, { fromDate: from, toDate: to });
  const days = data ? dailySeries(from, to, data.aiUsage.data, (r) => r.group, USAGE) : [];
  const used = days.filter((d) => d.requests > 0);
  const unpriced = used.reduce((n, d) => n + d.unpricedRequests, 0);
  const keys = new Map(data?.aiGatewayKeys.data.map((k) => [k.id, `${k.name} (${k.prefix}…)`]));
  return (
    <>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading AI gateway usage" />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <DailyChart days={days} title="Requests per day" value={(d) => d.requests} format={count} />
            <DailyChart days={days} title="Cost per day (USD)" value={(d) => d.costUsd} format={usd} />
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
          <UsageGroupTable
            caption="By model"
            header="Model"
            rows={data.byModel.data}
            name={(group) => group ?? 'unknown'}
          />
          {/* A null key is usage through a platform API key (GraphQL), not a gateway key. */}
          <UsageGroupTable
            caption="By key"
            header="Gateway key"
            rows={data.byKey.data}
            name={(group) => (group === null || group === undefined ? 'platform API key' : (keys.get(group) ?? group))}
          />
        </>
      )}
    </>
  );
}

/** Requests and cost per UTC day over the range in the address (`?from=&to=`, the last 30 days by default). */
export default function AiUsagePage() {
  const range = useDayRange();
  const actions = (
    <DayRangeInputs range={range}>
      <Anchor component={Link} to="/ai" size="sm">
        Usage log
      </Anchor>
    </DayRangeInputs>
  );
  return (
    <PageFrame title="AI gateway usage" scope="ai" actions={actions}>
      <WithinRange from={range.from} to={range.to}>
        <Usage from={range.from} to={range.to} />
      </WithinRange>
    </PageFrame>
  );
}
