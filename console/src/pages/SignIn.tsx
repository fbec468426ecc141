import { useState, type FormEvent } from 'react';
import { Button, Center, Paper, TextInput, Stack, Text, Title } from '@mantine/core';
import { ApiErrorAlert } from '../components/ApiErrorAlert';
import type { ApiError } from '../api/api-error';

/** Sign-in with a platform API key (a SERVER key); the key stays in this tab's sessionStorage. */
export function SignIn({
  onSignIn,
  error,
  busy,
}: {
  onSignIn: (key: string) => void;
  error: ApiError | null;
  busy: boolean;
}) {
  const [key, setKey] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (key.trim()) onSignIn(key.trim());
  };
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w={420}>
        <form onSubmit={submit}>
          <Stack>
            <Title order={1} size="h3">
              Platform console
            </Title>
            <Text size="sm" c="dimmed">
              Sign in with an API key of your organization. It is kept in this browser tab only.
            </Text>
            <TextInput
              label="API key"
              value={key}
              onChange={(e) => setKey(e.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              required
            />
            {error && <ApiErrorAlert errors={[error]} />}
            <Button type="submit" loading={busy}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
