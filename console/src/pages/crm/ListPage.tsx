import { useState } from 'react';
import { Anchor, Badge, Code, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SubPages } from '../../components/SubPages';
import { CRM_PAGES } from './crm-pages';
import { criteriaText } from './list-form';

// The list and one page of its members, in one request.
const ListQuery = graphql(`
  query ConsoleCrmList($id: ID!, $page: Int!, $limit: Int!) {
    crmList(id: $id) { id name entityType isDynamic filterCriteria memberCount lastEvaluatedAt createdAt }
    crmListMembers(id: $id, page: $page, limit: $limit) {
      data { id externalId email name lifecycleStage status }
      meta { total }
    }
  }
`);

const LIMIT = 25;

function List({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const { data, errors, loading } = useQuery(ListQuery, { id, page, limit: LIMIT });
  if (loading && !data) return <Loading label="Loading the list" />;
  const list = data?.crmList;
  if (!list) return errors.length ? <ApiErrorAlert errors={errors} /> : <Text>No such list.</Text>;
  return (
    <Stack gap="lg">
      <ApiErrorAlert errors={errors} />
      <div>
        <Title order={2} size="h3">
          {list.name}
        </Title>
        <Group gap="xs" mt={4}>
          <Badge>{list.isDynamic ? 'dynamic' : 'static'}</Badge>
          <Text size="sm">
            {list.memberCount} {list.memberCount === 1 ? 'member' : 'members'}
          </Text>
          {list.isDynamic && (
            <Text size="sm" c="dimmed">
              last evaluated <When iso={list.lastEvaluatedAt} />
            </Text>
          )}
        </Group>
        {list.isDynamic && (
          <Code block mt="xs" aria-label="CQL query">
            {criteriaText(list.filterCriteria)}
          </Code>
        )}
      </div>
      <section aria-label="Members">
        <Title order={2} size="h4" mb="xs">
          Members
        </Title>
        <DataTable
          caption="Members"
          empty={list.isDynamic ? 'No contacts match (yet).' : 'No members.'}
          rows={data.crmListMembers.data}
          rowKey={(c) => c.id}
          columns={[
            {
              header: 'Name',
              cell: (c) => (
                <Anchor component={Link} to={`/crm/contacts/${encodeURIComponent(c.externalId)}`}>
                  {c.name || c.email || c.externalId}
                </Anchor>
              ),
            },
            { header: 'Email', cell: (c) => c.email ?? '—' },
            { header: 'Lifecycle stage', cell: (c) => c.lifecycleStage ?? '—' },
            { header: 'Status', cell: (c) => c.status },
          ]}
        />
        <Pager page={page} limit={LIMIT} total={data.crmListMembers.meta.total} onPage={setPage} label="Members" />
      </section>
    </Stack>
  );
}

export default function ListPage() {
  const { listId = '' } = useParams();
  return (
    <PageFrame title="List" scope="crm" actions={<SubPages label="CRM pages" pages={CRM_PAGES} />}>
      <List id={listId} />
    </PageFrame>
  );
}
