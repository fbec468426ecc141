import { Fragment, useState } from 'react';
import { Code, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { graphql } from '../../gql';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Loading } from '../../components/PageFrame';
import { SandboxedHtml } from '../../components/SandboxedHtml';
import { renderVariables } from './render-variables';

const RenderEmailTemplateQuery = graphql(`
  query ConsoleRenderEmailTemplate($id: ID!, $input: EmailTemplateRenderInput) {
    renderEmailTemplate(id: $id, input: $input) { subject html text variables missingVariables }
  }
`);

/** Typing pauses this long before the preview is asked for again. */
const DEBOUNCE_MS = 300;

/**
 * The template rendered by the platform with sample values, exactly as a send with them would render it: one input
 * per variable the template uses, the subject, the HTML in a sandboxed frame (no script, nothing remote) and the text.
 */
export function TemplatePreview({ id, source }: { id: string; source: string }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [debounced] = useDebouncedValue(values, DEBOUNCE_MS);
  const { data, errors, loading } = useQuery(RenderEmailTemplateQuery, {
    id,
    input: { variables: renderVariables(debounced) },
  });
  const r = data?.renderEmailTemplate;
  return (
    <Stack gap="sm" component="section" aria-labelledby="preview-heading">
      <Title order={2} size="h4" id="preview-heading">
        Preview
      </Title>
      <ApiErrorAlert errors={errors} />
      {!r && loading && <Loading label="Rendering the template" />}
      {r && (
        <>
          {r.variables.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} maw={760}>
              {r.variables.map((name) => (
                <TextInput
                  key={name}
                  label={name}
                  value={values[name] ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setValues((v) => ({ ...v, [name]: value }));
                  }}
                />
              ))}
            </SimpleGrid>
          )}
          <Table withTableBorder maw={760}>
            <caption className="visually-hidden">Rendered</caption>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">Subject</Table.Th>
                <Table.Td>{r.subject}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Rendered empty</Table.Th>
                <Table.Td>
                  {r.missingVariables.length
                    ? r.missingVariables.map((v, i) => (
                        <Fragment key={v}>
                          {i > 0 && ', '}
                          <Code>{v}</Code>
                        </Fragment>
                      ))
                    : 'none'}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Tabs defaultValue={r.html !== null ? 'html' : 'text'}>
            <Tabs.List>
              <Tabs.Tab value="html" disabled={r.html === null}>
                HTML
              </Tabs.Tab>
              <Tabs.Tab value="text" disabled={r.text === null}>
                Text
              </Tabs.Tab>
              <Tabs.Tab value="source">Source</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="sm">
              {r.html !== null && <SandboxedHtml html={r.html} title="The template's HTML, rendered" />}
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="sm">
              <Text component="pre" className="json">
                {r.text}
              </Text>
            </Tabs.Panel>
            <Tabs.Panel value="source" pt="sm">
              <Text component="pre" className="json">
                {source}
              </Text>
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}
