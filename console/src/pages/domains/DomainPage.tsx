import { useState } from 'react';
import { Anchor, Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { mutate } from '../../api/graphql-client';
import type { ApiError } from '../../api/api-error';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { Loading, PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { DeleteDnsRecord, DomainZoneQuery } from './domain-documents';
import { DNS_RECORD_TYPES, recordForm } from './dns-record-form';
import { DnsRecordModal, type RecordDraft } from './DnsRecordModal';
import { DnssecPanel } from './DnssecPanel';

const LIMIT = 50;

function Zone({ domainName }: { domainName: string }) {
  const [page, setPage] = useState(1);
  const [type, setType] = useState<string | null>(null);
  const [draft, setDraft] = useState<RecordDraft | null>(null);
  const [actionErrors, setActionErrors] = useState<ApiError[]>([]);
  const { data, errors, loading, refetch } = useQuery(DomainZoneQuery, { domainName, page, limit: LIMIT, type });

  const remove = async (recordId: string) => {
    setActionErrors([]);
    try {
      await mutate(DeleteDnsRecord, { domainName, recordId });
      refetch();
    } catch (error) {
      setActionErrors([error as ApiError]);
    }
  };

  return (
    <Stack gap="md">
      <ApiErrorAlert errors={[...errors, ...actionErrors]} />
      {loading && !data && <Loading label="Loading the zone" />}
      {data && (
        <>
          <Group gap="xs">
            <Badge variant="light">{data.domain.status}</Badge>
            {data.domain.unicodeName !== data.domain.domainName && <Text size="sm">{data.domain.unicodeName}</Text>}
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Nameservers: {data.domain.nameservers.join(', ') || '—'}
            </Text>
          </Group>
          <Stack gap="xs" component="section" aria-labelledby="records-heading">
            <Title order={2} size="h4" id="records-heading">
              DNS records
            </Title>
            <Group align="end" gap="sm">
              <Select
                label="Record type"
                placeholder="Any"
                data={[...DNS_RECORD_TYPES]}
                value={type}
                onChange={(v) => {
                  setType(v);
                  setPage(1);
                }}
                clearable
                w={120}
                size="xs"
              />
              <Button size="xs" onClick={() => setDraft({ mode: 'add' })}>
                Add record
              </Button>
            </Group>
            <DataTable
              caption={`DNS records of ${domainName}`}
              empty="No records in this zone yet"
              rows={data.dnsRecords.data}
              rowKey={(row) => row.id}
              columns={[
                { header: 'Type', cell: (row) => row.type },
                { header: 'Name', cell: (row) => row.name },
                {
                  header: 'Value',
                  cell: (row) => (
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {row.priority != null ? `${row.priority} ` : ''}
                      {row.value}
                    </Text>
                  ),
                },
                { header: 'TTL', cell: (row) => row.ttl },
                {
                  header: 'Actions',
                  cell: (row) => (
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="default"
                        aria-label={`Edit ${row.type} ${row.name} ${row.value}`}
                        onClick={() => setDraft({ mode: 'edit', recordId: row.id, form: recordForm(row) })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="compact-xs"
                        color="red"
                        variant="light"
                        aria-label={`Delete ${row.type} ${row.name} ${row.value}`}
                        onClick={() => void remove(row.id)}
                      >
                        Delete
                      </Button>
                    </Group>
                  ),
                },
              ]}
            />
            <Pager page={page} limit={LIMIT} total={data.dnsRecords.meta.total} onPage={setPage} label="DNS records" />
          </Stack>
          <DnssecPanel
            domainName={domainName}
            enabled={data.domainDnssec.enabled}
            dsRecords={data.domainDsRecords}
            onChanged={refetch}
          />
        </>
      )}
      {draft && (
        <DnsRecordModal
          domainName={domainName}
          draft={draft}
          onClose={() => setDraft(null)}
          onSaved={() => {
            setDraft(null);
            refetch();
          }}
        />
      )}
    </Stack>
  );
}

/** One domain's zone: its records (add, edit, delete) and DNSSEC. */
export default function DomainPage() {
  const { domainName = '' } = useParams();
  return (
    <PageFrame
      title={domainName}
      scope="domains"
      actions={
        <Anchor component={Link} to="/domains" size="sm">
          All domains
        </Anchor>
      }
    >
      <Zone domainName={domainName} />
    </PageFrame>
  );
}
