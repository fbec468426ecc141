import { useEffect, useState } from 'react';
import { Anchor, Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { mutate } from '../../api/graphql-client';
import type { ApiError } from '../../api/api-error';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable, When } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { DeliveryModal, statusColor } from './DeliveryModal';
import { RetryWebhookDelivery, SendWebhookTest, WebhookEndpointQuery } from './webhook-documents';

const LIMIT = 25;
/** While a delivery is PENDING its attempt runs in a job: the page asks again until it settles. */
const PENDING_REFRESH_MS = 1000;

function Endpoint({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [actionErrors, setActionErrors] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);
  const { data, errors, loading, refetch } = useQuery(WebhookEndpointQuery, { id, page, limit: LIMIT, status });

  const pending = data?.webhookDeliveries.data.some((d) => d.status === 'PENDING') ?? false;
  useEffect(() => {
    if (!pending || loading) return;
    const timer = setTimeout(refetch, PENDING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [pending, loading, refetch]);

  const act = async (run: () => Promise<unknown>) => {
    setActionErrors([]);
    setBusy(true);
    try {
      await run();
      refetch();
    } catch (error) {
      setActionErrors([error as ApiError]);
    } finally {
      setBusy(false);
    }
  };

  const open = data?.webhookDeliveries.data.find((d) => d.id === openId) ?? null;
  return (
    <Stack gap="md">
      <ApiErrorAlert errors={[...errors, ...actionErrors]} />
      {loading && !data && <Loading label="Loading the endpoint" />}
      {data && (
        <>
          <Stack gap={4}>
            <Text style={{ overflowWrap: 'anywhere' }}>{data.webhook.url}</Text>
            <Group gap="xs">
              <Badge color={data.webhook.active ? 'teal.9' : 'gray.7'}>
                {data.webhook.active ? 'active' : 'disabled'}
              </Badge>
              {data.webhook.failed && (
                <Badge color="red.9">
                  failed <When iso={data.webhook.failedAt} />
                </Badge>
              )}
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Events: {data.webhook.events.join(', ') || '—'}
              </Text>
            </Group>
            {data.webhook.description && <Text size="sm">{data.webhook.description}</Text>}
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="deliveries-heading">
            <Title order={2} size="h4" id="deliveries-heading">
              Delivery log
            </Title>
            <Group align="end" gap="sm">
              <Select
                label="Status"
                placeholder="Any"
                data={['PENDING', 'SUCCESS', 'FAILED']}
                value={status}
                onChange={(v) => {
                  setStatus(v);
                  setPage(1);
                }}
                clearable
                w={120}
                size="xs"
              />
              <Button size="xs" loading={busy} onClick={() => void act(() => mutate(SendWebhookTest, { id }))}>
                Send test event
              </Button>
            </Group>
            <DataTable
              caption={`Deliveries to ${data.webhook.url}`}
              empty="No deliveries yet"
              rows={data.webhookDeliveries.data}
              rowKey={(row) => row.id}
              columns={[
                { header: 'Event', cell: (row) => row.eventType },
                { header: 'Status', cell: (row) => <Badge color={statusColor(row.status)}>{row.status}</Badge> },
                { header: 'Attempts', cell: (row) => row.attempts.length },
                { header: 'Last response', cell: (row) => row.responseCode ?? '—' },
                { header: 'Created', cell: (row) => <When iso={row.createdAt} /> },
                {
                  header: 'Actions',
                  cell: (row) => (
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="default"
                        aria-label={`Details of ${row.eventType} delivery ${row.id}`}
                        onClick={() => setOpenId(row.id)}
                      >
                        Details
                      </Button>
                      {row.status === 'FAILED' && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          disabled={busy}
                          aria-label={`Retry ${row.eventType} delivery ${row.id}`}
                          onClick={() => void act(() => mutate(RetryWebhookDelivery, { id: row.id }))}
                        >
                          Retry
                        </Button>
                      )}
                    </Group>
                  ),
                },
              ]}
            />
            <Pager
              page={page}
              limit={LIMIT}
              total={data.webhookDeliveries.meta.total}
              onPage={setPage}
              label="Deliveries"
            />
          </Stack>
        </>
      )}
      {open && <DeliveryModal delivery={open} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

/** One webhook endpoint: what it receives, its delivery log (retry a failed one), and a test event. */
export default function WebhookPage() {
  const { endpointId = '' } = useParams();
  return (
    <PageFrame
      title="Webhook endpoint"
      scope="webhooks"
      actions={
        <Anchor component={Link} to="/webhooks" size="sm">
          All endpoints
        </Anchor>
      }
    >
      <Endpoint id={endpointId} />
    </PageFrame>
  );
}
