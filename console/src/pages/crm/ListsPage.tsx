import { useState } from 'react';
import { Anchor, Badge, Button, Code, Group, Modal, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { graphql } from '../../gql';
import type { ApiError } from '../../api/api-error';
import { mutate } from '../../api/graphql-client';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SubPages } from '../../components/SubPages';
import { CRM_PAGES } from './crm-pages';
import { DeleteListMutation } from './list-documents';
import { EMPTY_LIST_FORM, criteriaText } from './list-form';
import { NewListModal } from './NewListModal';

const ListsQuery = graphql(`
  query ConsoleCrmLists {
    crmLists { id name entityType isDynamic filterCriteria memberCount lastEvaluatedAt createdAt }
  }
`);

interface Doomed {
  id: number;
  name: string;
}

function Lists() {
  const navigate = useNavigate();
  const { data, errors, loading, refetch } = useQuery(ListsQuery, {});
  const [creating, setCreating] = useState(false);
  const [doomed, setDoomed] = useState<Doomed | null>(null);
  const [deleteErrors, setDeleteErrors] = useState<ApiError[]>([]);
  const [deleting, setDeleting] = useState(false);

  const remove = async (list: Doomed) => {
    setDeleting(true);
    setDeleteErrors([]);
    try {
      await mutate(DeleteListMutation, { id: String(list.id) });
      setDoomed(null);
      refetch();
    } catch (error) {
      setDeleteErrors([error as ApiError]);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <Group>
        <Button onClick={() => setCreating(true)}>New list</Button>
      </Group>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading lists" />}
      {data && (
        <DataTable
          caption="Lists"
          empty="No lists yet."
          rows={data.crmLists}
          rowKey={(l) => String(l.id)}
          columns={[
            {
              header: 'Name',
              cell: (l) => (
                <Anchor component={Link} to={`/crm/lists/${l.id}`}>
                  {l.name}
                </Anchor>
              ),
            },
            { header: 'Kind', cell: (l) => <Badge variant="light">{l.isDynamic ? 'dynamic' : 'static'}</Badge> },
            { header: 'Size', cell: (l) => l.memberCount },
            {
              header: 'Query',
              cell: (l) => (l.isDynamic ? <Code>{criteriaText(l.filterCriteria)}</Code> : '—'),
            },
            { header: 'Last evaluated', cell: (l) => <When iso={l.lastEvaluatedAt} /> },
            { header: 'Created', cell: (l) => <When iso={l.createdAt} /> },
            {
              header: 'Actions',
              cell: (l) => (
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  aria-label={`Delete ${l.name}`}
                  onClick={() => {
                    setDeleteErrors([]);
                    setDoomed({ id: l.id, name: l.name });
                  }}
                >
                  Delete
                </Button>
              ),
            },
          ]}
        />
      )}
      {creating && (
        <NewListModal
          initial={EMPTY_LIST_FORM}
          onClose={() => setCreating(false)}
          onCreated={(id) => navigate(`/crm/lists/${id}`)}
        />
      )}
      {doomed && (
        <Modal
          opened
          onClose={() => setDoomed(null)}
          title={`Delete ${doomed.name}?`}
          closeButtonProps={{ 'aria-label': 'Close the dialog' }}
        >
          <Text size="sm" mb="sm">
            The list goes; its contacts stay.
          </Text>
          <ApiErrorAlert errors={deleteErrors} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => setDoomed(null)}>
              Cancel
            </Button>
            <Button color="red" loading={deleting} onClick={() => void remove(doomed)}>
              Delete list
            </Button>
          </Group>
        </Modal>
      )}
    </>
  );
}

/** The organization's saved lists of contacts, static and dynamic; create and delete them. */
export default function ListsPage() {
  return (
    <PageFrame title="Lists" scope="crm" actions={<SubPages label="CRM pages" pages={CRM_PAGES} />}>
      <Lists />
    </PageFrame>
  );
}
