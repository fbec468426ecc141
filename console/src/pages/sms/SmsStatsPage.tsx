import { SimpleGrid, Text } from '@mantine/core';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DailyChart } from '../../components/DailyChart';
import { dailySeries } from '../../components/daily-series';
import { DataTable } from '../../components/DataTable';
import { DayRangeInputs, useDayRange, WithinRange } from '../../components/DayRange';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SectionLinks } from '../../components/SectionLinks';
import { SMS_SECTIONS } from './sms-sections';

const SmsDailyStatsQuery = graphql(`
  query ConsoleSmsDailyStats($fromDate: String!, $toDate: String!) {
    smsDailyStats(fromDate: $fromDate, toDate: $toDate) { date country sent delivered failed blocked segments }
  }
`);

const COUNTS = ['sent', 'delivered', 'failed', 'blocked', 'segments'] as const;
const count = (n: number) => n.toLocaleString('en-US');

const CHARTS: { key: (typeof COUNTS)[number]; title: string }[] = [
  { key: 'sent', title: 'Sent per day' },
  { key: 'delivered', title: 'Delivered per day' },
  { key: 'failed', title: 'Failed per day' },
  { key: 'blocked', title: 'Blocked per day' },
];

function Stats({ from, to }: { from: string; to: string }) {
  const { data, errors, loading } = useQuery(SmsDailyStatsQuery, { fromDate: from, toDate: to });
  // The API splits each day by country; the charts add the countries up.
  const days = data ? dailySeries(from, to, data.smsDailyStats, (r) => r.date, COUNTS) : [];
  const rows = data?.smsDailyStats ?? [];
  return (
    <>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading SMS stats" />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            {CHARTS.map((c) => (
              <DailyChart key={c.key} days={days} title={c.title} value={(d) => d[c.key]} format={count} />
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Outbound messages on the UTC day they were submitted. Sent counts those that reached the carrier (sent,
            delivered or undelivered); failed counts failed and undelivered ones; blocked ones went to an opted-out
            number.
          </Text>
          <DataTable
            caption="SMS per day and country"
            empty="No messages in this range."
            rows={rows}
            rowKey={(r) => `${r.date} ${r.country ?? ''}`}
            columns={[
              { header: 'Day (UTC)', cell: (r) => <time dateTime={r.date}>{r.date}</time> },
              { header: 'Country', cell: (r) => r.country ?? '—' },
              { header: 'Sent', cell: (r) => count(r.sent) },
              { header: 'Delivered', cell: (r) => count(r.delivered) },
              { header: 'Failed', cell: (r) => count(r.failed) },
              { header: 'Blocked', cell: (r) => count(r.blocked) },
              { header: 'Segments', cell: (r) => count(r.segments) },
            ]}
          />
        </>
      )}
    </>
  );
}

/** Outbound SMS per UTC day over the range in the address (`?from=&to=`, the last 30 days by default). */
export default function SmsStatsPage() {
  const range = useDayRange();
  return (
    <PageFrame
      title="SMS stats"
      scope="sms"
      actions={
        <>
          <SectionLinks label="SMS pages" links={SMS_SECTIONS} />
          <DayRangeInputs range={range} />
        </>
      }
    >
      <WithinRange from={range.from} to={range.to}>
        <Stats from={range.from} to={range.to} />
      </WithinRange>
    </PageFrame>
  );
}
