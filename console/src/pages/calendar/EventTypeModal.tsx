import { useState } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  CloseButton,
  Fieldset,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { ApiError } from '../../api/api-error';
import { mutate } from '../../api/graphql-client';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { UpdateEventTypeMutation } from './event-type-documents';
import {
  EMPTY_QUESTION,
  eventTypeInput,
  QUESTION_TYPES,
  refusedField,
  takesOptions,
  type EventTypeForm,
  type QuestionForm,
} from './event-type-form';

/**
 * Publishes an event type: the booking page on or off, its slug and its booking questions. The platform's refusal is
 * shown under the field it names (a slug taken, a choice question without options); the booking page's address is the
 * platform's answer.
 */
export function EventTypeModal({
  id,
  title,
  initial,
  bookingUrl,
  onClose,
  onSaved,
}: {
  id: string;
  title: string;
  initial: EventTypeForm;
  bookingUrl: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<EventTypeForm>(initial);
  const [url, setUrl] = useState(bookingUrl);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);
  const setQuestion = (i: number, change: Partial<QuestionForm>) =>
    setForm((f) => ({ ...f, questions: f.questions.map((q, j) => (j === i ? { ...q, ...change } : q)) }));

  const save = async () => {
    setBusy(true);
    setFieldErrors({});
    setOther([]);
    try {
      const saved = await mutate(UpdateEventTypeMutation, { id, input: eventTypeInput(form) });
      setUrl(saved.updateCalendarEventType.bookingUrl ?? null);
      onSaved();
    } catch (error) {
      const field = refusedField((error as ApiError).details.field);
      if (field) setFieldErrors({ [field]: (error as ApiError).message });
      else setOther([error as ApiError]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Publish ${title}`}
      size="lg"
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
          <Switch
            label="Public booking page"
            description="Anyone with the address can book"
            checked={form.public}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setForm((f) => ({ ...f, public: on }));
            }}
          />
          <TextInput
            label="Slug"
            description="The booking page's address ends with it"
            value={form.slug}
            onChange={(e) => {
              const slug = e.currentTarget.value;
              setForm((f) => ({ ...f, slug }));
            }}
            error={fieldErrors.slug}
            required
          />
          <Text size="sm">
            Booking page:{' '}
            {url ? (
              <Anchor href={url} style={{ overflowWrap: 'anywhere' }}>
                {url}
              </Anchor>
            ) : (
              'none (not public)'
            )}
          </Text>
          {form.questions.map((q, i) => (
            <Fieldset key={i} legend={`Question ${i + 1}`}>
              <Stack gap="xs">
                <Group justify="flex-end">
                  <CloseButton
                    aria-label={`Remove question ${i + 1}`}
                    onClick={() => setForm((f) => ({ ...f, questions: f.questions.filter((_, j) => j !== i) }))}
                  />
                </Group>
                <TextInput
                  label="Label"
                  value={q.label}
                  onChange={(e) => setQuestion(i, { label: e.currentTarget.value })}
                  error={fieldErrors[`bookingQuestions[${i}].label`]}
                  required
                />
                <TextInput
                  label="Name"
                  description="The answer's key in the booking's responses"
                  value={q.name}
                  onChange={(e) => setQuestion(i, { name: e.currentTarget.value })}
                  error={fieldErrors[`bookingQuestions[${i}].name`]}
                  required
                />
                <Select
                  label="Type"
                  data={[...QUESTION_TYPES]}
                  value={q.type}
                  onChange={(type) => setQuestion(i, { type: type ?? 'TEXT' })}
                  error={fieldErrors[`bookingQuestions[${i}].type`]}
                  allowDeselect={false}
                />
                {takesOptions(q.type) && (
                  <TextInput
                    label="Options"
                    description="Separated by commas"
                    value={q.options}
                    onChange={(e) => setQuestion(i, { options: e.currentTarget.value })}
                    error={fieldErrors[`bookingQuestions[${i}].options`]}
                    required
                  />
                )}
                <TextInput
                  label="Placeholder"
                  value={q.placeholder}
                  onChange={(e) => setQuestion(i, { placeholder: e.currentTarget.value })}
                  error={fieldErrors[`bookingQuestions[${i}].placeholder`]}
                />
                <Checkbox
                  label="Required"
                  checked={q.required}
                  onChange={(e) => setQuestion(i, { required: e.currentTarget.checked })}
                />
              </Stack>
            </Fieldset>
          ))}
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={() => setForm((f) => ({ ...f, questions: [...f.questions, EMPTY_QUESTION] }))}
            >
              Add a question
            </Button>
            <Group>
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button type="submit" loading={busy}>
                Save
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
