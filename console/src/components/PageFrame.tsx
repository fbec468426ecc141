import type { ReactNode } from 'react';
import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useHasScope } from '../api/session-context';

/**
 * A page of one module: its heading, then the content only when the key holds the module's scope (otherwise a
 * sentence saying so, and no request is made).
 */
export function PageFrame({
  title,
  scope,
  children,
  actions,
}: {
  title: string;
  scope: string | null;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const allowed = useHasScope(scope ?? '');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {actions}
      {scope && !allowed ? (
        <Alert color="yellow" title="Not available with this key">
          This API key has no “{scope}” scope, so the {title} page cannot show anything. Sign in with a key that has it.
        </Alert>
      ) : (
        children
      )}
    </Stack>
  );
}

export function Loading({ label }: { label: string }) {
  return <Loader aria-label={label} size="sm" />;
}
