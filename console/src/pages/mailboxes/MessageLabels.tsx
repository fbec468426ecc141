import { useState } from 'react';
import { Badge, Button, CloseButton, Group, Stack, TextInput, Title } from '@mantine/core';
import { mutate } from '../../api/graphql-client';
import type { ApiError } from '../../api/api-error';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { LabelMessage, UnlabelMessage } from './mailbox-documents';

/** A message's labels: each removable, and a name to add (one of the mailbox's labels, offered as suggestions). */
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
  const [name, setName] = useState('');
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
        {labels.length === 0 && <span>No labels.</span>}
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
          const label = name.trim();
          if (!label) return;
          void run(async () => {
            await mutate(LabelMessage, { id: messageId, input: { labels: [label] } });
            setName('');
          });
        }}
      >
        <Group align="end" gap="sm">
          <TextInput
            label="Label"
            list="mailbox-labels"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            w={220}
            size="xs"
          />
          <datalist id="mailbox-labels">
            {known.map((k) => (
              <option key={k} value={k} />
            ))}
          </datalist>
          <Button type="submit" size="xs" loading={busy}>
            Add label
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
