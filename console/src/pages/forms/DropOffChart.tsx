import { Stack, Table, Text, Title } from '@mantine/core';

export interface DropOff {
  fieldId: number;
  label: string;
  count: number;
}

/** Unfinished submissions by the last field they reached: a bar per field, the numbers in the table beside them. */
export function DropOffChart({ dropOff }: { dropOff: DropOff[] }) {
  const most = Math.max(1, ...dropOff.map((d) => d.count));
  return (
    <Stack gap="xs" component="section" aria-labelledby="drop-off-heading">
      <Title order={2} size="h4" id="drop-off-heading">
        Drop-off per field
      </Title>
      {dropOff.length === 0 ? (
        <Text size="sm" c="dimmed">
          No fields
        </Text>
      ) : (
        <Table layout="fixed">
          <caption className="visually-hidden">Unfinished submissions whose last field reached is this one</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="40%">Field</Table.Th>
              <Table.Th>Stopped here</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dropOff.map((d) => (
              <Table.Tr key={d.fieldId}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.label}</Table.Td>
                <Table.Td>
                  <div className="bar-cell">
                    <div className="bar-track" aria-hidden="true">
                      <div className="bar" style={{ width: `${(d.count / most) * 100}%` }} />
                    </div>
                    <span>{d.count}</span>
                  </div>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
