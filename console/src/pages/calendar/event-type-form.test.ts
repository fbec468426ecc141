import { describe, expect, it } from 'vitest';
import { EMPTY_QUESTION, eventTypeForm, eventTypeInput, refusedField } from './event-type-form';

describe('event type form', () => {
  const stored = {
    public: false,
    slug: 'intro-call',
    bookingQuestions: [
      { name: 'company', label: 'Company', type: 'TEXT', required: true, options: [], placeholder: 'Acme' },
      {
        name: 'topic',
        label: 'Topic',
        type: 'SELECT',
        required: false,
        options: ['Sales', 'Support'],
        placeholder: null,
      },
    ],
  };

  it('round-trips the stored questions, options as one comma-separated line', () => {
    const form = eventTypeForm(stored);
    expect(form.questions[1]!.options).toBe('Sales, Support');
    expect(eventTypeInput(form)).toEqual({
      public: false,
      slug: 'intro-call',
      bookingQuestions: [
        { name: 'company', label: 'Company', type: 'TEXT', required: true, placeholder: 'Acme' },
        { name: 'topic', label: 'Topic', type: 'SELECT', required: false, options: ['Sales', 'Support'] },
      ],
    });
  });

  it('sends options only for choice types, trimmed and without empty entries', () => {
    const input = eventTypeInput({
      public: true,
      slug: ' demo ',
      questions: [
        { ...EMPTY_QUESTION, name: 'a', label: 'A', options: 'x, y' },
        { ...EMPTY_QUESTION, name: 'b', label: 'B', type: 'RADIO', options: ' x ,, y ,' },
      ],
    });
    expect(input.slug).toBe('demo');
    expect(input.bookingQuestions[0]).not.toHaveProperty('options');
    expect(input.bookingQuestions[1]!.options).toEqual(['x', 'y']);
  });

  it("places a refusal on slug or on a question's field, nothing else", () => {
    expect(refusedField('slug')).toBe('slug');
    expect(refusedField('input.bookingQuestions[2].options')).toBe('bookingQuestions[2].options');
    expect(refusedField('duration')).toBeNull();
    expect(refusedField(undefined)).toBeNull();
  });
});
