import { Alert, Code, Stack, Text } from '@mantine/core';
import { explain, type ApiError } from '../api/api-error';

/** API errors in words, with the platform's message and the request id to quote when reporting it. */
export function ApiErrorAlert({ errors, title }: { errors: ApiError[]; title?: string }) {
  if (errors.length === 0) return null;
  return (
    <Alert color="red" title={title ?? explain(errors[0]!).headline} role="alert">
      <Stack gap={4}>
        {errors.map((error, i) => (
          <Text size="sm" key={i}>
            {i > 0 || title ? `${explain(error).headline} ` : ''}
            {explain(error).detail}{' '}
            <Text span c="dimmed" size="xs">
              ({error.code}
              {error.path.length ? ` at ${error.path.join('.')}` : ''})
            </Text>
            {error.requestId && (
              <>
                {' '}
                Request id: <Code>{error.requestId}</Code>
              </>
            )}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
