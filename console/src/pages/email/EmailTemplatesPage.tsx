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
import { EMAIL_SECTIONS } from './email-sections';

const EmailTemplatesQuery = graphql(`
  query ConsoleEmailTemplates($page: Int!, $limit: Int!) {
    emailTemplates(page: $page, limit: $limit) {
      data { id name alias subject active updatedAt }
      meta { total }
    }
  }
`);

const LIMIT = 25;

function EmailTemplates() {
  const [page, setPage] = useState(1);
  const { data, errors, loading } = useQuery(EmailTemplatesQuery, { page, limit: LIMIT });
  return (
    <>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading templates" />}
      {data && (
        <>
          <DataTable
            caption="Email templates"
            empty="No templates yet."
            rows={data.emailTemplates.data}
            rowKey={(t) => t.id}
            columns={[
              {
                header: 'Name',
                cell: (t) => (
                  <Anchor component={Link} to={`/email/templates/${encodeURIComponent(t.id)}`}>
                    {t.name}
                  </Anchor>
                ),
              },
              { header: 'Alias', cell: (t) => (t.alias ? <code>{t.alias}</code> : '—') },
              { header: 'Subject', cell: (t) => t.subject },
              {
                header: 'Active',
                cell: (t) => <Badge variant={t.active ? 'light' : 'outline'}>{t.active ? 'active' : 'inactive'}</Badge>,
              },
              { header: 'Updated', cell: (t) => <When iso={t.updatedAt} /> },
            ]}
          />
          <Pager
            page={page}
            limit={LIMIT}
            total={data.emailTemplates.meta.total}
            onPage={setPage}
            label="Email templates"
          />
        </>
      )}
    </>
  );
}

/** The organization's email templates, newest first; each opens its preview. */
export default function EmailTemplatesPage() {
  return (
    <PageFrame
      title="Email templates"
      scope="email"
      actions={<SectionLinks label="Email pages" links={EMAIL_SECTIONS} />}
    >
      <EmailTemplates />
    </PageFrame>
  );
}
