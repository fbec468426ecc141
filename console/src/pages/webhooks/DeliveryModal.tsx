import { Badge, Code, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { When } from '../../components/DataTable';
import type { ConsoleWebhookEndpointQuery } from '../../gql/graphql';

export type Delivery = ConsoleWebhookEndpointQuery['webhookDeliveries']['data'][number];

/** One delivery: the request body sent, then every attempt with the endpoint's answer. */
export function DeliveryModal({ delivery, onClose }: { delivery: Delivery; onClose: () => void }) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Delivery of ${delivery.eventType}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the dialog' }}
    >
      <Stack gap="md">
        <Group gap="xs">
          <Badge color={statusColor(delivery.status)}>{delivery.status}</Badge>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Event {delivery.eventId}
          </Text>
        </Group>
        <Stack gap={4} component="section" aria-labelledby="request-body-heading">
          <Title order={2} size="h5" id="request-body-heading">
            Request body
          </Title>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {JSON.stringify(delivery.payload, null, 2)}
          </Code>
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="attempts-heading">
          <Title order={2} size="h5" id="attempts-heading">
            Attempts
          </Title>
          {delivery.attempts.length === 0 && (
            <Text size="sm" c="dimmed">
              No attempt made yet
            </Text>
          )}
          <ol className="plain-list">
            {delivery.attempts.map((attempt) => (
              <li key={attempt.id} aria-label={`Attempt ${attempt.number}${attempt.manual ? ' (manual retry)' : ''}`}>
                <Stack gap={4} mb="sm">
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      Attempt {attempt.number}
                      {attempt.manual ? ' (manual retry)' : ''}
                    </Text>
                    <Badge color={attempt.success ? 'teal.9' : 'red.9'}>
                      {attempt.success ? 'succeeded' : 'failed'}
                    </Badge>
                    <Text size="sm">Response status {attempt.responseCode ?? '—'}</Text>
                    <Text size="sm" c="dimmed">
                      {attempt.durationMs} ms, <When iso={attempt.attemptedAt} />
                    </Text>
                  </Group>
                  {attempt.error && (
                    <Text size="sm" c="red.8">
                      {attempt.error}
                    </Text>
                  )}
                  <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {attempt.responseBody || '(empty)'}
                  </Code>
                </Stack>
              </li>
            ))}
          </ol>
        </Stack>
      </Stack>
    </Modal>
  );
}

export function statusColor(status: string): string {
  return status === 'SUCCESS' ? 'teal.9' : status === 'FAILED' ? 'red.9' : 'gray.7';
}
