import { useMemo, useRef, useState } from 'react';
import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { useSubscription } from '../../api/live';
import { LiveEventsSubscription } from '../../api/live-events';
import { useSession } from '../../api/session-context';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { When } from '../../components/DataTable';
import { Loading } from '../../components/PageFrame';

// One request for every module the key may read: a module without the scope is left out by @include.
const OverviewQuery = graphql(`
  query ConsoleOverview($day: String!, $month: String!, $now: String!, $email: Boolean!, $sms: Boolean!, $crm: Boolean!, $support: Boolean!, $ai: Boolean!, $calendar: Boolean!) {
    emailDay: emailMessages(fromDate: $day, limit: 1) @include(if: $email) { meta { total } }
    emailMonth: emailMessages(fromDate: $month, limit: 1) @include(if: $email) { meta { total } }
    smsDay: smsMessages(fromDate: $day, limit: 1) @include(if: $sms) { meta { total } }
    smsMonth: smsMessages(fromDate: $month, limit: 1) @include(if: $sms) { meta { total } }
    contactsDay: contacts(from: $day, limit: 1) @include(if: $crm) { meta { total } }
    contactsMonth: contacts(from: $month, limit: 1) @include(if: $crm) { meta { total } }
    supportDay: supportAnalyticsOverview(startDate: $day, endDate: $now) @include(if: $support) { conversations }
    supportMonth: supportAnalyticsOverview(startDate: $month, endDate: $now) @include(if: $support) { conversations }
    aiDay: aiUsageSummary(fromDate: $day, toDate: $now) @include(if: $ai) { requests costUsd }
    aiMonth: aiUsageSummary(fromDate: $month, toDate: $now) @include(if: $ai) { requests costUsd }
    bookingsDay: calendarBookings(startDate: $day, endDate: $now, limit: 1) @include(if: $calendar) { meta { total } }
    bookingsMonth: calendarBookings(startDate: $month, endDate: $now, limit: 1) @include(if: $calendar) { meta { total } }
  }
`);

interface LiveEvent {
  id: string;
  type: string;
  timestamp: string;
}

const HOUR = 3_600_000;

export default function OverviewPage() {
  const { session } = useSession();
  const has = (scope: string) => session.scopes.includes(scope);
  // The windows are fixed when the page opens (or is refreshed by an event), so the variables stay stable.
  const [now, setNow] = useState(() => Date.now());
  const variables = useMemo(
    () => ({
      day: new Date(now - 24 * HOUR).toISOString(),
      month: new Date(now - 30 * 24 * HOUR).toISOString(),
      now: new Date(now + 1000).toISOString(),
      email: has('email'),
      sms: has('sms'),
      crm: has('crm'),
      support: has('support'),
      ai: has('ai'),
      calendar: has('calendar'),
    }),
    [now, session.scopes],
  );
  const { data, errors, loading } = useQuery(OverviewQuery, variables);
  const [events, setEvents] = useState<LiveEvent[]>([]);
  const refresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  useSubscription(
    LiveEventsSubscription,
    { types: null },
    ({ events: event }) => {
      setEvents((list) => [event, ...list].slice(0, 10));
      // Counts follow the stream, at most once a second.
      refresh.current ??= setTimeout(() => {
        refresh.current = null;
        setNow(Date.now());
      }, 1000);
    },
    undefined,
    !has('webhooks'),
  );

  const cards: { label: string; day?: number; month?: number; show: boolean }[] = [
    { label: 'Emails sent', day: data?.emailDay?.meta.total, month: data?.emailMonth?.meta.total, show: has('email') },
    { label: 'SMS messages', day: data?.smsDay?.meta.total, month: data?.smsMonth?.meta.total, show: has('sms') },
    {
      label: 'New contacts',
      day: data?.contactsDay?.meta.total,
      month: data?.contactsMonth?.meta.total,
      show: has('crm'),
    },
    {
      label: 'Support conversations',
      day: data?.supportDay?.conversations,
      month: data?.supportMonth?.conversations,
      show: has('support'),
    },
    {
      label: 'Bookings starting',
      day: data?.bookingsDay?.meta.total,
      month: data?.bookingsMonth?.meta.total,
      show: has('calendar'),
    },
    { label: 'AI gateway requests', day: data?.aiDay?.requests, month: data?.aiMonth?.requests, show: has('ai') },
  ];
  return (
    <Stack>
      <Title order={1} size="h2">
        Overview
      </Title>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading the counts" />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {cards
          .filter((c) => c.show)
          .map((c) => (
            <Card withBorder key={c.label} aria-label={c.label}>
              <Text fw={600}>{c.label}</Text>
              <Text size="xl" fw={700}>
                {c.day ?? '—'}{' '}
                <Text span size="sm" c="dimmed">
                  in the last 24 hours
                </Text>
              </Text>
              <Text size="sm">{c.month ?? '—'} in the last 30 days</Text>
            </Card>
          ))}
      </SimpleGrid>
      <Title order={2} size="h4">
        Newest events
      </Title>
      {!has('webhooks') ? (
        <Text c="dimmed">The live event stream needs the “webhooks” scope.</Text>
      ) : events.length === 0 ? (
        <Text c="dimmed">Events appear here as they happen.</Text>
      ) : (
        <Table>
          <caption className="visually-hidden">Newest events</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Id</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>
                  <When iso={e.timestamp} />
                </Table.Td>
                <Table.Td>{e.type}</Table.Td>
                <Table.Td>{e.id}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
