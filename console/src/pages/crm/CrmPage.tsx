import { useState } from 'react';
import { Badge, Button } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SubPages } from '../../components/SubPages';
import { CqlBox } from './CqlBox';
import { CRM_PAGES } from './crm-pages';
import { EMPTY_LIST_FORM } from './list-form';
import { NewListModal } from './NewListModal';

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
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
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
        extra={
          where &&
          !cqlError && (
            <Button variant="default" onClick={() => setSaving(true)}>
              Save as list
            </Button>
          )
        }
      />
      {saving && (
        <NewListModal
          initial={{ ...EMPTY_LIST_FORM, kind: 'dynamic', where }}
          onClose={() => setSaving(false)}
          onCreated={(id) => navigate(`/crm/lists/${id}`)}
        />
      )}
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
    <PageFrame title="CRM" scope="crm" actions={<SubPages label="CRM pages" pages={CRM_PAGES} />}>
      <Contacts />
    </PageFrame>
  );
}
