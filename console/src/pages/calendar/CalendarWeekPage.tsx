import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SubPages } from '../../components/SubPages';
import { CALENDAR_PAGES } from './calendar-pages';
import { byDay, dayKey, shiftWeek, weekBounds, weekDays, weekOf } from './week';

const WeekQuery = graphql(`
  query ConsoleBookingsWeek($startDate: String!, $endDate: String!, $limit: Int!) {
    calendarBookings(startDate: $startDate, endDate: $endDate, limit: $limit) {
      data { uid title status startTime endTime attendee { name email } }
      meta { total hasMore }
    }
  }
`);

/** The most a page of the bookings query gives; a busier week says how many are left out. */
const LIMIT = 100;

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
const dayName = (day: Date) => day.toLocaleDateString([], { weekday: 'long', day: 'numeric', month: 'long' });

function Week({ monday }: { monday: Date }) {
  const { data, errors, loading } = useQuery(WeekQuery, { ...weekBounds(monday), limit: LIMIT });
  const days = byDay(data?.calendarBookings.data ?? [], (b) => b.startTime);
  const today = dayKey(new Date());
  return (
    <>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading the week's bookings" />}
      {data?.calendarBookings.meta.hasMore && (
        <Alert color="yellow">
          The first {LIMIT} of the week's {data.calendarBookings.meta.total} bookings are shown.
        </Alert>
      )}
      {data && (
        <SimpleGrid cols={{ base: 1, md: 7 }} spacing="xs">
          {weekDays(monday).map((day) => {
            const key = dayKey(day);
            const bookings = days.get(key) ?? [];
            return (
              <Paper
                key={key}
                withBorder
                p="xs"
                component="section"
                aria-labelledby={`day-${key}`}
                bg={key === today ? 'blue.0' : undefined}
              >
                <Title order={2} size="h6" id={`day-${key}`} mb={4}>
                  {dayName(day)}
                </Title>
                {bookings.length === 0 ? (
                  <Text size="xs" c="dimmed">
                    No bookings
                  </Text>
                ) : (
                  <ul className="plain-list">
                    {bookings.map((b) => (
                      <li key={b.uid}>
                        <Anchor
                          component={Link}
                          to={`/calendar/bookings/${encodeURIComponent(b.uid)}`}
                          size="sm"
                          td={b.status === 'CANCELLED' || b.status === 'REJECTED' ? 'line-through' : undefined}
                          style={{ display: 'block', overflowWrap: 'anywhere' }}
                        >
                          <time dateTime={b.startTime}>{time(b.startTime)}</time>–
                          <time dateTime={b.endTime}>{time(b.endTime)}</time> {b.title}, {b.attendee.name}
                        </Anchor>
                        {b.status !== 'CONFIRMED' && (
                          <Badge size="xs" variant="light">
                            {b.status}
                          </Badge>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </>
  );
}

/** A week of bookings, Monday to Sunday in the reader's zone; the address names the week, so it can be shared. */
export default function CalendarWeekPage() {
  const { week } = useParams();
  const monday = weekOf(week);
  const sunday = weekDays(monday)[6]!;
  const link = (weeks: number) => `/calendar/week/${dayKey(shiftWeek(monday, weeks))}`;
  const actions = (
    <Stack gap="xs">
      <SubPages label="Calendar pages" pages={CALENDAR_PAGES} />
      <Group gap="xs">
        <Button component={Link} to={link(-1)} variant="default" size="xs">
          Previous week
        </Button>
        <Button component={Link} to={link(1)} variant="default" size="xs">
          Next week
        </Button>
        <Button component={Link} to="/calendar/week" variant="subtle" size="xs">
          This week
        </Button>
        <Text size="sm" aria-live="polite">
          {monday.toLocaleDateString([], { day: 'numeric', month: 'long' })} –{' '}
          {sunday.toLocaleDateString([], { day: 'numeric', month: 'long', year: 'numeric' })}
        </Text>
      </Group>
    </Stack>
  );
  return (
    <PageFrame title="Calendar week" scope="calendar" actions={actions}>
      <Week monday={monday} />
    </PageFrame>
  );
}
