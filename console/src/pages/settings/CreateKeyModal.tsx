import { useState } from 'react';
import { Alert, Button, Checkbox, Code, CopyButton, Group, Modal, Stack, TextInput } from '@mantine/core';
import { mutate } from '../../api/graphql-client';
import type { ApiError } from '../../api/api-error';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { CreateApiKey } from './settings-documents';

/** Name and scopes (only those the signed-in key holds: it cannot grant more), then the new key, shown this once. */
export function CreateKeyModal({
  grantable,
  onClose,
  onCreated,
}: {
  grantable: string[];
  onClose: () => void;
  onCreated: () => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [noScope, setNoScope] = useState(false);

  const create = async () => {
    setErrors([]);
    setNoScope(scopes.length === 0);
    if (scopes.length === 0) return;
    setBusy(true);
    try {
      const created = await mutate(CreateApiKey, { input: { name: name.trim() || null, scopes } });
      setSecret(created.createApiKey.key);
      onCreated();
    } catch (error) {
      setErrors([error as ApiError]);
    } finally {
      setBusy(false);
    }
  };

  if (secret) {
    return (
      <Modal opened onClose={onClose} title="Your new API key" closeButtonProps={{ 'aria-label': 'Close the dialog' }}>
        <Stack gap="sm">
          <Alert title="Shown this once">Copy it now: the platform keeps only its hash and cannot show it again.</Alert>
          <Code block aria-label="New API key" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  return (
    <Modal opened onClose={onClose} title="Create an API key" closeButtonProps={{ 'aria-label': 'Close the dialog' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Stack gap="sm">
          <ApiErrorAlert errors={errors} />
          <TextInput
            label="Name"
            description="What uses the key, to tell keys apart"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
          />
          <Checkbox.Group
            label="Scopes"
            description="Only scopes this key holds itself can be granted"
            value={scopes}
            onChange={(v) => {
              setScopes(v);
              setNoScope(false);
            }}
            error={noScope ? 'Pick at least one scope' : undefined}
          >
            <Group gap="sm" mt={4}>
              {grantable.map((scope) => (
                <Checkbox key={scope} value={scope} label={scope} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
