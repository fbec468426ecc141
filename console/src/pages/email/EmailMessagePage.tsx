import { Badge, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SandboxedHtml } from '../../components/SandboxedHtml';
import { SectionLinks } from '../../components/SectionLinks';
import { EMAIL_SECTIONS } from './email-sections';

const EmailMessageQuery = graphql(`
  query ConsoleEmailMessage($id: ID!) {
    emailMessage(id: $id) {
      id from to cc subject html text status bounceType lastResponse trackOpens trackClicks openCount clickCount
      tags { name value }
      attachmentInfo { filename contentType size }
      createdAt sentAt deliveredAt bouncedAt failedAt openedAt clickedAt
    }
  }
`);

function EmailMessage({ id }: { id: string }) {
  const { data, errors, loading } = useQuery(EmailMessageQuery, { id });
  if (loading && !data) return <Loading label="Loading the message" />;
  if (!data) return <ApiErrorAlert errors={errors} />;
  const m = data.emailMessage;
  const timeline: [string, string | null | undefined][] = [
    ['Created', m.createdAt],
    ['Sent', m.sentAt],
    ['Delivered', m.deliveredAt],
    ['Bounced', m.bouncedAt],
    ['Failed', m.failedAt],
    ['First opened', m.openedAt],
    ['First clicked', m.clickedAt],
  ];
  return (
    <Stack>
      <Title order={2} size="h3">
        {m.subject || '(no subject)'}
      </Title>
      <Group gap="xs">
        <Badge>{m.status}</Badge>
        {m.bounceType && <Badge color="red">{m.bounceType} bounce</Badge>}
        {m.tags.map((t) => (
          <Badge key={t.name} variant="outline">
            {t.name}: {t.value}
          </Badge>
        ))}
      </Group>
      <Table withTableBorder maw={760}>
        <caption className="visually-hidden">Message details</caption>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">From</Table.Th>
            <Table.Td>{m.from}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">To</Table.Th>
            <Table.Td>{m.to.join(', ')}</Table.Td>
          </Table.Tr>
          {m.cc.length > 0 && (
            <Table.Tr>
              <Table.Th scope="row">Cc</Table.Th>
              <Table.Td>{m.cc.join(', ')}</Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Th scope="row">Tracking</Table.Th>
            <Table.Td>
              opens {m.trackOpens ? `on (${m.openCount})` : 'off'}, clicks{' '}
              {m.trackClicks ? `on (${m.clickCount})` : 'off'}
            </Table.Td>
          </Table.Tr>
          {m.lastResponse && (
            <Table.Tr>
              <Table.Th scope="row">Last answer of the receiving server</Table.Th>
              <Table.Td>{m.lastResponse}</Table.Td>
            </Table.Tr>
          )}
          {timeline
            .filter(([, at]) => at)
            .map(([label, at]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>
                  <When iso={at} />
                </Table.Td>
              </Table.Tr>
            ))}
          {m.attachmentInfo.map((a) => (
            <Table.Tr key={a.filename}>
              <Table.Th scope="row">Attachment</Table.Th>
              <Table.Td>
                {a.filename} ({a.contentType ?? 'unknown type'}, {a.size} bytes)
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Tabs defaultValue={m.html ? 'html' : 'text'}>
        <Tabs.List>
          <Tabs.Tab value="html" disabled={!m.html}>
            HTML
          </Tabs.Tab>
          <Tabs.Tab value="text" disabled={!m.text}>
            Text
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="sm">
          {m.html && <SandboxedHtml html={m.html} title="The message's HTML body" />}
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <Text component="pre" className="json">
            {m.text}
          </Text>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export default function EmailMessagePage() {
  const { id = '' } = useParams();
  return (
    <PageFrame
      title="Email message"
      scope="email"
      actions={<SectionLinks label="Email pages" links={EMAIL_SECTIONS} />}
    >
      <EmailMessage id={id} />
    </PageFrame>
  );
}
