import { useState } from 'react';
import { Badge, Group, Select, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SectionLinks } from '../../components/SectionLinks';
import { EMAIL_SECTIONS } from './email-sections';

const EmailMessagesQuery = graphql(`
  query ConsoleEmailMessages($page: Int!, $limit: Int!, $status: String, $fromDate: String, $toDate: String) {
    emailMessages(page: $page, limit: $limit, status: $status, fromDate: $fromDate, toDate: $toDate) {
      data { id from to subject status openCount clickCount createdAt }
      meta { total }
    }
  }
`);

const LIMIT = 25;
const STATUSES = ['QUEUED', 'SENT', 'DELIVERED', 'BOUNCED', 'FAILED'];

function EmailMessages() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | null>(null);
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const { data, errors, loading } = useQuery(EmailMessagesQuery, {
    page,
    limit: LIMIT,
    status,
    fromDate: fromDate || null,
    toDate: toDate || null,
  });
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return (
    <>
      <Group align="end">
        <Select
          label="Status"
          placeholder="Any"
          data={STATUSES}
          value={status}
          onChange={filter(setStatus)}
          clearable
          w={180}
        />
        <TextInput
          label="Sent from"
          type="date"
          value={fromDate}
          onChange={(e) => filter(setFromDate)(e.currentTarget.value)}
        />
        <TextInput
          label="Sent until"
          type="date"
          value={toDate}
          onChange={(e) => filter(setToDate)(e.currentTarget.value)}
        />
      </Group>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading messages" />}
      {data && (
        <>
          <DataTable
            caption="Email messages"
            empty="No messages match."
            rows={data.emailMessages.data}
            rowKey={(m) => m.id}
            columns={[
              { header: 'Created', cell: (m) => <When iso={m.createdAt} /> },
              {
                header: 'Subject',
                cell: (m) => (
                  <Link to={`/email/messages/${encodeURIComponent(m.id)}`}>{m.subject || '(no subject)'}</Link>
                ),
              },
              { header: 'From', cell: (m) => m.from },
              { header: 'To', cell: (m) => m.to.join(', ') },
              { header: 'Status', cell: (m) => <Badge variant="light">{m.status}</Badge> },
              { header: 'Opens', cell: (m) => m.openCount },
              { header: 'Clicks', cell: (m) => m.clickCount },
            ]}
          />
          <Pager
            page={page}
            limit={LIMIT}
            total={data.emailMessages.meta.total}
            onPage={setPage}
            label="Email messages"
          />
        </>
      )}
    </>
  );
}

export default function EmailPage() {
  return (
    <PageFrame title="Email" scope="email" actions={<SectionLinks label="Email pages" links={EMAIL_SECTIONS} />}>
      <EmailMessages />
    </PageFrame>
  );
}
