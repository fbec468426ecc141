import { answersFromPost } from '../../../subgraphs/forms/hosted/form-answers.read.js';
import type { HostedField } from '../../../subgraphs/forms/hosted/public-form.view-model.js';

const field = (type: string, ref: string, settings: Record<string, unknown> = {}): HostedField => ({
  type,
  ref,
  label: ref,
  required: false,
  placeholder: null,
  settings,
});

describe('answersFromPost', () => {
  const fields = [
    field('SHORT_TEXT', 'name'),
    field('NUMBER', 'age'),
    field('RATING', 'stars'),
    field('SELECT', 'plan', { options: ['A', 'B'] }),
    field('MULTI_SELECT', 'tools', { options: ['x', 'y', 'z'] }),
    field('DATE_TIME', 'when'),
    field('DATE_TIME', 'later'),
    field('FILE', 'cv'),
  ];

  it('should type each answer as its field expects and leave empty controls out', () => {
    expect(
      answersFromPost(fields, {
        name: '  Ada ',
        age: '36',
        stars: '4',
        plan: 'B',
        'tools[0]': 'x',
        'tools[2]': 'z',
        when: '2026-12-24T09:30',
        when__zoned: '2026-12-24T09:30:00+01:00',
        later: '2026-12-25T10:00',
        cv__file: JSON.stringify({
          fileUrl: 'https://forms.example/forms/u/files/fup_1',
          fileName: 'a b.pdf',
          fileSize: 3,
        }),
        _csrf: 'ignored',
      }),
    ).toEqual({
      name: 'Ada',
      age: 36,
      stars: 4,
      plan: ['B'],
      tools: ['x', 'z'],
      when: '2026-12-24T09:30:00+01:00',
      later: '2026-12-25T10:00:00Z',
      cv: { fileUrl: 'https://forms.example/forms/u/files/fup_1', fileName: 'a b.pdf', fileSize: 3 },
    });
    expect(answersFromPost(fields, { name: '', age: '', cv__file: '' })).toEqual({});
    // A held answer that is not the page's JSON is passed on as a link, for the module to check.
    expect(answersFromPost(fields, { cv__file: 'https://files.example/cv.pdf' })).toEqual({
      cv: { fileUrl: 'https://files.example/cv.pdf', fileName: null, fileSize: null },
    });
  });

  it('should pass what does not parse on as typed, for the module to refuse with its message', () => {
    expect(answersFromPost(fields, { age: 'many', when: 'soon' })).toEqual({ age: 'many', when: 'soon' });
  });
});
