import type { ReactNode } from 'react';
import { Badge, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useHasScope } from '../../api/session-context';
import { useQuery, type QueryState } from '../../api/use-query';
import type { ConsoleSmsMessageQuery } from '../../gql/graphql';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SectionLinks } from '../../components/SectionLinks';
import { SMS_SECTIONS } from './sms-sections';

const SmsMessageQuery = graphql(`
  query ConsoleSmsMessage($id: ID!) {
    smsMessage(id: $id) {
      id providerMessageId direction from to body status segments country tag metadata templateId templateAlias
      errorCode errorMessage queuedAt sentAt deliveredAt failedAt receivedAt createdAt
      events { eventType timestamp }
    }
  }
`);

function SmsMessage({ result }: { result: QueryState<ConsoleSmsMessageQuery> }) {
  const { data, errors, loading } = result;
  if (loading && !data) return <Loading label="Loading the message" />;
  if (!data) return <ApiErrorAlert errors={errors} />;
  const m = data.smsMessage;
  const row = (label: string, value: ReactNode) => (
    <Table.Tr key={label}>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
  return (
    <Stack>
      <Group gap="xs">
        <Badge>{m.status}</Badge>
        <Badge variant="light">{m.direction}</Badge>
        {m.tag && <Badge variant="outline">{m.tag}</Badge>}
      </Group>
      <Table withTableBorder maw={760}>
        <caption className="visually-hidden">Message details</caption>
        <Table.Tbody>
          {row('Id', <Code>{m.id}</Code>)}
          {row('From', m.from ?? '—')}
          {row('To', m.to)}
          {row('Country', m.country ?? '—')}
          {row('Segments', m.segments)}
          {(m.templateAlias || (m.templateId !== null && m.templateId !== undefined)) &&
            row('Template', m.templateAlias ?? `#${m.templateId}`)}
          {m.providerMessageId && row('Carrier message id', <Code>{m.providerMessageId}</Code>)}
          {((m.errorCode !== null && m.errorCode !== undefined) || m.errorMessage) &&
            row('Error', `${m.errorCode ?? ''} ${m.errorMessage ?? ''}`.trim())}
          {Object.keys(m.metadata).length > 0 &&
            row(
              'Metadata',
              <Code block className="json">
                {JSON.stringify(m.metadata, null, 2)}
              </Code>,
            )}
        </Table.Tbody>
      </Table>
      <section aria-labelledby="sms-body-heading">
        <Title order={2} size="h4" id="sms-body-heading" mb="xs">
          Body
        </Title>
        <Text component="pre" className="json">
          {m.body}
        </Text>
      </section>
      <section aria-labelledby="sms-history-heading">
        <Title order={2} size="h4" id="sms-history-heading" mb="xs">
          Status history
        </Title>
        <DataTable
          caption="Status history"
          empty="No status changes recorded."
          rows={m.events.map((e, i) => ({ ...e, i }))}
          rowKey={(e) => String(e.i)}
          columns={[
            { header: 'Status', cell: (e) => e.eventType },
            { header: 'When', cell: (e) => <When iso={e.timestamp} /> },
          ]}
        />
      </section>
    </Stack>
  );
}

/** One SMS: who to and from, its body and segments, and each status it went through. */
export default function SmsMessagePage() {
  const { id = '' } = useParams();
  // Asked here so the heading can name the recipient; never asked without the scope.
  const result = useQuery(SmsMessageQuery, { id }, { skip: !useHasScope('sms') });
  const m = result.data?.smsMessage;
  const heading = !m ? 'SMS message' : m.direction === 'INBOUND' ? `SMS from ${m.from ?? 'unknown'}` : `SMS to ${m.to}`;
  return (
    <PageFrame title={heading} scope="sms" actions={<SectionLinks label="SMS pages" links={SMS_SECTIONS} />}>
      <SmsMessage result={result} />
    </PageFrame>
  );
}
