import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { mutate } from '../../api/graphql-client';
import type { ApiError } from '../../api/api-error';
import { useHasScope, useSession } from '../../api/session-context';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { CreateKeyModal } from './CreateKeyModal';
import { RevokeApiKey, SettingsQuery } from './settings-documents';

const LIMIT = 20;

function SignedInKey() {
  const { session } = useSession();
  return (
    <Table withTableBorder maw={640} layout="fixed" style={{ overflowWrap: 'anywhere' }}>
      <caption className="visually-hidden">The signed-in API key</caption>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">Key type</Table.Th>
          <Table.Td>{session.keyType}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Plan</Table.Th>
          <Table.Td>{session.plan}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Scopes</Table.Th>
          <Table.Td>
            <Group gap={4}>
              {session.scopes.map((scope) => (
                <Badge key={scope} variant="light">
                  {scope}
                </Badge>
              ))}
            </Group>
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** The organization and its keys: needs the `auth` scope, the one that manages identities and access. */
function Organization() {
  const { session } = useSession();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [actionErrors, setActionErrors] = useState<ApiError[]>([]);
  const { data, errors, loading, refetch } = useQuery(SettingsQuery, { page, limit: LIMIT });

  const revoke = async (id: string) => {
    setActionErrors([]);
    try {
      await mutate(RevokeApiKey, { id });
      refetch();
    } catch (error) {
      setActionErrors([error as ApiError]);
    }
  };

  return (
    <Stack gap="md">
      <ApiErrorAlert errors={[...errors, ...actionErrors]} />
      {loading && !data && <Loading label="Loading the organization" />}
      {data && (
        <>
          <Table withTableBorder maw={640} layout="fixed" style={{ overflowWrap: 'anywhere' }}>
            <caption className="visually-hidden">The organization</caption>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">Organization</Table.Th>
                <Table.Td>{data.organization.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Slug</Table.Th>
                <Table.Td>{data.organization.slug}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Plan</Table.Th>
                <Table.Td>{data.organization.plan}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Created</Table.Th>
                <Table.Td>
                  <When iso={data.organization.createdAt} />
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <DataTable
            caption="Monthly quotas of the plan"
            empty="No quotas"
            rows={data.organization.quotas}
            rowKey={(q) => q.resource}
            columns={[
              { header: 'Quota', cell: (q) => q.resource },
              { header: `Used in ${data.organization.quotas[0]?.period ?? ''}`, cell: (q) => q.used },
              { header: 'Allowance', cell: (q) => q.limit ?? 'unlimited' },
            ]}
          />
          <Stack gap="xs" component="section" aria-labelledby="keys-heading">
            <Title order={2} size="h4" id="keys-heading">
              API keys
            </Title>
            <Group>
              <Button size="xs" onClick={() => setCreating(true)}>
                Create API key
              </Button>
            </Group>
            <DataTable
              caption="API keys of the organization"
              empty="No keys"
              rows={data.apiKeys.data}
              rowKey={(k) => k.id}
              columns={[
                { header: 'Name', cell: (k) => k.name },
                { header: 'Key', cell: (k) => <code>{k.prefix}…</code> },
                { header: 'Type', cell: (k) => k.type },
                { header: 'Scopes', cell: (k) => k.scopes.join(', ') },
                { header: 'Created', cell: (k) => <When iso={k.createdAt} /> },
                {
                  header: 'Status',
                  cell: (k) =>
                    k.revokedAt ? (
                      <>
                        revoked <When iso={k.revokedAt} />
                      </>
                    ) : (
                      'active'
                    ),
                },
                {
                  header: 'Actions',
                  cell: (k) =>
                    k.revokedAt ? null : (
                      <Button
                        size="compact-xs"
                        variant="default"
                        aria-label={`Revoke ${k.name} (${k.prefix})`}
                        onClick={() => void revoke(k.id)}
                      >
                        Revoke
                      </Button>
                    ),
                },
              ]}
            />
            <Pager page={page} limit={LIMIT} total={data.apiKeys.total} onPage={setPage} label="API keys" />
          </Stack>
        </>
      )}
      {creating && <CreateKeyModal grantable={session.scopes} onClose={() => setCreating(false)} onCreated={refetch} />}
    </Stack>
  );
}

/** The organization with its plan and keys (list, create, revoke), and the signed-in key. */
export default function SettingsPage() {
  const manages = useHasScope('auth');
  return (
    <PageFrame title="Settings" scope={null}>
      {manages ? (
        <Organization />
      ) : (
        <Alert color="yellow" title="Keys need the “auth” scope">
          This API key has no “auth” scope, so it cannot see or manage the organization’s keys.
        </Alert>
      )}
      <Title order={2} size="h4">
        The signed-in key
      </Title>
      <SignedInKey />
      <Text size="sm" c="dimmed">
        An organization’s first key is created with <code>npm run keys</code> on the server.
      </Text>
    </PageFrame>
  );
}
