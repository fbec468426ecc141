import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Code, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useHasScope } from '../../api/session-context';
import { useQuery, type QueryState } from '../../api/use-query';
import type { ConsoleMailboxMessageQuery } from '../../gql/graphql';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SandboxedHtml } from '../../components/SandboxedHtml';
import { MessageLabels } from './MessageLabels';
import { ReplyBox } from './ReplyBox';

// Attachments by name, type and size only: their base64 content is not asked for.
const MailboxMessageQuery = graphql(`
  query ConsoleMailboxMessage($id: ID!, $mailboxId: ID!) {
    mailboxMessage(id: $id) {
      id mailboxId threadId direction status from to cc bcc subject read labels tags messageId inReplyTo
      receivedAt sentAt deliveredAt bouncedAt bounceReason
      auth { spf dkim dmarc }
      htmlBody textBody headers
      attachments { id filename contentType size }
    }
    mailboxLabels(mailboxId: $mailboxId) { name }
  }
`);

/** A header's value as text: repeated headers (Received) come as a list. */
const headerText = (value: unknown) =>
  Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : JSON.stringify(value);

function MailboxMessage({ result, mailboxId }: { result: QueryState<ConsoleMailboxMessageQuery>; mailboxId: string }) {
  const { data, errors, loading, refetch } = result;
  if (loading && !data) return <Loading label="Loading the message" />;
  if (!data) return <ApiErrorAlert errors={errors} />;
  const m = data.mailboxMessage;
  // The message is found by its own id; an address that pairs it with another mailbox is not its address.
  if (m.mailboxId !== mailboxId)
    return (
      <Alert color="yellow" title="Not in this mailbox">
        This message belongs to{' '}
        <Anchor
          component={Link}
          to={`/mailboxes/${encodeURIComponent(m.mailboxId)}/messages/${encodeURIComponent(m.id)}`}
        >
          another mailbox
        </Anchor>
        .
      </Alert>
    );
  const row = (label: string, value: ReactNode) => (
    <Table.Tr key={label}>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
    </Table.Tr>
  );
  const headers = Object.entries(m.headers ?? {});
  const attachments = m.attachments ?? [];
  return (
    <Stack>
      <Group gap="xs">
        <Badge>{m.status}</Badge>
        <Badge variant="light">{m.direction}</Badge>
        {m.labels.map((l) => (
          <Badge key={l} variant="outline">
            {l}
          </Badge>
        ))}
        {m.tags.map((t) => (
          <Badge key={t} variant="outline" color="gray">
            {t}
          </Badge>
        ))}
      </Group>
      <Anchor
        component={Link}
        to={`/mailboxes/${encodeURIComponent(mailboxId)}/threads/${encodeURIComponent(m.threadId)}`}
        size="sm"
      >
        View the thread
      </Anchor>
      <Table withTableBorder maw={760}>
        <caption className="visually-hidden">Message details</caption>
        <Table.Tbody>
          {row('From', m.from)}
          {row('To', m.to.join(', '))}
          {m.cc.length > 0 && row('Cc', m.cc.join(', '))}
          {(m.bcc ?? []).length > 0 && row('Bcc', m.bcc!.join(', '))}
          {row(m.direction === 'inbound' ? 'Received' : 'Created', <When iso={m.receivedAt} />)}
          {m.sentAt && row('Sent', <When iso={m.sentAt} />)}
          {m.deliveredAt && row('Delivered', <When iso={m.deliveredAt} />)}
          {m.bouncedAt &&
            row(
              'Bounced',
              <>
                <When iso={m.bouncedAt} /> {m.bounceReason}
              </>,
            )}
          {m.auth && row('Authentication', `SPF ${m.auth.spf}, DKIM ${m.auth.dkim}, DMARC ${m.auth.dmarc}`)}
          {row('Message-ID', <Code>{m.messageId}</Code>)}
          {m.inReplyTo && row('In reply to', <Code>{m.inReplyTo}</Code>)}
        </Table.Tbody>
      </Table>
      <MessageLabels
        messageId={m.id}
        labels={m.labels}
        known={data.mailboxLabels.map((l) => l.name)}
        onChanged={refetch}
      />
      <section aria-labelledby="attachments-heading">
        <Title order={2} size="h4" id="attachments-heading" mb="xs">
          Attachments
        </Title>
        {attachments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No attachments.
          </Text>
        ) : (
          <ul className="plain-list">
            {attachments.map((a) => (
              <li key={a.id}>
                <Text size="sm">
                  {a.filename}{' '}
                  <Text span c="dimmed" size="xs">
                    ({a.contentType}, {a.size} bytes)
                  </Text>
                </Text>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Tabs defaultValue={m.htmlBody ? 'html' : 'text'}>
        <Tabs.List>
          <Tabs.Tab value="html" disabled={!m.htmlBody}>
            HTML
          </Tabs.Tab>
          <Tabs.Tab value="text" disabled={!m.textBody}>
            Text
          </Tabs.Tab>
          <Tabs.Tab value="headers">Headers</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="sm">
          {m.htmlBody && <SandboxedHtml html={m.htmlBody} title="The message's HTML body" />}
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <Text component="pre" className="json">
            {m.textBody}
          </Text>
        </Tabs.Panel>
        <Tabs.Panel value="headers" pt="sm">
          <DataTable
            caption="Headers"
            empty="No headers."
            rows={headers}
            rowKey={([name]) => name}
            columns={[
              { header: 'Header', cell: ([name]) => <Code>{name}</Code> },
              {
                header: 'Value',
                cell: ([, value]) => (
                  <Text size="sm" component="pre" className="json" m={0}>
                    {headerText(value)}
                  </Text>
                ),
              },
            ]}
          />
        </Tabs.Panel>
      </Tabs>
      <ReplyBox messageId={m.id} onSent={refetch} />
    </Stack>
  );
}

/** One mailbox message in full: addresses, authentication, attachments by name, HTML (sandboxed), text and headers. */
export default function MailboxMessagePage() {
  const { mailboxId = '', messageId = '' } = useParams();
  // Asked here so the heading can be the subject; never asked without the scope.
  const result = useQuery(MailboxMessageQuery, { id: messageId, mailboxId }, { skip: !useHasScope('mailboxes') });
  const m = result.data?.mailboxMessage;
  return (
    <PageFrame
      title={m ? m.subject || '(no subject)' : 'Mailbox message'}
      scope="mailboxes"
      actions={
        <Anchor component={Link} to={`/mailboxes/${encodeURIComponent(mailboxId)}`} size="sm">
          Back to the inbox
        </Anchor>
      }
    >
      <MailboxMessage result={result} mailboxId={mailboxId} />
    </PageFrame>
  );
}
