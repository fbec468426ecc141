import { useState } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SubPages } from '../../components/SubPages';
import { CALENDAR_PAGES } from './calendar-pages';
import { EventTypesSection } from './EventTypesSection';

const ListQuery = graphql(`
  query ConsoleBookings($page: Int!, $limit: Int!) {
    calendarBookings(page: $page, limit: $limit) {
      data { uid title status startTime endTime attendee { name email } }
      meta { total }
    }
  }
`);

const LIMIT = 25;

function List() {
  const [page, setPage] = useState(1);
  const { data, errors, loading } = useQuery(ListQuery, { page, limit: LIMIT });
  return (
    <>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading bookings" />}
      {data && (
        <>
          <DataTable
            caption="Bookings"
            empty="No bookings yet"
            rows={data.calendarBookings.data}
            rowKey={(row) => row.uid}
            columns={[
              { header: 'Starts', cell: (row) => <When iso={row.startTime} /> },
              { header: 'Ends', cell: (row) => <When iso={row.endTime} /> },
              {
                header: 'Title',
                cell: (row) => (
                  <Anchor component={Link} to={`/calendar/bookings/${encodeURIComponent(row.uid)}`}>
                    {row.title}
                  </Anchor>
                ),
              },
              { header: 'Attendee', cell: (row) => `${row.attendee.name} <${row.attendee.email}>` },
              { header: 'Status', cell: (row) => row.status },
            ]}
          />
          <Pager page={page} limit={LIMIT} total={data.calendarBookings.meta.total} onPage={setPage} label="Bookings" />
        </>
      )}
    </>
  );
}

export default function Page() {
  return (
    <PageFrame title="Calendar" scope="calendar" actions={<SubPages label="Calendar pages" pages={CALENDAR_PAGES} />}>
      <List />
      <EventTypesSection />
    </PageFrame>
  );
}
