import { useState } from 'react';
import { Anchor, Button, Stack, Title } from '@mantine/core';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { Loading } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { EventTypesQuery } from './event-type-documents';
import { eventTypeForm } from './event-type-form';
import { EventTypeModal } from './EventTypeModal';

const LIMIT = 25;

/** The organization's event types with their booking pages; **Publish** edits what the booking page offers. */
export function EventTypesSection() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const { data, errors, loading, refetch } = useQuery(EventTypesQuery, { page, limit: LIMIT });
  const editing = data?.calendarEventTypes.data.find((e) => e.id === open);
  return (
    <Stack gap="xs" component="section" aria-labelledby="event-types-heading">
      <Title order={2} size="h4" id="event-types-heading">
        Event types
      </Title>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading event types" />}
      {data && (
        <>
          <DataTable
            caption="Event types"
            empty="No event types yet"
            rows={data.calendarEventTypes.data}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Title', cell: (row) => row.title },
              { header: 'Minutes', cell: (row) => row.duration },
              { header: 'Questions', cell: (row) => row.bookingQuestions.length },
              {
                header: 'Booking page',
                cell: (row) =>
                  row.bookingUrl ? (
                    <Anchor href={row.bookingUrl} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {row.bookingUrl}
                    </Anchor>
                  ) : (
                    'not public'
                  ),
              },
              {
                header: 'Edit',
                cell: (row) => (
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={`Publish ${row.title}`}
                    onClick={() => setOpen(row.id)}
                  >
                    Publish…
                  </Button>
                ),
              },
            ]}
          />
          <Pager
            page={page}
            limit={LIMIT}
            total={data.calendarEventTypes.meta.total}
            onPage={setPage}
            label="Event types"
          />
        </>
      )}
      {editing && (
        <EventTypeModal
          key={editing.id}
          id={editing.id}
          title={editing.title}
          initial={eventTypeForm(editing)}
          bookingUrl={editing.bookingUrl ?? null}
          onClose={() => setOpen(null)}
          onSaved={refetch}
        />
      )}
    </Stack>
  );
}
