import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ApiError } from '../../api/api-error';
import { mutate } from '../../api/graphql-client';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { cqlErrorMarker } from './cql-position';
import { CreateListMutation } from './list-documents';
import { listFormErrors, listInput, refusedListField, type ListField, type ListForm } from './list-form';

/** The refusal of a CQL query with the line and column it names, so the field says where the error is. */
function cqlMessage(query: string, error: ApiError): string {
  const marker = cqlErrorMarker(query, error.details.position);
  return marker ? `${error.message} (line ${marker.line}, column ${marker.column})` : error.message;
}

/**
 * Creates a saved list of contacts: static, or dynamic with a CQL query the platform compiles on creation (its
 * refusal is shown under the field it names). A dynamic list's members are filled in by the platform shortly after.
 */
export function NewListModal({
  initial,
  onClose,
  onCreated,
}: {
  initial: ListForm;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [form, setForm] = useState<ListForm>(initial);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ListField, string>>>({});
  const [other, setOther] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<ListForm>) => setForm((f) => ({ ...f, ...change }));

  const save = async () => {
    setOther([]);
    const local = listFormErrors(form);
    setFieldErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const created = await mutate(CreateListMutation, { input: listInput(form) });
      onCreated(created.createCrmList.id);
    } catch (e) {
      const error = e as ApiError;
      const field = refusedListField(error.details.field);
      if (field === 'where') setFieldErrors({ where: cqlMessage(form.where.trim(), error) });
      else if (field) setFieldErrors({ [field]: error.message });
      else setOther([error]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="New list" closeButtonProps={{ 'aria-label': 'Close the dialog' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <ApiErrorAlert errors={other} />
          <TextInput
            label="Name"
            value={form.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={fieldErrors.name}
            required
            data-autofocus
          />
          <Select
            label="Entity"
            description="The CRM's lists hold contacts"
            data={[{ value: 'CONTACT', label: 'Contacts' }]}
            value={form.entityType}
            allowDeselect={false}
            onChange={() => set({ entityType: 'CONTACT' })}
          />
          <div>
            <Text size="sm" fw={500} id="list-kind-label">
              Kind
            </Text>
            <SegmentedControl
              aria-labelledby="list-kind-label"
              value={form.kind}
              onChange={(kind) => set({ kind: kind as ListForm['kind'] })}
              data={[
                { value: 'static', label: 'Static' },
                { value: 'dynamic', label: 'Dynamic (CQL)' },
              ]}
            />
          </div>
          {form.kind === 'dynamic' && (
            <Textarea
              label="CQL query"
              description="Contacts matching it are the list's members, kept up to date by the platform"
              value={form.where}
              onChange={(e) => set({ where: e.currentTarget.value })}
              error={fieldErrors.where}
              autosize
              minRows={2}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              required
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Create list
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
