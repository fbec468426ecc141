import { useState } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { mutate } from '../../api/graphql-client';
import type { ApiError } from '../../api/api-error';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { StartTransfer } from './transfer-documents';
import {
  EMPTY_TRANSFER_FORM,
  transferFieldError,
  transferFormErrors,
  transferInput,
  type TransferField,
  type TransferForm,
  type TransferFormErrors,
} from './transfer-form';

const REGISTRANT_FIELDS: { field: TransferField; label: string; description?: string }[] = [
  { field: 'firstName', label: 'First name' },
  { field: 'lastName', label: 'Last name' },
  { field: 'email', label: 'Email' },
  { field: 'phone', label: 'Phone', description: 'E.164, e.g. +14155550100' },
  { field: 'address', label: 'Address' },
  { field: 'city', label: 'City' },
  { field: 'postalCode', label: 'Postal code' },
  { field: 'country', label: 'Country', description: 'Two letters, e.g. US' },
];

/** Starts a transfer in: the name, the auth code from its current registrar, and the registrant; refusals on their field. */
export function StartTransferModal({ onClose, onStarted }: { onClose: () => void; onStarted: () => void }) {
  const [form, setForm] = useState<TransferForm>(EMPTY_TRANSFER_FORM);
  const [errors, setErrors] = useState<TransferFormErrors>({});
  const [other, setOther] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (field: TransferField) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const start = async () => {
    const found = transferFormErrors(form);
    setErrors(found);
    setOther([]);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await mutate(StartTransfer, { input: transferInput(form) });
      onStarted();
      onClose();
    } catch (error) {
      const onField = transferFieldError(error as ApiError);
      if (onField) setErrors({ [onField.field]: onField.message });
      else setOther([error as ApiError]);
    } finally {
      setBusy(false);
    }
  };

  const input = (field: TransferField, label: string, description?: string) => (
    <TextInput
      key={field}
      label={label}
      description={description}
      value={form[field]}
      onChange={(e) => set(field)(e.currentTarget.value)}
      error={errors[field]}
      required
    />
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title="Transfer a domain in"
      closeButtonProps={{ 'aria-label': 'Close the dialog' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <Stack gap="sm">
          <ApiErrorAlert errors={other} />
          {input('domainName', 'Domain', 'The full name, e.g. example.com')}
          {input('authCode', 'Auth code', 'The code its current registrar gave you')}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {REGISTRANT_FIELDS.map(({ field, label, description }) => input(field, label, description))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Start transfer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
