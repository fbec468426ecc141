/** The booking question types the platform takes; the first three of CHOICE_TYPES' kind need options. */
export const QUESTION_TYPES = [
  'TEXT',
  'TEXTAREA',
  'EMAIL',
  'PHONE',
  'NUMBER',
  'SELECT',
  'MULTISELECT',
  'CHECKBOX',
  'RADIO',
] as const;
const CHOICE_TYPES = new Set(['SELECT', 'MULTISELECT', 'RADIO']);

/** Whether a question of this type offers choices (and so needs options). */
export const takesOptions = (type: string) => CHOICE_TYPES.has(type);

/** One question as the dialog edits it: options as one line, comma-separated. */
export interface QuestionForm {
  name: string;
  label: string;
  type: string;
  required: boolean;
  options: string;
  placeholder: string;
}

/** What the dialog edits of an event type: whether the booking page is open, its address, its questions. */
export interface EventTypeForm {
  public: boolean;
  slug: string;
  questions: QuestionForm[];
}

interface StoredQuestion {
  name: string;
  label: string;
  type: string;
  required: boolean;
  options: string[];
  placeholder?: string | null;
}

export const EMPTY_QUESTION: QuestionForm = {
  name: '',
  label: '',
  type: 'TEXT',
  required: false,
  options: '',
  placeholder: '',
};

export function eventTypeForm(stored: {
  public: boolean;
  slug: string;
  bookingQuestions: StoredQuestion[];
}): EventTypeForm {
  return {
    public: stored.public,
    slug: stored.slug,
    questions: stored.bookingQuestions.map((q) => ({
      name: q.name,
      label: q.label,
      type: q.type,
      required: q.required,
      options: q.options.join(', '),
      placeholder: q.placeholder ?? '',
    })),
  };
}

/** The update's input: options only for choice types, an empty placeholder left out; the platform checks the rest. */
export function eventTypeInput(form: EventTypeForm) {
  return {
    public: form.public,
    slug: form.slug.trim(),
    bookingQuestions: form.questions.map((q) => ({
      name: q.name.trim(),
      label: q.label.trim(),
      type: q.type,
      required: q.required,
      ...(takesOptions(q.type)
        ? {
            options: q.options
              .split(',')
              .map((o) => o.trim())
              .filter((o) => o !== ''),
          }
        : {}),
      ...(q.placeholder.trim() ? { placeholder: q.placeholder.trim() } : {}),
    })),
  };
}

/**
 * Where the platform's refusal belongs: `slug`, or a question's field (`bookingQuestions[1].options`), from
 * `details.field` (with or without `input.`); null for anything else.
 */
export function refusedField(field: unknown): string | null {
  if (typeof field !== 'string') return null;
  const name = field.replace(/^input\./, '');
  return name === 'slug' || /^bookingQuestions\[\d+\]\.(name|label|type|options|placeholder)$/.test(name) ? name : null;
}
