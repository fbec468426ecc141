import { Fragment } from 'react';
import { Anchor, Badge, Code, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useHasScope } from '../../api/session-context';
import { useQuery, type QueryState } from '../../api/use-query';
import type { ConsoleEmailTemplateQuery } from '../../gql/graphql';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SandboxedHtml } from '../../components/SandboxedHtml';
import { templateVariables } from './template-variables';

const EmailTemplateQuery = graphql(`
  query ConsoleEmailTemplate($id: ID!) {
    emailTemplate(id: $id) { id name alias subject htmlBody textBody active createdAt updatedAt }
  }
`);

function EmailTemplate({ result }: { result: QueryState<ConsoleEmailTemplateQuery> }) {
  const { data, errors, loading } = result;
  if (loading && !data) return <Loading label="Loading the template" />;
  if (!data) return <ApiErrorAlert errors={errors} />;
  const t = data.emailTemplate;
  const variables = templateVariables(t.subject, t.htmlBody, t.textBody);
  return (
    <Stack>
      <Group gap="xs"><Badge variant={t.active ? 'filled' : 'outline'}>{t.active ? 'active' : 'inactive'}</Badge></Group>
      <Table withTableBorder maw={760}>
        <caption className="visually-hidden">Template details</caption>
        <Table.Tbody>
          <Table.Tr><Table.Th scope="row">Id</Table.Th><Table.Td><Code>{t.id}</Code></Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Alias</Table.Th><Table.Td>{t.alias ? <Code>{t.alias}</Code> : '—'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Subject</Table.Th><Table.Td>{t.subject}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Variables</Table.Th><Table.Td>{variables.length ? variables.map((v, i) => <Fragment key={v}>{i > 0 && ', '}<Code>{v}</Code></Fragment>) : 'none'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Created</Table.Th><Table.Td><When iso={t.createdAt} /></Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Updated</Table.Th><Table.Td><When iso={t.updatedAt} /></Table.Td></Table.Tr>
        </Table.Tbody>
      </Table>
      {/* The API stores templates but has no operation that renders one with sample values: the stored source is shown. */}
      <Text size="sm" c="dimmed">As stored: the variables are filled in when a message is sent with this template.</Text>
      <Tabs defaultValue={t.htmlBody ? 'html' : 'text'}>
        <Tabs.List>
          <Tabs.Tab value="html" disabled={!t.htmlBody}>HTML</Tabs.Tab>
          <Tabs.Tab value="text" disabled={!t.textBody}>Text</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="sm">{t.htmlBody && <SandboxedHtml html={t.htmlBody} title="The template's HTML body" />}</Tabs.Panel>
        <Tabs.Panel value="text" pt="sm"><Text component="pre" className="json">{t.textBody}</Text></Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** One email template by id (or alias): its details, the variables it uses, and its HTML in a sandboxed frame. */
export default function EmailTemplatePage() {
  const { id = '' } = useParams();
  // Asked here so the heading can be the template's name; never asked without the scope.
  const result = useQuery(EmailTemplateQuery, { id }, { skip: !useHasScope('email') });
  return (
    <PageFrame title={result.data?.emailTemplate.name ?? 'Email template'} scope="email" actions={<Anchor component={Link} to="/email/templates" size="sm">All templates</Anchor>}>
      <EmailTemplate result={result} />
    </PageFrame>
  );
}
