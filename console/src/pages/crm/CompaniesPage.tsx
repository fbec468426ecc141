import { useState } from 'react';
import { Badge } from '@mantine/core';
import { Link } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SubPages } from '../../components/SubPages';
import { CqlBox } from './CqlBox';
import { CRM_PAGES } from './crm-pages';

const CompaniesQuery = graphql(`
  query ConsoleCrmCompanies($input: CrmQueryInput!) {
    crmQuery(input: $input) {
      companies { id externalId name domain industry size status createdAt }
      meta { total page limit }
    }
  }
`);

const LIMIT = 25;

function Companies() {
  const [page, setPage] = useState(1);
  const [where, setWhere] = useState('');
  const { data, errors, loading } = useQuery(CompaniesQuery, {
    input: { entity: 'company', page, limit: LIMIT, sort: 'createdAt:desc', ...(where ? { where } : {}) },
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
        example='domain ends_with ".com" AND createdAt > -30d (empty for every company)'
      />
      {!cqlError && <ApiErrorAlert errors={errors} />}
      {loading && !data && <Loading label="Loading companies" />}
      {data && (
        <>
          <DataTable
            caption="Companies"
            empty="No companies match."
            rows={data.crmQuery.companies ?? []}
            rowKey={(c) => c.id}
            columns={[
              {
                header: 'Name',
                cell: (c) => (
                  <Link to={`/crm/companies/${encodeURIComponent(c.externalId)}`}>{c.name || c.externalId}</Link>
                ),
              },
              { header: 'Domain', cell: (c) => c.domain ?? '—' },
              { header: 'Industry', cell: (c) => c.industry ?? '—' },
              { header: 'Size', cell: (c) => c.size ?? '—' },
              { header: 'Status', cell: (c) => <Badge variant="light">{c.status}</Badge> },
              { header: 'Created', cell: (c) => <When iso={c.createdAt} /> },
            ]}
          />
          <Pager page={page} limit={LIMIT} total={data.crmQuery.meta.total} onPage={setPage} label="Companies" />
        </>
      )}
    </>
  );
}

/** The organization's companies, narrowed by a CQL query on the company fields. */
export default function CompaniesPage() {
  return (
    <PageFrame title="Companies" scope="crm" actions={<SubPages label="CRM pages" pages={CRM_PAGES} />}>
      <Companies />
    </PageFrame>
  );
}
