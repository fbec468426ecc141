import { useState } from 'react';
import { Alert, Button, Code, Group, Table, TextInput, Text } from '@mantine/core';
import { useSubscription } from '../../api/live';
import { LiveEventsSubscription } from '../../api/live-events';
import { When } from '../../components/DataTable';
import { PageFrame } from '../../components/PageFrame';

interface LiveEvent {
  id: string;
  type: string;
  timestamp: string;
  data: unknown;
}

const KEPT = 200;

/** Parses the filter box: event types separated by commas or spaces; empty means every type. */
export function parseTypes(text: string): string[] | null {
  const types = text
    .split(/[\s,]+/)
    .map((t) => t.trim())
    .filter(Boolean);
  return types.length ? types : null;
}

function EventStream() {
  const [filterText, setFilterText] = useState('');
  const [types, setTypes] = useState<string[] | null>(null);
  const [events, setEvents] = useState<LiveEvent[]>([]);
  const [selected, setSelected] = useState<LiveEvent | null>(null);
  const [error, setError] = useState<string | null>(null);
  useSubscription(
    LiveEventsSubscription,
    { types },
    ({ events: event }) => {
      setError(null);
      setEvents((list) => (list.some((e) => e.id === event.id) ? list : [event, ...list].slice(0, KEPT)));
    },
    setError,
  );
  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTypes(parseTypes(filterText));
          setEvents([]);
        }}
      >
        <Group align="end">
          <TextInput
            label="Event types"
            description="Comma-separated, e.g. email.sent, conversation.created; empty for all"
            value={filterText}
            onChange={(e) => setFilterText(e.currentTarget.value)}
            w={420}
          />
          <Button type="submit" variant="default">
            Apply filter
          </Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" title="The live stream failed" role="alert">
          {error}
        </Alert>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        {events.length === 0
          ? 'Listening: events appear here as they happen, newest first.'
          : `${events.length} events since this page opened`}
      </Text>
      {events.length > 0 && (
        <Table highlightOnHover>
          <caption className="visually-hidden">Live events</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Id</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((e) => (
              // The shown event is marked by a bar, not a tint: a tint under the button's hover tint drops its text below AA contrast.
              <Table.Tr
                key={e.id}
                aria-current={selected?.id === e.id ? 'true' : undefined}
                style={selected?.id === e.id ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-blue-9)' } : undefined}
              >
                <Table.Td>
                  <When iso={e.timestamp} />
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => setSelected(e)}
                    aria-label={`Show ${e.type} ${e.id}`}
                  >
                    {e.type}
                  </Button>
                </Table.Td>
                <Table.Td>{e.id}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {selected && (
        <section aria-label="Event JSON">
          <Text fw={600}>
            {selected.type} · {selected.id}
          </Text>
          <Code block className="json">
            {JSON.stringify(selected, null, 2)}
          </Code>
        </section>
      )}
    </>
  );
}

export default function EventsPage() {
  return (
    <PageFrame title="Events" scope="webhooks">
      <EventStream />
    </PageFrame>
  );
}
