import type { ReactNode } from 'react';
import { Anchor, Badge, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { useSession } from '../../api/session-context';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SubPages } from '../../components/SubPages';
import { CRM_PAGES } from './crm-pages';

// The contact with what the other modules hold about it, in one request; a module the key cannot read is left out.
const ContactQuery = graphql(`
  query ConsoleContact($id: ID!, $calendar: Boolean!, $forms: Boolean!, $support: Boolean!, $mailboxes: Boolean!) {
    contact(id: $id) {
      id externalId email name phone lifecycleStage status properties createdAt updatedAt lastActivityAt
      tags { name }
      bookings @include(if: $calendar) { uid title status startTime endTime }
      formSubmissions @include(if: $forms) { submissionId formId status respondentEmail createdAt completedAt }
      conversations @include(if: $support) { id status subject lastActivityAt }
      mailboxMessages @include(if: $mailboxes) { id mailboxId subject from direction receivedAt }
    }
    contactActivities(contactId: $id, limit: 20) {
      data { id type content module createdAt }
      meta { total }
    }
  }
`);

function Section({
  title,
  children,
  shown,
  missingScope,
}: {
  title: string;
  children: ReactNode;
  shown: boolean;
  missingScope: string;
}) {
  return (
    <section aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {shown ? (
        children
      ) : (
        <Text c="dimmed" size="sm">
          This key has no “{missingScope}” scope.
        </Text>
      )}
    </section>
  );
}

function Contact({ id }: { id: string }) {
  const { session } = useSession();
  const has = (scope: string) => session.scopes.includes(scope);
  const { data, errors, loading } = useQuery(ContactQuery, {
    id,
    calendar: has('calendar'),
    forms: has('forms'),
    support: has('support'),
    mailboxes: has('mailboxes'),
  });
  if (loading && !data) return <Loading label="Loading the contact" />;
  const c = data?.contact;
  if (!c) return errors.length ? <ApiErrorAlert errors={errors} /> : <Text>No such contact.</Text>;
  return (
    <Stack gap="lg">
      <ApiErrorAlert errors={errors} />
      <div>
        <Title order={2} size="h3">
          {c.name || c.email || c.externalId}
        </Title>
        <Group gap="xs" mt={4}>
          <Badge>{c.status}</Badge>
          {c.lifecycleStage && <Badge variant="light">{c.lifecycleStage}</Badge>}
          {c.tags.map((t) => (
            <Badge key={t.name} variant="outline">
              {t.name}
            </Badge>
          ))}
        </Group>
      </div>
      <Table withTableBorder maw={720}>
        <caption className="visually-hidden">Properties</caption>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">Id</Table.Th>
            <Table.Td>{c.externalId}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Email</Table.Th>
            <Table.Td>{c.email ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Phone</Table.Th>
            <Table.Td>{c.phone ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Created</Table.Th>
            <Table.Td>
              <When iso={c.createdAt} />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Last activity</Table.Th>
            <Table.Td>
              <When iso={c.lastActivityAt} />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Custom properties</Table.Th>
            <Table.Td>
              <Code block className="json">
                {JSON.stringify(c.properties, null, 2)}
              </Code>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Section title="Activities" shown missingScope="crm">
        <DataTable
          caption="Activities"
          empty="No activities yet."
          rows={data.contactActivities.data}
          rowKey={(a) => a.id}
          columns={[
            { header: 'When', cell: (a) => <When iso={a.createdAt} /> },
            { header: 'Type', cell: (a) => a.type },
            { header: 'Content', cell: (a) => a.content ?? '—' },
            { header: 'Module', cell: (a) => a.module },
          ]}
        />
      </Section>
      <Section title="Bookings" shown={has('calendar')} missingScope="calendar">
        <DataTable
          caption="Bookings"
          empty="No bookings."
          rows={c.bookings ?? []}
          rowKey={(b) => b.uid}
          columns={[
            { header: 'Starts', cell: (b) => <When iso={b.startTime} /> },
            { header: 'Title', cell: (b) => b.title },
            { header: 'Status', cell: (b) => b.status },
            { header: 'Id', cell: (b) => b.uid },
          ]}
        />
      </Section>
      <Section title="Form submissions" shown={has('forms')} missingScope="forms">
        <DataTable
          caption="Form submissions"
          empty="No form submissions."
          rows={c.formSubmissions ?? []}
          rowKey={(s) => s.submissionId}
          columns={[
            { header: 'Created', cell: (s) => <When iso={s.createdAt} /> },
            { header: 'Form', cell: (s) => s.formId },
            { header: 'Status', cell: (s) => s.status },
            { header: 'Id', cell: (s) => s.submissionId },
          ]}
        />
      </Section>
      <Section title="Conversations" shown={has('support')} missingScope="support">
        <DataTable
          caption="Conversations"
          empty="No conversations."
          rows={c.conversations ?? []}
          rowKey={(v) => v.id}
          columns={[
            {
              header: 'Subject',
              cell: (v) => (
                <Anchor component={Link} to={`/support/conversations/${encodeURIComponent(v.id)}`}>
                  {v.subject || v.id}
                </Anchor>
              ),
            },
            { header: 'Status', cell: (v) => v.status },
            { header: 'Last activity', cell: (v) => <When iso={v.lastActivityAt} /> },
          ]}
        />
      </Section>
      <Section title="Mailbox messages" shown={has('mailboxes')} missingScope="mailboxes">
        <DataTable
          caption="Mailbox messages"
          empty="No mailbox messages."
          rows={c.mailboxMessages ?? []}
          rowKey={(m) => m.id}
          columns={[
            { header: 'Received', cell: (m) => <When iso={m.receivedAt} /> },
            { header: 'Subject', cell: (m) => m.subject },
            { header: 'From', cell: (m) => m.from },
            { header: 'Direction', cell: (m) => m.direction },
          ]}
        />
      </Section>
    </Stack>
  );
}

export default function ContactPage() {
  const { contactId = '' } = useParams();
  return (
    <PageFrame title="Contact" scope="crm" actions={<SubPages label="CRM pages" pages={CRM_PAGES} />}>
      <Contact id={contactId} />
    </PageFrame>
  );
}
