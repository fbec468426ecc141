import { useState } from 'react';
import { Badge, Button, Group, Select } from '@mantine/core';
import { graphql } from '../../gql';
import { mutate } from '../../api/graphql-client';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SectionLinks } from '../../components/SectionLinks';
import { AddOptOutForm } from './AddOptOutForm';
import { SMS_SECTIONS } from './sms-sections';

const SmsSuppressionsQuery = graphql(`
  query ConsoleSmsSuppressions($page: Int!, $limit: Int!, $reason: String) {
    smsSuppressions(page: $page, limit: $limit, reason: $reason) {
      data { id phoneNumber reason createdAt }
      meta { total }
    }
  }
`);

const RemoveSmsSuppression = graphql(`
  mutation ConsoleRemoveSmsSuppression($phoneNumber: String!) {
    removeSmsSuppression(phoneNumber: $phoneNumber)
  }
`);

const LIMIT = 25;

function OptOuts() {
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const { data, errors, loading, refetch } = useQuery(SmsSuppressionsQuery, { page, limit: LIMIT, reason });
  return (
    <>
      <AddOptOutForm onAdded={refetch} />
      <Group align="end">
        <Select
          label="Show reason"
          placeholder="Any"
          data={[
            { value: 'OPT_OUT', label: 'OPT_OUT (the person sent STOP)' },
            { value: 'MANUAL', label: 'MANUAL (added here or by the API)' },
          ]}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setPage(1);
          }}
          clearable
          w={300}
        />
      </Group>
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading opt-outs" />}
      {data && (
        <>
          <DataTable
            caption="Opted-out numbers"
            empty="No number is opted out."
            rows={data.smsSuppressions.data}
            rowKey={(s) => s.id}
            columns={[
              { header: 'Number', cell: (s) => s.phoneNumber },
              { header: 'Reason', cell: (s) => <Badge variant="light">{s.reason}</Badge> },
              { header: 'Since', cell: (s) => <When iso={s.createdAt} /> },
              {
                header: 'Actions',
                cell: (s) => (
                  <Button size="xs" variant="outline" color="red" onClick={() => setRemoving(s.phoneNumber)}>
                    Remove <span className="visually-hidden">{s.phoneNumber}</span>
                  </Button>
                ),
              },
            ]}
          />
          <Pager
            page={page}
            limit={LIMIT}
            total={data.smsSuppressions.meta.total}
            onPage={setPage}
            label="Opted-out numbers"
          />
        </>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove the opt-out"
          confirmLabel="Remove"
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await mutate(RemoveSmsSuppression, { phoneNumber: removing });
            refetch();
          }}
        >
          Messages to {removing} will be sent again. Remove an OPT_OUT only when the person asked for messages again.
        </ConfirmDialog>
      )}
    </>
  );
}

/** Numbers the organization's sends are blocked for, newest first: STOP replies and numbers added by hand. */
export default function SmsOptOutsPage() {
  return (
    <PageFrame title="SMS opt-outs" scope="sms" actions={<SectionLinks label="SMS pages" links={SMS_SECTIONS} />}>
      <OptOuts />
    </PageFrame>
  );
}
