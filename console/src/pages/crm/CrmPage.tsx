import { useState } from 'react';
import { Badge } from '@mantine/core';
import { Link } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { CqlBox } from './CqlBox';

const ContactsQuery = graphql(`
  query ConsoleCrmContacts($input: CrmQueryInput!) {
    crmQuery(input: $input) {
      contacts { id externalId email name lifecycleStage status createdAt lastActivityAt }
      meta { total page limit queryTimeMs }
    }
  }
`);

const LIMIT = 25;

function Contacts() {
  const [page, setPage] = useState(1);
  const [where, setWhere] = useState('');
  const { data, errors, loading } = useQuery(ContactsQuery, {
    input: { entity: 'contact', page, limit: LIMIT, sort: 'createdAt:desc', ...(where ? { where } : {}) },
  });
  const cqlError = errors.find((e) => e.details.field === 'where') ?? null;
  return (
    <>
      <CqlBox
        onRun={(text) => {
          setWhere(text);
          setPage(1);
        }}
        error={cqlError}
        running={loading}
      />
      {!cqlError && <ApiErrorAlert errors={errors} />}
      {loading && !data && <Loading label="Loading contacts" />}
      {data && (
        <>
          <DataTable
            caption="Contacts"
            empty="No contacts match."
            rows={data.crmQuery.contacts ?? []}
            rowKey={(c) => c.id}
            columns={[
              {
                header: 'Name',
                cell: (c) => (
                  <Link to={`/crm/contacts/${encodeURIComponent(c.externalId)}`}>
                    {c.name || c.email || c.externalId}
                  </Link>
                ),
              },
              { header: 'Email', cell: (c) => c.email ?? '—' },
              { header: 'Lifecycle stage', cell: (c) => c.lifecycleStage ?? '—' },
              { header: 'Status', cell: (c) => <Badge variant="light">{c.status}</Badge> },
              { header: 'Created', cell: (c) => <When iso={c.createdAt} /> },
              { header: 'Last activity', cell: (c) => <When iso={c.lastActivityAt} /> },
            ]}
          />
          <Pager page={page} limit={LIMIT} total={data.crmQuery.meta.total} onPage={setPage} label="Contacts" />
        </>
      )}
    </>
  );
}

export default function CrmPage() {
  return (
    <PageFrame title="CRM" scope="crm">
      <Contacts />
    </PageFrame>
  );
}
