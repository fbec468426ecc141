import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { ApiError } from '../../api/api-error';
import { fieldOf } from '../../api/field-error';
import { mutate } from '../../api/graphql-client';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { CreateSmsTemplate, UpdateSmsTemplate } from './sms-template-documents';

const FIELDS = ['alias', 'name', 'body'] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, string>;

/**
 * Creates a custom template, or edits one (its alias, the address of its page, stays). The platform checks every
 * field, the Liquid of the body too, and its refusal is shown under the field it names.
 */
export function SmsTemplateModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: Draft | null;
  onClose: () => void;
  onSaved: (alias: string) => void;
}) {
  const [draft, setDraft] = useState<Draft>(editing ?? { alias: '', name: '', body: '' });
  const [errors, setErrors] = useState<Partial<Draft>>({});
  const [other, setOther] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const save = async () => {
    setBusy(true);
    setErrors({});
    setOther([]);
    try {
      if (editing) {
        const saved = await mutate(UpdateSmsTemplate, {
          alias: editing.alias,
          input: { name: draft.name, body: draft.body },
        });
        onSaved(saved.updateSmsTemplate.alias);
      } else {
        const saved = await mutate(CreateSmsTemplate, { input: draft });
        onSaved(saved.createSmsTemplate.alias);
      }
    } catch (error) {
      const field = fieldOf(error as ApiError, FIELDS);
      if (field) setErrors({ [field]: (error as ApiError).message });
      else setOther([error as ApiError]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={editing ? 'Edit the SMS template' : 'New SMS template'}
      closeButtonProps={{ 'aria-label': 'Close the dialog' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <ApiErrorAlert errors={other} />
          <TextInput
            label="Alias"
            description="Lower-case letters, digits, - and _; a send names the template by it"
            value={draft.alias}
            onChange={(e) => set('alias')(e.currentTarget.value)}
            error={errors.alias}
            disabled={!!editing}
          />
          <TextInput
            label="Name"
            value={draft.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
            error={errors.name}
          />
          <Textarea
            label="Body"
            description="Liquid: {{ code }} is replaced by the send's templateModel.code"
            value={draft.body}
            onChange={(e) => set('body')(e.currentTarget.value)}
            error={errors.body}
            autosize
            minRows={3}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save template
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
