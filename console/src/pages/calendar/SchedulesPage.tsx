import { useState } from 'react';
import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SubPages } from '../../components/SubPages';
import { CALENDAR_PAGES } from './calendar-pages';

const SchedulesQuery = graphql(`
  query ConsoleCalendarSchedules($page: Int!, $limit: Int!) {
    calendarSchedules(page: $page, limit: $limit) {
      data { id name timezone isDefault hostId updatedAt }
      meta { total }
    }
  }
`);

const LIMIT = 25;

function Schedules() {
  const [page, setPage] = useState(1);
  const { data, errors, loading } = useQuery(SchedulesQuery, { page, limit: LIMIT });
  return (
    <>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading schedules" />}
      {data && (
        <>
          <DataTable
            caption="Schedules"
            empty="No schedules yet."
            rows={data.calendarSchedules.data}
            rowKey={(s) => s.id}
            columns={[
              {
                header: 'Name',
                cell: (s) => (
                  <Anchor component={Link} to={`/calendar/schedules/${encodeURIComponent(s.id)}`}>
                    {s.name}
                  </Anchor>
                ),
              },
              { header: 'Time zone', cell: (s) => s.timezone },
              { header: 'Default', cell: (s) => (s.isDefault ? <Badge variant="light">default</Badge> : '—') },
              { header: 'Host', cell: (s) => s.hostId },
              { header: 'Updated', cell: (s) => <When iso={s.updatedAt} /> },
            ]}
          />
          <Pager
            page={page}
            limit={LIMIT}
            total={data.calendarSchedules.meta.total}
            onPage={setPage}
            label="Schedules"
          />
        </>
      )}
    </>
  );
}

/** The organization's availability schedules, oldest first; each opens its weekly hours and date overrides. */
export default function SchedulesPage() {
  return (
    <PageFrame title="Schedules" scope="calendar" actions={<SubPages label="Calendar pages" pages={CALENDAR_PAGES} />}>
      <Schedules />
    </PageFrame>
  );
}
