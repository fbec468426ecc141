import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SubPages } from '../../components/SubPages';
import { CALENDAR_PAGES } from './calendar-pages';
import { DateOverrides } from './DateOverrides';
import { WeeklyHoursEditor } from './WeeklyHoursEditor';
import { WEEKDAYS, dayName, hoursText, weekForm } from './weekly-hours';

const ScheduleQuery = graphql(`
  query ConsoleCalendarSchedule($id: ID!) {
    calendarSchedule(id: $id) {
      id name timezone isDefault hostId createdAt updatedAt
      availability { day startTime endTime }
      overrides { id date isAvailable startTime endTime reason }
    }
  }
`);

function Schedule({ id }: { id: string }) {
  const { data, errors, loading, refetch } = useQuery(ScheduleQuery, { id });
  const [editing, setEditing] = useState(false);
  if (loading && !data) return <Loading label="Loading the schedule" />;
  const s = data?.calendarSchedule;
  if (!s) return errors.length ? <ApiErrorAlert errors={errors} /> : <Text>No such schedule.</Text>;
  const week = weekForm(s.availability);
  return (
    <Stack gap="lg">
      <ApiErrorAlert errors={errors} />
      <div>
        <Title order={2} size="h3">
          {s.name}
        </Title>
        <Group gap="xs" mt={4}>
          {s.isDefault && <Badge>default</Badge>}
          <Text size="sm">Time zone: {s.timezone}</Text>
          <Text size="sm" c="dimmed">
            Host {s.hostId}
          </Text>
        </Group>
      </div>
      {editing ? (
        <WeeklyHoursEditor
          id={s.id}
          initial={{ name: s.name, timezone: s.timezone, week }}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            refetch();
          }}
        />
      ) : (
        <section aria-label="Weekly hours">
          <Title order={2} size="h4" mb="xs">
            Weekly hours ({s.timezone})
          </Title>
          <Table withTableBorder maw={560}>
            <caption className="visually-hidden">Weekly hours</caption>
            <Table.Tbody>
              {WEEKDAYS.map((day) => (
                <Table.Tr key={day}>
                  <Table.Th scope="row">{dayName(day)}</Table.Th>
                  <Table.Td>{hoursText(week[day])}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group mt="sm">
            <Button variant="default" onClick={() => setEditing(true)}>
              Edit hours
            </Button>
          </Group>
        </section>
      )}
      <DateOverrides scheduleId={s.id} overrides={s.overrides} onChanged={refetch} />
    </Stack>
  );
}

export default function SchedulePage() {
  const { id = '' } = useParams();
  return (
    <PageFrame title="Schedule" scope="calendar" actions={<SubPages label="Calendar pages" pages={CALENDAR_PAGES} />}>
      <Schedule id={id} />
    </PageFrame>
  );
}
