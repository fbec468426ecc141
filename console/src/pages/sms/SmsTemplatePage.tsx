import { Fragment, useState, type ReactNode } from 'react';
import { Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { mutate } from '../../api/graphql-client';
import { useHasScope } from '../../api/session-context';
import { useQuery, type QueryState } from '../../api/use-query';
import type { ConsoleSmsTemplateQuery } from '../../gql/graphql';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Loading, PageFrame } from '../../components/PageFrame';
import { SectionLinks } from '../../components/SectionLinks';
import { SmsTemplateModal } from './SmsTemplateModal';
import { DeleteSmsTemplate } from './sms-template-documents';
import { SMS_SECTIONS } from './sms-sections';

const SmsTemplateQuery = graphql(`
  query ConsoleSmsTemplate($alias: String!) {
    smsTemplate(alias: $alias) { templateId id alias name body type approved variables }
  }
`);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

function SmsTemplate({ result }: { result: QueryState<ConsoleSmsTemplateQuery> }) {
  const { data, errors, loading, refetch } = result;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  if (loading && !data) return <Loading label="Loading the template" />;
  if (!data) return <ApiErrorAlert errors={errors} />;
  const t = data.smsTemplate;
  const custom = t.type === 'CUSTOM';
  return (
    <Stack>
      <Group gap="xs">
        <Badge variant="light">{custom ? 'custom' : 'pool'}</Badge>
        <Badge variant={t.approved ? 'filled' : 'outline'}>{t.approved ? 'approved' : 'not approved'}</Badge>
      </Group>
      <Table withTableBorder maw={760} style={{ overflowWrap: 'anywhere' }}>
        <caption className="visually-hidden">Template details</caption>
        <Table.Tbody>
          <Row label="Alias">
            <Code>{t.alias}</Code>
          </Row>
          <Row label="Id">{custom ? <Code>{t.id}</Code> : `pool template ${t.templateId}`}</Row>
          <Row label="Variables">
            {t.variables.length
              ? t.variables.map((v, i) => (
                  <Fragment key={v}>
                    {i > 0 && ', '}
                    <Code>{v}</Code>
                  </Fragment>
                ))
              : 'none'}
          </Row>
        </Table.Tbody>
      </Table>
      <Title order={2} size="h5">
        Body
      </Title>
      <Text component="pre" className="json">
        {t.body}
      </Text>
      {custom ? (
        <Group>
          <Button variant="light" onClick={() => setEditing(true)}>
            Edit template
          </Button>
          <Button variant="outline" color="red" onClick={() => setDeleting(true)}>
            Delete template
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Pool templates are the platform’s: they cannot be changed or deleted.
        </Text>
      )}
      {editing && (
        <SmsTemplateModal
          editing={{ alias: t.alias, name: t.name, body: t.body }}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            refetch();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete the template"
          confirmLabel="Delete"
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await mutate(DeleteSmsTemplate, { alias: t.alias });
            navigate('/sms/templates');
          }}
        >
          Sends naming {t.alias} will be refused once it is deleted.
        </ConfirmDialog>
      )}
    </Stack>
  );
}

/** One SMS template by alias (or pool id): its body and the variables it reads; a custom one can be edited or deleted. */
export default function SmsTemplatePage() {
  const { alias = '' } = useParams();
  // Asked here so the heading can be the template's name; never asked without the scope.
  const result = useQuery(SmsTemplateQuery, { alias }, { skip: !useHasScope('sms') });
  return (
    <PageFrame
      title={result.data?.smsTemplate.name ?? 'SMS template'}
      scope="sms"
      actions={<SectionLinks label="SMS pages" links={SMS_SECTIONS} />}
    >
      <SmsTemplate result={result} />
    </PageFrame>
  );
}
