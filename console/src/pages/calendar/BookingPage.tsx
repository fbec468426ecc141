import type { ReactNode } from 'react';
import { Anchor, Badge, Code, Group, Stack, Table } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useHasScope } from '../../api/session-context';
import { useQuery, type QueryState } from '../../api/use-query';
import type { ConsoleBookingQuery } from '../../gql/graphql';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SubPages } from '../../components/SubPages';
import { CALENDAR_PAGES } from './calendar-pages';
import { dayKey } from './week';

const BookingQuery = graphql(`
  query ConsoleBooking($uid: ID!) {
    calendarBooking(uid: $uid) {
      uid eventTypeId title status startTime endTime
      attendee { name email timezone }
      hostProfile { id name email }
      location { type url phone address }
      meetingUrl notes responses cancellationReason cancelledBy rejectionReason rescheduleReason createdAt updatedAt
    }
  }
`);

function Booking({ result }: { result: QueryState<ConsoleBookingQuery> }) {
  const { data, errors, loading } = result;
  if (loading && !data) return <Loading label="Loading the booking" />;
  if (!data) return <ApiErrorAlert errors={errors} />;
  const b = data.calendarBooking;
  const row = (label: string, value: ReactNode) => (
    <Table.Tr key={label}>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
  const where = b.location.url ?? b.location.phone ?? b.location.address ?? b.meetingUrl;
  return (
    <Stack>
      <Group gap="xs">
        <Badge>{b.status}</Badge>
      </Group>
      <Table withTableBorder maw={760}>
        <caption className="visually-hidden">Booking details</caption>
        <Table.Tbody>
          {row('Id', <Code>{b.uid}</Code>)}
          {row('Starts', <When iso={b.startTime} />)}
          {row('Ends', <When iso={b.endTime} />)}
          {row('Attendee', `${b.attendee.name} <${b.attendee.email}> (${b.attendee.timezone})`)}
          {row(
            'Host',
            [b.hostProfile.name, b.hostProfile.email && `<${b.hostProfile.email}>`].filter(Boolean).join(' ') ||
              b.hostProfile.id,
          )}
          {row('Location', `${b.location.type}${where ? `: ${where}` : ''}`)}
          {b.notes && row('Notes', b.notes)}
          {b.cancellationReason &&
            row('Cancelled', `${b.cancellationReason}${b.cancelledBy ? ` (by ${b.cancelledBy})` : ''}`)}
          {b.rejectionReason && row('Rejected', b.rejectionReason)}
          {b.rescheduleReason && row('Rescheduled', b.rescheduleReason)}
          {Object.keys(b.responses).length > 0 &&
            row(
              'Answers',
              <Code block className="json">
                {JSON.stringify(b.responses, null, 2)}
              </Code>,
            )}
          {row('Booked', <When iso={b.createdAt} />)}
        </Table.Tbody>
      </Table>
      <Anchor component={Link} to={`/calendar/week/${dayKey(new Date(b.startTime))}`} size="sm">
        Its week
      </Anchor>
    </Stack>
  );
}

/** One booking: when, who, where, and why it was cancelled or moved. */
export default function BookingPage() {
  const { uid = '' } = useParams();
  // Asked here so the heading can be the booking's title; never asked without the scope.
  const result = useQuery(BookingQuery, { uid }, { skip: !useHasScope('calendar') });
  return (
    <PageFrame
      title={result.data?.calendarBooking.title ?? 'Booking'}
      scope="calendar"
      actions={<SubPages label="Calendar pages" pages={CALENDAR_PAGES} />}
    >
      <Booking result={result} />
    </PageFrame>
  );
}
