import { useState } from 'react';
import { Anchor, Badge, Button, Group, Select } from '@mantine/core';
import { Link } from 'react-router-dom';
import { graphql } from '../../gql';
import { mutate } from '../../api/graphql-client';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SectionLinks } from '../../components/SectionLinks';
import { AddSuppressionForm } from './AddSuppressionForm';
import { EMAIL_SECTIONS } from './email-sections';

const EmailSuppressionsQuery = graphql(`
  query ConsoleEmailSuppressions($page: Int!, $limit: Int!, $reason: String) {
    emailSuppressions(page: $page, limit: $limit, reason: $reason) {
      data { id email reason sourceMessageId createdAt }
      meta { total }
    }
  }
`);

const RemoveEmailSuppression = graphql(`
  mutation ConsoleRemoveEmailSuppression($email: String!) {
    removeEmailSuppression(email: $email)
  }
`);

const LIMIT = 25;
const SUPPRESSION_REASONS = ['HARD_BOUNCE', 'SPAM_COMPLAINT', 'UNSUBSCRIBE', 'MANUAL'];

function EmailSuppressions() {
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const { data, errors, loading, refetch } = useQuery(EmailSuppressionsQuery, { page, limit: LIMIT, reason });
  return (
    <>
      <AddSuppressionForm onAdded={refetch} />
      <Group align="end">
        <Select
          label="Show reason"
          placeholder="Any"
          data={SUPPRESSION_REASONS}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setPage(1);
          }}
          clearable
          w={200}
        />
      </Group>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading suppressions" />}
      {data && (
        <>
          <DataTable
            caption="Suppressed addresses"
            empty="No address is suppressed."
            rows={data.emailSuppressions.data}
            rowKey={(s) => s.id}
            columns={[
              { header: 'Address', cell: (s) => s.email },
              { header: 'Reason', cell: (s) => <Badge variant="light">{s.reason}</Badge> },
              { header: 'Since', cell: (s) => <When iso={s.createdAt} /> },
              {
                header: 'Caused by',
                cell: (s) =>
                  s.sourceMessageId ? (
                    <Anchor component={Link} to={`/email/messages/${encodeURIComponent(s.sourceMessageId)}`}>
                      {s.sourceMessageId}
                    </Anchor>
                  ) : (
                    '—'
                  ),
              },
              {
                header: 'Actions',
                cell: (s) => (
                  <Button size="xs" variant="outline" color="red" onClick={() => setRemoving(s.email)}>
                    Remove <span className="visually-hidden">{s.email}</span>
                  </Button>
                ),
              },
            ]}
          />
          <Pager
            page={page}
            limit={LIMIT}
            total={data.emailSuppressions.meta.total}
            onPage={setPage}
            label="Suppressed addresses"
          />
        </>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove the suppression"
          confirmLabel="Remove"
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await mutate(RemoveEmailSuppression, { email: removing });
            refetch();
          }}
        >
          Mail to {removing} will be sent again.
        </ConfirmDialog>
      )}
    </>
  );
}

/** The addresses the organization never sends to, newest first; add one, or let one receive mail again. */
export default function EmailSuppressionsPage() {
  return (
    <PageFrame
      title="Email suppressions"
      scope="email"
      actions={<SectionLinks label="Email pages" links={EMAIL_SECTIONS} />}
    >
      <EmailSuppressions />
    </PageFrame>
  );
}
