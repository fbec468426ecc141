import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ApiError } from '../api/api-error';
import { ApiErrorAlert } from './ApiErrorAlert';

/**
 * Asks before an action that cannot be undone; the dialog stays open with the platform's refusal in words when the
 * action fails, and closes once it succeeded.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const confirm = async () => {
    setBusy(true);
    setErrors([]);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setErrors([error as ApiError]);
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close the dialog' }}>
      <Stack gap="sm">
        <Text size="sm">{children}</Text>
        <ApiErrorAlert errors={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
