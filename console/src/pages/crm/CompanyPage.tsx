import type { ReactNode } from 'react';
import { Anchor, Badge, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SubPages } from '../../components/SubPages';
import { CRM_PAGES } from './crm-pages';

// The company and its contacts, in one request.
const CompanyQuery = graphql(`
  query ConsoleCompany($id: ID!) {
    company(id: $id) {
      id externalId name domain industry size plan website phone status properties createdAt updatedAt
    }
    companyContacts(id: $id) { contactId externalId email name role isPrimary }
  }
`);

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
    </Table.Tr>
  );
}

function Company({ id }: { id: string }) {
  const { data, errors, loading } = useQuery(CompanyQuery, { id });
  if (loading && !data) return <Loading label="Loading the company" />;
  const c = data?.company;
  if (!c) return errors.length ? <ApiErrorAlert errors={errors} /> : <Text>No such company.</Text>;
  return (
    <Stack gap="lg">
      <ApiErrorAlert errors={errors} />
      <div>
        <Title order={2} size="h3">
          {c.name || c.domain || c.externalId}
        </Title>
        <Group gap="xs" mt={4}>
          <Badge>{c.status}</Badge>
        </Group>
      </div>
      <Table withTableBorder maw={720} layout="fixed">
        <caption className="visually-hidden">Properties</caption>
        <Table.Tbody>
          <Row label="Id" value={c.externalId} />
          <Row label="Domain" value={c.domain ?? '—'} />
          <Row label="Industry" value={c.industry ?? '—'} />
          <Row label="Size" value={c.size ?? '—'} />
          <Row label="Plan" value={c.plan ?? '—'} />
          <Row label="Website" value={c.website ?? '—'} />
          <Row label="Phone" value={c.phone ?? '—'} />
          <Row label="Created" value={<When iso={c.createdAt} />} />
          <Row label="Updated" value={<When iso={c.updatedAt} />} />
          <Row
            label="Custom properties"
            value={
              <Code block className="json">
                {JSON.stringify(c.properties, null, 2)}
              </Code>
            }
          />
        </Table.Tbody>
      </Table>
      <section aria-label="Contacts">
        <Title order={2} size="h4" mb="xs">
          Contacts
        </Title>
        <DataTable
          caption="Contacts"
          empty="No contacts at this company."
          rows={data.companyContacts}
          rowKey={(l) => l.contactId}
          columns={[
            {
              header: 'Name',
              cell: (l) => (
                <Anchor component={Link} to={`/crm/contacts/${encodeURIComponent(l.externalId)}`}>
                  {l.name || l.email || l.externalId}
                </Anchor>
              ),
            },
            { header: 'Email', cell: (l) => l.email ?? '—' },
            { header: 'Role', cell: (l) => l.role ?? '—' },
            { header: 'Primary company', cell: (l) => (l.isPrimary ? 'yes' : 'no') },
          ]}
        />
      </section>
    </Stack>
  );
}

export default function CompanyPage() {
  const { companyId = '' } = useParams();
  return (
    <PageFrame title="Company" scope="crm" actions={<SubPages label="CRM pages" pages={CRM_PAGES} />}>
      <Company id={companyId} />
    </PageFrame>
  );
}
