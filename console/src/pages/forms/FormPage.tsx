import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import type { ApiError } from '../../api/api-error';
import { useHasScope } from '../../api/session-context';
import { useQuery, type QueryState } from '../../api/use-query';
import type { ConsoleFormQuery } from '../../gql/graphql';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { DropOffChart } from './DropOffChart';
import { downloadExport } from './export-download';
import { FormPageQuery } from './form-documents';

const LIMIT = 20;

/** An answer as text: strings as they are, anything else (choices, numbers) as JSON. */
function answerText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

interface FormViewProps {
  result: QueryState<ConsoleFormQuery>;
  page: number;
  setPage: (page: number) => void;
  status: string | null;
  setStatus: (status: string | null) => void;
}

function FormView({ result, page, setPage, status, setStatus }: FormViewProps) {
  const [exportErrors, setExportErrors] = useState<ApiError[]>([]);
  const { data, errors, loading } = result;

  const download = (formId: number, format: 'csv' | 'json') => {
    setExportErrors([]);
    downloadExport(formId, format).catch((error: ApiError) => setExportErrors([error]));
  };

  if (loading && !data) return <Loading label="Loading the form" />;
  if (!data) return <ApiErrorAlert errors={errors} />;
  const { form, formSubmissions, formAnalytics } = data;
  const fields = [...form.fields].sort((a, b) => a.order - b.order);
  return (
    <Stack gap="lg">
      <ApiErrorAlert errors={[...errors, ...exportErrors]} />
      <Group gap="xs">
        <Badge variant="light">{form.status}</Badge>
        <Anchor href={form.url} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {form.url}
        </Anchor>
      </Group>
      {form.description && <Text size="sm">{form.description}</Text>}

      <Stack gap="xs" component="section" aria-labelledby="analytics-heading">
        <Title order={2} size="h4" id="analytics-heading">
          Analytics
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Stat label="Views" value={formAnalytics.summary.views} />
          <Stat label="Starts" value={formAnalytics.summary.starts} />
          <Stat label="Completions" value={formAnalytics.summary.completions} />
          <Stat label="Completion rate" value={`${Math.round(formAnalytics.summary.completionRate * 100)}%`} />
        </SimpleGrid>
      </Stack>
      <DropOffChart dropOff={formAnalytics.dropOff} />

      <Stack gap="xs" component="section" aria-labelledby="fields-heading">
        <Title order={2} size="h4" id="fields-heading">
          Fields
        </Title>
        <DataTable
          caption={`Fields of ${form.title}`}
          empty="No fields"
          rows={fields}
          rowKey={(f) => String(f.id)}
          columns={[
            { header: 'Label', cell: (f) => f.label },
            { header: 'Ref', cell: (f) => <code>{f.ref}</code> },
            { header: 'Type', cell: (f) => f.type },
            { header: 'Required', cell: (f) => (f.required ? 'yes' : 'no') },
          ]}
        />
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="submissions-heading">
        <Title order={2} size="h4" id="submissions-heading">
          Submissions
        </Title>
        <Group align="end" gap="sm">
          <Select
            label="Status"
            placeholder="Any"
            data={['partial', 'complete']}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            clearable
            w={120}
            size="xs"
          />
          <Button size="xs" variant="default" onClick={() => download(form.id, 'csv')}>
            Export CSV
          </Button>
          <Button size="xs" variant="default" onClick={() => download(form.id, 'json')}>
            Export JSON
          </Button>
        </Group>
        <DataTable
          caption={`Submissions of ${form.title}`}
          empty="No submissions yet"
          rows={formSubmissions.data}
          rowKey={(s) => s.submissionId}
          columns={[
            { header: 'Status', cell: (s) => s.status },
            { header: 'Started', cell: (s) => <When iso={s.createdAt} /> },
            { header: 'Completed', cell: (s) => <When iso={s.completedAt} /> },
            ...fields.map((f) => ({
              header: f.label,
              cell: (s: (typeof formSubmissions.data)[number]) => (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {answerText((s.answers as Record<string, unknown>)[f.ref])}
                </Text>
              ),
            })),
          ]}
        />
        <Pager page={page} limit={LIMIT} total={formSubmissions.meta.total} onPage={setPage} label="Submissions" />
      </Stack>
    </Stack>
  );
}

/** One form: its fields, analytics with drop-off per field, and its submissions (filter, page, export). */
export default function FormPage() {
  const { formId = '' } = useParams();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | null>(null);
  // Asked here, not in the view, so the heading can be the form's title; never asked without the scope.
  const allowed = useHasScope('forms');
  const result = useQuery(FormPageQuery, { id: formId, page, limit: LIMIT, status }, { skip: !allowed });
  return (
    <PageFrame
      title={result.data?.form.title ?? 'Form'}
      scope="forms"
      actions={
        <Anchor component={Link} to="/forms" size="sm">
          All forms
        </Anchor>
      }
    >
      <FormView result={result} page={page} setPage={setPage} status={status} setStatus={setStatus} />
    </PageFrame>
  );
}
