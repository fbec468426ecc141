import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { mutate } from '../../api/graphql-client';
import type { ApiError } from '../../api/api-error';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { CancelTransfer, TransfersQuery } from './transfer-documents';
import { StartTransferModal } from './StartTransferModal';

const LIMIT = 25;
const STATUSES = ['PENDING', 'COMPLETED', 'CANCELLED', 'FAILED'];

function Transfers() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [cancelling, setCancelling] = useState<{ id: string; domainName: string } | null>(null);
  const [actionErrors, setActionErrors] = useState<ApiError[]>([]);
  const { data, errors, loading, refetch } = useQuery(TransfersQuery, { page, limit: LIMIT, status });

  const cancel = async (transferId: string) => {
    setActionErrors([]);
    setCancelling(null);
    try {
      await mutate(CancelTransfer, { transferId });
      refetch();
    } catch (error) {
      setActionErrors([error as ApiError]);
    }
  };

  return (
    <Stack gap="md">
      <ApiErrorAlert errors={[...errors, ...actionErrors]} />
      <Group align="end" gap="sm">
        <Select
          label="Status"
          placeholder="Any"
          data={STATUSES}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          clearable
          w={140}
          size="xs"
        />
        <Button size="xs" onClick={() => setStarting(true)}>
          Transfer a domain in
        </Button>
      </Group>
      {loading && !data && <Loading label="Loading transfers" />}
      {data && (
        <>
          <DataTable
            caption="Domain transfers"
            empty="No transfers yet"
            rows={data.domainTransfers.data}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Domain', cell: (row) => row.domainName },
              {
                header: 'Status',
                cell: (row) => (row.failureReason ? `${row.status}: ${row.failureReason}` : row.status),
              },
              { header: 'Price', cell: (row) => `$${row.price.toFixed(2)}` },
              { header: 'Started', cell: (row) => <When iso={row.createdAt} /> },
              {
                header: 'Completes',
                cell: (row) => <When iso={row.completedAt ?? row.completesAt} />,
              },
              {
                header: 'Actions',
                cell: (row) =>
                  row.status === 'PENDING' ? (
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={`Cancel the transfer of ${row.domainName}`}
                      onClick={() => setCancelling({ id: row.id, domainName: row.domainName })}
                    >
                      Cancel
                    </Button>
                  ) : null,
              },
            ]}
          />
          <Pager page={page} limit={LIMIT} total={data.domainTransfers.meta.total} onPage={setPage} label="Transfers" />
        </>
      )}
      {starting && <StartTransferModal onClose={() => setStarting(false)} onStarted={refetch} />}
      {cancelling && (
        <Modal
          opened
          onClose={() => setCancelling(null)}
          title="Cancel the transfer?"
          closeButtonProps={{ 'aria-label': 'Close the dialog' }}
        >
          <Stack gap="sm">
            <Text size="sm">
              The transfer of {cancelling.domainName} stops and the domain stays with its current registrar.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCancelling(null)}>
                Keep it
              </Button>
              <Button color="red" onClick={() => void cancel(cancelling.id)}>
                Cancel transfer
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}

/** The organization's transfers in: list (by status), start one, cancel a pending one. */
export default function DomainTransfersPage() {
  return (
    <PageFrame title="Domain transfers" scope="domains">
      <Transfers />
    </PageFrame>
  );
}
