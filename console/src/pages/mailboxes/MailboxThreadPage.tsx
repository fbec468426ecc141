import { Alert, Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { useHasScope } from '../../api/session-context';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SandboxedHtml } from '../../components/SandboxedHtml';
import { MailboxThreadQuery } from './mailbox-documents';

/** A thread: its messages oldest first, each with its HTML in a sandboxed frame (or its text) and a link to it. */
export default function MailboxThreadPage() {
  const { mailboxId = '', threadId = '' } = useParams();
  // Asked here so the heading can be the subject; never asked without the scope.
  const { data, errors, loading } = useQuery(MailboxThreadQuery, { id: threadId }, { skip: !useHasScope('mailboxes') });
  const thread = data?.mailboxThread;
  return (
    <PageFrame
      title={thread ? thread.subject || '(no subject)' : 'Mailbox thread'}
      scope="mailboxes"
      actions={
        <Anchor component={Link} to={`/mailboxes/${encodeURIComponent(mailboxId)}`} size="sm">
          Back to the mailbox
        </Anchor>
      }
    >
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading the thread" />}
      {thread && thread.mailboxId !== mailboxId && (
        <Alert color="yellow" title="Not in this mailbox">
          This thread belongs to another mailbox.
        </Alert>
      )}
      {thread && thread.mailboxId === mailboxId && (
        <Stack gap="md">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {thread.messageCount} messages between {thread.participants.join(', ')}
          </Text>
          <ol className="plain-list" aria-label="Messages of the thread, oldest first">
            {(thread.messages ?? []).map((m) => (
              <li key={m.id}>
                <Card withBorder mb="sm" component="article" aria-label={`${m.from}: ${m.subject || '(no subject)'}`}>
                  <Group gap="xs" mb="xs" wrap="wrap">
                    <Anchor
                      component={Link}
                      to={`/mailboxes/${encodeURIComponent(mailboxId)}/messages/${encodeURIComponent(m.id)}`}
                      fw={600}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {m.from}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      <When iso={m.receivedAt} />
                    </Text>
                    <Badge variant="light" size="xs">
                      {m.direction}
                    </Badge>
                    {m.labels.map((l) => (
                      <Badge key={l} variant="outline" size="xs">
                        {l}
                      </Badge>
                    ))}
                  </Group>
                  {m.htmlBody ? (
                    <SandboxedHtml html={m.htmlBody} title={`HTML of the message from ${m.from}`} />
                  ) : (
                    <Text component="pre" className="json">
                      {m.textBody}
                    </Text>
                  )}
                </Card>
              </li>
            ))}
          </ol>
        </Stack>
      )}
    </PageFrame>
  );
}
