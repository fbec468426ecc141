import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { graphql } from '../../gql';
import type { ApiError } from '../../api/api-error';
import { fieldOf } from '../../api/field-error';
import { mutate } from '../../api/graphql-client';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';

const AddEmailSuppression = graphql(`
  mutation ConsoleAddEmailSuppression($email: String!, $reason: String) {
    addEmailSuppression(email: $email, reason: $reason) { id }
  }
`);

const REASONS = ['MANUAL', 'HARD_BOUNCE', 'SPAM_COMPLAINT', 'UNSUBSCRIBE'];
const FIELDS = ['email', 'reason'] as const;
type Field = (typeof FIELDS)[number];

/** Adds an address to the suppressions; the platform checks the address, and its refusal shows under the field. */
export function AddSuppressionForm({ onAdded }: { onAdded: () => void }) {
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('MANUAL');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [other, setOther] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setBusy(true);
    setFieldErrors({});
    setOther([]);
    try {
      await mutate(AddEmailSuppression, { email, reason });
      setEmail('');
      onAdded();
    } catch (error) {
      const field = fieldOf(error as ApiError, FIELDS);
      if (field) setFieldErrors({ [field]: (error as ApiError).message });
      else setOther([error as ApiError]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label="Add a suppression"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <ApiErrorAlert errors={other} />
      <Group align="start" gap="sm">
        <TextInput
          label="Address"
          placeholder="name@example.com"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setFieldErrors((f) => ({ ...f, email: undefined }));
          }}
          error={fieldErrors.email}
          w={280}
        />
        <Select
          label="Reason"
          data={REASONS}
          value={reason}
          onChange={(v) => setReason(v ?? 'MANUAL')}
          error={fieldErrors.reason}
          allowDeselect={false}
          w={200}
        />
        <Button type="submit" loading={busy} mt={25}>
          Add suppression
        </Button>
      </Group>
    </form>
  );
}
