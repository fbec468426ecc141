import { useState } from 'react';
import { Badge, Button, CloseButton, Group, Select, Stack, Text, Title } from '@mantine/core';
import { mutate } from '../../api/graphql-client';
import type { ApiError } from '../../api/api-error';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { LabelMessage, UnlabelMessage } from './mailbox-documents';

/** A message's labels: each removable, and one of the mailbox's other labels to add (labels are made per mailbox). */
export function MessageLabels({
  messageId,
  labels,
  known,
  onChanged,
}: {
  messageId: string;
  labels: string[];
  known: string[];
  onChanged: () => void;
}) {
  const [name, setName] = useState<string | null>(null);
  const addable = known.filter((k) => !labels.includes(k));
  const [errors, setErrors] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);
  const run = async (change: () => Promise<unknown>) => {
    setErrors([]);
    setBusy(true);
    try {
      await change();
      onChanged();
    } catch (error) {
      setErrors([error as ApiError]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="labels-heading">
      <Title order={2} size="h4" id="labels-heading">
        Labels
      </Title>
      <ApiErrorAlert errors={errors} />
      <Group gap={6}>
        {labels.length === 0 && (
          <Text size="sm" c="dimmed">
            No labels.
          </Text>
        )}
        {labels.map((l) => (
          <Badge
            key={l}
            variant="outline"
            rightSection={
              <CloseButton
                size="xs"
                aria-label={`Remove label ${l}`}
                onClick={() => void run(() => mutate(UnlabelMessage, { id: messageId, name: l }))}
              />
            }
          >
            {l}
          </Badge>
        ))}
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!name) return;
          void run(async () => {
            await mutate(LabelMessage, { id: messageId, input: { labels: [name] } });
            setName(null);
          });
        }}
      >
        <Group align="end" gap="sm">
          <Select
            label="Label"
            placeholder={addable.length ? 'Choose a label' : 'No other labels in this mailbox'}
            data={addable}
            value={name}
            onChange={setName}
            disabled={addable.length === 0}
            w={220}
            size="xs"
          />
          <Button type="submit" size="xs" loading={busy} disabled={!name}>
            Add label
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
