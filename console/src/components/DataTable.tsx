import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** A table of one page of a list; `caption` names it for screen readers. */
export function DataTable<T>({
  rows,
  columns,
  caption,
  empty,
  rowKey,
}: {
  rows: T[];
  columns: Column<T>[];
  caption: string;
  empty: string;
  rowKey: (row: T) => string;
}) {
  if (rows.length === 0)
    return (
      <Text c="dimmed" my="md">
        {empty}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover>
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An ISO timestamp as the reader's local date and time. */
export function When({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <>—</>;
  return <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;
}
