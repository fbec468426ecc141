import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { graphql } from '../../gql';
import type { ApiError } from '../../api/api-error';
import { fieldOf } from '../../api/field-error';
import { mutate } from '../../api/graphql-client';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';

const AddSmsSuppression = graphql(`
  mutation ConsoleAddSmsSuppression($phoneNumber: String!) {
    addSmsSuppression(phoneNumber: $phoneNumber) { id }
  }
`);

/** Stops sends to a number (reason MANUAL); the platform checks the number, and its refusal shows under the field. */
export function AddOptOutForm({ onAdded }: { onAdded: () => void }) {
  const [phoneNumber, setPhoneNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [other, setOther] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setBusy(true);
    setFieldError(undefined);
    setOther([]);
    try {
      await mutate(AddSmsSuppression, { phoneNumber });
      setPhoneNumber('');
      onAdded();
    } catch (error) {
      if (fieldOf(error as ApiError, ['phoneNumber'])) setFieldError((error as ApiError).message);
      else setOther([error as ApiError]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label="Add an opt-out"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <ApiErrorAlert errors={other} />
      <Group align="start" gap="sm">
        <TextInput
          label="Phone number"
          description="E.164, such as +14155550123"
          value={phoneNumber}
          onChange={(e) => {
            setPhoneNumber(e.currentTarget.value);
            setFieldError(undefined);
          }}
          error={fieldError}
          w={280}
        />
        <Button type="submit" loading={busy} mt={46}>
          Add opt-out
        </Button>
      </Group>
    </form>
  );
}
