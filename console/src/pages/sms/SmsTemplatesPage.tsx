import { useState } from 'react';
import { Anchor, Badge, Button, Group } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SectionLinks } from '../../components/SectionLinks';
import { SmsTemplateModal } from './SmsTemplateModal';
import { SMS_SECTIONS } from './sms-sections';

const SmsTemplatesQuery = graphql(`
  query ConsoleSmsTemplates($page: Int!, $limit: Int!) {
    smsTemplates(page: $page, limit: $limit) {
      data { alias name body type approved }
      meta { total }
    }
  }
`);

const LIMIT = 25;

function SmsTemplates() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const { data, errors, loading } = useQuery(SmsTemplatesQuery, { page, limit: LIMIT });
  return (
    <>
      <Group>
        <Button onClick={() => setCreating(true)}>New template</Button>
      </Group>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading templates" />}
      {data && (
        <>
          <DataTable
            caption="SMS templates"
            empty="No templates."
            rows={data.smsTemplates.data}
            rowKey={(t) => t.alias}
            columns={[
              {
                header: 'Name',
                cell: (t) => (
                  <Anchor component={Link} to={`/sms/templates/${encodeURIComponent(t.alias)}`}>
                    {t.name}
                  </Anchor>
                ),
              },
              { header: 'Alias', cell: (t) => <code>{t.alias}</code> },
              { header: 'Kind', cell: (t) => (t.type === 'POOL' ? 'pool' : 'custom') },
              {
                header: 'May send',
                cell: (t) => (
                  <Badge variant={t.approved ? 'light' : 'outline'}>{t.approved ? 'approved' : 'not approved'}</Badge>
                ),
              },
              { header: 'Body', cell: (t) => (t.body.length > 80 ? `${t.body.slice(0, 80)}…` : t.body) },
            ]}
          />
          <Pager
            page={page}
            limit={LIMIT}
            total={data.smsTemplates.meta.total}
            onPage={setPage}
            label="SMS templates"
          />
        </>
      )}
      {creating && (
        <SmsTemplateModal
          editing={null}
          onClose={() => setCreating(false)}
          onSaved={(alias) => navigate(`/sms/templates/${encodeURIComponent(alias)}`)}
        />
      )}
    </>
  );
}

/** The pool's templates, then the organization's own; a custom one is created here. */
export default function SmsTemplatesPage() {
  return (
    <PageFrame title="SMS templates" scope="sms" actions={<SectionLinks label="SMS pages" links={SMS_SECTIONS} />}>
      <SmsTemplates />
    </PageFrame>
  );
}
