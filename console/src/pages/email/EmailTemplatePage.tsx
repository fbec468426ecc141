import { Fragment } from 'react';
import { Badge, Code, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useHasScope } from '../../api/session-context';
import { useQuery, type QueryState } from '../../api/use-query';
import type { ConsoleEmailTemplateQuery } from '../../gql/graphql';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SandboxedHtml } from '../../components/SandboxedHtml';
import { TemplatePreview } from './TemplatePreview';
import { templateVariables } from './template-variables';
import { SectionLinks } from '../../components/SectionLinks';
import { EMAIL_SECTIONS } from './email-sections';

const EmailTemplateQuery = graphql(`
  query ConsoleEmailTemplate($id: ID!) {
    emailTemplate(id: $id) { id name alias subject htmlBody textBody active createdAt updatedAt }
  }
`);

/** An inactive template, which a send refuses and the platform therefore does not render: its bodies as stored. */
function StoredTemplate({ htmlBody, textBody }: { htmlBody: string | null; textBody: string | null }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        Inactive: a send refuses this template, so it is shown as stored, with its variables unfilled.
      </Text>
      <Tabs defaultValue={htmlBody ? 'html' : 'text'}>
        <Tabs.List>
          <Tabs.Tab value="html" disabled={!htmlBody}>
            HTML
          </Tabs.Tab>
          <Tabs.Tab value="text" disabled={!textBody}>
            Text
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="sm">
          {htmlBody && <SandboxedHtml html={htmlBody} title="The template's HTML body" />}
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <Text component="pre" className="json">
            {textBody}
          </Text>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function EmailTemplate({ result }: { result: QueryState<ConsoleEmailTemplateQuery> }) {
  const { data, errors, loading } = result;
  if (loading && !data) return <Loading label="Loading the template" />;
  if (!data) return <ApiErrorAlert errors={errors} />;
  const t = data.emailTemplate;
  const variables = templateVariables(t.subject, t.htmlBody, t.textBody);
  return (
    <Stack>
      <Group gap="xs">
        <Badge variant={t.active ? 'filled' : 'outline'}>{t.active ? 'active' : 'inactive'}</Badge>
      </Group>
      {/* Ids and timestamps do not break at spaces: let them wrap anywhere rather than widen a phone's screen. */}
      <Table withTableBorder maw={760} style={{ overflowWrap: 'anywhere' }}>
        <caption className="visually-hidden">Template details</caption>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">Id</Table.Th>
            <Table.Td>
              <Code>{t.id}</Code>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Alias</Table.Th>
            <Table.Td>{t.alias ? <Code>{t.alias}</Code> : '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Subject</Table.Th>
            <Table.Td>{t.subject}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Variables</Table.Th>
            <Table.Td>
              {variables.length
                ? variables.map((v, i) => (
                    <Fragment key={v}>
                      {i > 0 && ', '}
                      <Code>{v}</Code>
                    </Fragment>
                  ))
                : 'none'}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Created</Table.Th>
            <Table.Td>
              <When iso={t.createdAt} />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Updated</Table.Th>
            <Table.Td>
              <When iso={t.updatedAt} />
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {t.active ? (
        <TemplatePreview id={t.id} source={[t.htmlBody, t.textBody].filter(Boolean).join('\n\n')} />
      ) : (
        <StoredTemplate htmlBody={t.htmlBody ?? null} textBody={t.textBody ?? null} />
      )}
    </Stack>
  );
}

/** One email template by id (or alias): its details, the variables it uses, and a preview rendered with sample values. */
export default function EmailTemplatePage() {
  const { id = '' } = useParams();
  // Asked here so the heading can be the template's name; never asked without the scope.
  const result = useQuery(EmailTemplateQuery, { id }, { skip: !useHasScope('email') });
  return (
    <PageFrame
      title={result.data?.emailTemplate.name ?? 'Email template'}
      scope="email"
      actions={<SectionLinks label="Email pages" links={EMAIL_SECTIONS} />}
    >
      <EmailTemplate result={result} />
    </PageFrame>
  );
}
