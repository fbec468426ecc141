import { Stack, Title } from '@mantine/core';
import { DataTable } from '../../components/DataTable';

interface UsageGroup {
  group?: string | null;
  requests: number;
  errors: number;
  totalTokens: number;
  costUsd: number;
  unpricedRequests: number;
}

const count = (n: number) => n.toLocaleString('en-US');
const usd = (n: number) => `$${n.toFixed(n !== 0 && n < 0.01 ? 6 : 2)}`;

/** The cost of a group; requests to models without a known price add nothing to it, so they are named. */
function cost(row: UsageGroup) {
  if (row.unpricedRequests === 0) return usd(row.costUsd);
  if (row.unpricedRequests === row.requests) return 'unknown';
  return `${usd(row.costUsd)} + ${count(row.unpricedRequests)} unpriced`;
}

/** One `aiUsage` grouping (per model or per key) of the chosen range, under its own heading. */
export function UsageGroupTable({
  caption,
  header,
  rows,
  name,
}: {
  caption: string;
  header: string;
  rows: UsageGroup[];
  name: (group: string | null | undefined) => string;
}) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {caption}
      </Title>
      <DataTable
        caption={caption}
        empty="No requests in this range."
        rows={rows}
        rowKey={(row) => row.group ?? ''}
        columns={[
          { header, cell: (row) => name(row.group) },
          { header: 'Requests', cell: (row) => count(row.requests) },
          { header: 'Errors', cell: (row) => count(row.errors) },
          { header: 'Tokens', cell: (row) => count(row.totalTokens) },
          { header: 'Cost (USD)', cell: cost },
        ]}
      />
    </Stack>
  );
}
