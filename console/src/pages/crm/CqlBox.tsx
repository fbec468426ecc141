import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Alert, Button, Code, Group, Stack, Text, Textarea } from '@mantine/core';
import type { ApiError } from '../../api/api-error';
import { cqlErrorMarker } from './cql-position';

/**
 * The CQL query box: the `where` text a table of contacts or companies is narrowed by. A parse or type error of the platform is
 * shown under the query with a caret at the character it names; Ctrl+Enter (or ⌘+Enter) runs the query.
 */
export function CqlBox({
  onRun,
  error,
  running,
  example = 'lifecycleStage = "lead" AND createdAt > -30d (empty for every contact)',
  extra,
}: {
  onRun: (where: string) => void;
  error: ApiError | null;
  running: boolean;
  /** The description under the label: an example query of the entity. */
  example?: string;
  /** More buttons beside Run query (they act on the query last run). */
  extra?: ReactNode;
}) {
  const [text, setText] = useState('');
  const [ran, setRan] = useState('');
  const run = () => {
    setRan(text);
    onRun(text.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      run();
    }
  };
  const marker = error ? cqlErrorMarker(ran, error.details.position) : null;
  return (
    <Stack gap="xs">
      <Textarea
        label="CQL query"
        description={`For example: ${example}`}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        error={error ? error.message : undefined}
      />
      <Group>
        <Button onClick={run} loading={running}>
          Run query
        </Button>
        {extra}
      </Group>
      {error && marker && (
        <Alert color="red" title={`Error at line ${marker.line}, column ${marker.column}`} role="alert">
          <Code block aria-label="Where the error is">{`${marker.lineText}\n${' '.repeat(marker.column - 1)}^`}</Code>
          {error.details.expected !== undefined && (
            <Text size="sm" mt={4}>
              Expected:{' '}
              {Array.isArray(error.details.expected)
                ? error.details.expected.join(', ')
                : String(error.details.expected)}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
