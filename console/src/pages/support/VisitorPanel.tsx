import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useSession } from '../../api/session-context';
import type { QueryState } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { When } from '../../components/DataTable';
import type { ConsoleSupportVisitorQuery } from '../../gql/graphql';

/** Who the visitor is: identity, recent sessions and the pages they saw, and their CRM contact. */
export function VisitorPanel({ panel }: { panel: QueryState<ConsoleSupportVisitorQuery> }) {
  const { session } = useSession();
  if (!panel.data) return <ApiErrorAlert errors={panel.errors} />;
  const { supportVisitor: v, supportVisitorSessions: sessions, supportVisitorEvents: events } = panel.data;
  return (
    <Stack gap="sm" component="aside" aria-label="Visitor">
      <Title order={2} size="h5">
        Visitor
      </Title>
      <Table style={{ wordBreak: 'break-all' }}>
        <caption className="visually-hidden">Visitor identity</caption>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">Name</Table.Th>
            <Table.Td>{v.name ?? 'anonymous'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Email</Table.Th>
            <Table.Td>{v.email ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Id</Table.Th>
            <Table.Td>{v.id}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Last seen</Table.Th>
            <Table.Td>
              <When iso={v.lastSeenAt} />
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {v.email && session.scopes.includes('crm') && (
        <Anchor component={Link} to={`/crm/contacts/${encodeURIComponent(v.email)}`}>
          CRM contact
        </Anchor>
      )}
      <Title order={3} size="h6">
        Sessions ({sessions.meta.total})
      </Title>
      {sessions.data.length === 0 && (
        <Text size="sm" c="dimmed">
          None
        </Text>
      )}
      {sessions.data.map((s) => (
        <Text size="xs" key={s.id}>
          <When iso={s.createdAt} /> · {s.pageUrl ?? 'no page'}
          {s.referrer ? ` from ${s.referrer}` : ''}
        </Text>
      ))}
      <Title order={3} size="h6">
        Pages seen and events ({events.meta.total})
      </Title>
      {events.data.length === 0 && (
        <Text size="sm" c="dimmed">
          None
        </Text>
      )}
      {events.data.map((e) => (
        <Text size="xs" key={e.id}>
          <When iso={e.createdAt} /> · {e.name}
          {typeof e.properties.url === 'string' ? ` ${e.properties.url}` : ''}
        </Text>
      ))}
    </Stack>
  );
}
