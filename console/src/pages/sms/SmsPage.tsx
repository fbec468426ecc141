import { useState } from 'react';
import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SectionLinks } from '../../components/SectionLinks';
import { SMS_SECTIONS } from './sms-sections';

const SmsMessagesQuery = graphql(`
  query ConsoleSmsMessages($page: Int!, $limit: Int!) {
    smsMessages(page: $page, limit: $limit) {
      data { id direction from to body status segments country createdAt }
      meta { total }
    }
  }
`);

const LIMIT = 25;

function SmsMessages() {
  const [page, setPage] = useState(1);
  const { data, errors, loading } = useQuery(SmsMessagesQuery, { page, limit: LIMIT });
  return (
    <>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading messages" />}
      {data && (
        <>
          <DataTable
            caption="SMS messages"
            empty="No SMS messages yet."
            rows={data.smsMessages.data}
            rowKey={(m) => m.id}
            columns={[
              { header: 'Created', cell: (m) => <When iso={m.createdAt} /> },
              { header: 'Direction', cell: (m) => m.direction },
              { header: 'From', cell: (m) => m.from ?? '—' },
              { header: 'To', cell: (m) => m.to },
              {
                header: 'Body',
                cell: (m) => (
                  <Anchor component={Link} to={`/sms/messages/${encodeURIComponent(m.id)}`}>
                    {m.body.slice(0, 80) || '(empty)'}
                  </Anchor>
                ),
              },
              { header: 'Segments', cell: (m) => m.segments },
              { header: 'Status', cell: (m) => <Badge variant="light">{m.status}</Badge> },
            ]}
          />
          <Pager page={page} limit={LIMIT} total={data.smsMessages.meta.total} onPage={setPage} label="SMS messages" />
        </>
      )}
    </>
  );
}

export default function SmsPage() {
  return (
    <PageFrame title="SMS" scope="sms" actions={<SectionLinks label="SMS pages" links={SMS_SECTIONS} />}>
      <SmsMessages />
    </PageFrame>
  );
}
