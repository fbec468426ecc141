import { answersFromPost } from '../../../subgraphs/forms/hosted/form-answers.read.js';
import type { HostedField } from '../../../subgraphs/forms/hosted/public-form.view-model.js';

const field = (type: string, ref: string, settings: Record<string, unknown> = {}): HostedField => ({ type, ref, label: ref, required: false, placeholder: null, settings });

describe('answersFromPost', () => {
  const fields = [
    field('SHORT_TEXT', 'name'), field('NUMBER', 'age'), field('RATING', 'stars'), field('SELECT', 'plan', { options: ['A', 'B'] }),
    field('MULTI_SELECT', 'tools', { options: ['x', 'y', 'z'] }), field('DATE_TIME', 'when'), field('DATE_TIME', 'later'), field('FILE', 'cv'),
  ];

  it('should type each answer as its field expects and leave empty controls out', () => {
    expect(answersFromPost(fields, {
      name: '  Ada ', age: '36', stars: '4', plan: 'B', 'tools[0]': 'x', 'tools[2]': 'z', when: '2026-12-24T09:30', when__zoned: '2026-12-24T09:30:00+01:00',
      later: '2026-12-25T10:00', cv: 'https://files.example/a%20b.pdf', _csrf: 'ignored',
    })).toEqual({
      name: 'Ada', age: 36, stars: 4, plan: ['B'], tools: ['x', 'z'], when: '2026-12-24T09:30:00+01:00', later: '2026-12-25T10:00:00Z',
      cv: { fileUrl: 'https://files.example/a%20b.pdf', fileName: 'a b.pdf' },
    });
    expect(answersFromPost(fields, { name: '', age: '' })).toEqual({});
  });

  it('should pass what does not parse on as typed, for the module to refuse with its message', () => {
    expect(answersFromPost(fields, { age: 'many', when: 'soon' })).toEqual({ age: 'many', when: 'soon' });
  });
});
