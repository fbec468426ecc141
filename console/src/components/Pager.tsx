import { Group, Pagination, Text } from '@mantine/core';

/** Server-side pages: the list query is asked for one page; this moves between them. */
export function Pager({
  page,
  limit,
  total,
  onPage,
  label,
}: {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed">
        {total} in all
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${label}: ${control} page` })}
          getItemProps={(p) => ({ 'aria-label': `${label}: page ${p}` })}
        />
      )}
    </Group>
  );
}
