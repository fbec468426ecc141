import { SimpleGrid, Text } from '@mantine/core';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DailyChart } from '../../components/DailyChart';
import { dailySeries, MAX_RANGE_DAYS } from '../../components/daily-series';
import { DataTable } from '../../components/DataTable';
import { DayRangeInputs, useDayRange, WithinRange } from '../../components/DayRange';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SectionLinks } from '../../components/SectionLinks';
import { EMAIL_SECTIONS } from './email-sections';

// One row per day that has messages; a range holds at most MAX_RANGE_DAYS + 1 UTC days, so one page holds them all.
const EmailStatsQuery = graphql(`
  query ConsoleEmailStats($fromDate: String!, $toDate: String!, $limit: Int!) {
    emailStats(fromDate: $fromDate, toDate: $toDate, limit: $limit) {
      data { date total queued sent delivered bounced failed opened clicked }
    }
  }
`);

const COUNTS = ['total', 'queued', 'sent', 'delivered', 'bounced', 'failed', 'opened', 'clicked'] as const;
const count = (n: number) => n.toLocaleString('en-US');

/** The charts: by current status (as the API counts them), then opens and clicks. */
const CHARTS: { key: (typeof COUNTS)[number]; title: string }[] = [
  { key: 'sent', title: 'Sent, no verdict yet, per day' },
  { key: 'delivered', title: 'Delivered per day' },
  { key: 'bounced', title: 'Bounced per day' },
  { key: 'opened', title: 'Opened per day' },
  { key: 'clicked', title: 'Clicked per day' },
];

function Stats({ from, to }: { from: string; to: string }) {
  const { data, errors, loading } = useQuery(EmailStatsQuery, {
    fromDate: from,
    toDate: to,
    limit: MAX_RANGE_DAYS + 1,
  });
  const days = data ? dailySeries(from, to, data.emailStats.data, (r) => r.date, COUNTS) : [];
  const used = days.filter((d) => d.total > 0);
  return (
    <>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading email stats" />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            {CHARTS.map((c) => (
              <DailyChart key={c.key} days={days} title={c.title} value={(d) => d[c.key]} format={count} />
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Messages are counted on the UTC day they were created, by the status they have now: a delivered message
            counts as delivered, not also as sent. Opened and clicked count messages opened or clicked at least once.
          </Text>
          <DataTable
            caption="Email messages per day"
            empty="No messages in this range."
            rows={used}
            rowKey={(d) => d.date}
            columns={[
              { header: 'Day (UTC)', cell: (d) => <time dateTime={d.date}>{d.date}</time> },
              { header: 'Messages', cell: (d) => count(d.total) },
              { header: 'Queued', cell: (d) => count(d.queued) },
              { header: 'Sent', cell: (d) => count(d.sent) },
              { header: 'Delivered', cell: (d) => count(d.delivered) },
              { header: 'Bounced', cell: (d) => count(d.bounced) },
              { header: 'Failed', cell: (d) => count(d.failed) },
              { header: 'Opened', cell: (d) => count(d.opened) },
              { header: 'Clicked', cell: (d) => count(d.clicked) },
            ]}
          />
        </>
      )}
    </>
  );
}

/** Email messages per UTC day over the range in the address (`?from=&to=`, the last 30 days by default). */
export default function EmailStatsPage() {
  const range = useDayRange();
  return (
    <PageFrame
      title="Email stats"
      scope="email"
      actions={
        <>
          <SectionLinks label="Email pages" links={EMAIL_SECTIONS} />
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
