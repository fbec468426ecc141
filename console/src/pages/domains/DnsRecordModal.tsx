import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { mutate } from '../../api/graphql-client';
import type { ApiError } from '../../api/api-error';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { CreateDnsRecord, UpdateDnsRecord } from './domain-documents';
import {
  DNS_RECORD_TYPES,
  EMPTY_RECORD_FORM,
  fieldError,
  recordFormErrors,
  recordInput,
  takesPriority,
  TTL_MAX,
  TTL_MIN,
  type DnsRecordForm,
  type DnsRecordFormErrors,
} from './dns-record-form';

/** What the dialog edits: a new record, or an existing one (its type is fixed once made). */
export type RecordDraft = { mode: 'add' } | { mode: 'edit'; recordId: string; form: DnsRecordForm };

/** Add or edit one record; the platform's refusal is shown on the field it names. */
export function DnsRecordModal({
  domainName,
  draft,
  onClose,
  onSaved,
}: {
  domainName: string;
  draft: RecordDraft;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<DnsRecordForm>(draft.mode === 'edit' ? draft.form : EMPTY_RECORD_FORM);
  const [errors, setErrors] = useState<DnsRecordFormErrors>({});
  const [other, setOther] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof DnsRecordForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const save = async () => {
    const found = recordFormErrors(form);
    setErrors(found);
    setOther([]);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { type, ...changes } = recordInput(form);
      if (draft.mode === 'add') await mutate(CreateDnsRecord, { domainName, input: { type, ...changes } });
      else await mutate(UpdateDnsRecord, { domainName, recordId: draft.recordId, input: changes });
      onSaved();
    } catch (error) {
      const onField = fieldError(error as ApiError);
      if (onField) setErrors({ [onField.field]: onField.message });
      else setOther([error as ApiError]);
    } finally {
      setBusy(false);
    }
  };

  const title = draft.mode === 'add' ? 'Add a DNS record' : 'Edit the DNS record';
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close the dialog' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <ApiErrorAlert errors={other} />
          <Select
            label="Type"
            data={[...DNS_RECORD_TYPES]}
            value={form.type}
            onChange={(v) => set('type')(v ?? '')}
            error={errors.type}
            disabled={draft.mode === 'edit'}
            allowDeselect={false}
          />
          <TextInput
            label="Name"
            description="@ for the domain itself, or a name under it (www, mail)"
            value={form.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label="Value"
            value={form.value}
            onChange={(e) => set('value')(e.currentTarget.value)}
            error={errors.value}
            required
          />
          <TextInput
            label="TTL (seconds)"
            inputMode="numeric"
            description={`${TTL_MIN} to ${TTL_MAX}; empty for 3600`}
            value={form.ttl}
            onChange={(e) => set('ttl')(e.currentTarget.value)}
            error={errors.ttl}
          />
          {takesPriority(form.type) && (
            <TextInput
              label="Priority"
              inputMode="numeric"
              value={form.priority}
              onChange={(e) => set('priority')(e.currentTarget.value)}
              error={errors.priority}
              required
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save record
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
