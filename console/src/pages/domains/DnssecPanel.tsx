import { useState } from 'react';
import { Alert, Code, CopyButton, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { mutate } from '../../api/graphql-client';
import type { ApiError } from '../../api/api-error';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DisableDnssec, EnableDnssec } from './domain-documents';

/** DNSSEC on or off, and while on the DS records to hand to the parent zone's registry. */
export function DnssecPanel({
  domainName,
  enabled,
  dsRecords,
  onChanged,
}: {
  domainName: string;
  enabled: boolean;
  dsRecords: { keyTag: number; record: string }[];
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const toggle = async (on: boolean) => {
    setBusy(true);
    setErrors([]);
    try {
      if (on) await mutate(EnableDnssec, { domainName });
      else await mutate(DisableDnssec, { domainName });
      onChanged();
    } catch (error) {
      setErrors([error as ApiError]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="dnssec-heading">
      <Title order={2} size="h4" id="dnssec-heading">
        DNSSEC
      </Title>
      <ApiErrorAlert errors={errors} />
      <Switch
        label="Sign the zone (DNSSEC)"
        checked={enabled}
        disabled={busy}
        onChange={(e) => void toggle(e.currentTarget.checked)}
      />
      {enabled && dsRecords.length > 0 && (
        <>
          <Text size="sm">Give this DS record to the parent zone:</Text>
          {dsRecords.map((ds) => (
            <Group key={ds.keyTag} gap="xs" wrap="nowrap" align="start">
              <Code
                block
                style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                aria-label={`DS record of key ${ds.keyTag}`}
              >
                {ds.record}
              </Code>
              <CopyButton value={ds.record}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          ))}
        </>
      )}
      {!enabled && (
        <Alert color="gray" variant="light">
          The zone is not signed: resolvers cannot tell its answers from forged ones.
        </Alert>
      )}
    </Stack>
  );
}
