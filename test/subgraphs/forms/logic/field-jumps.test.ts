import {
  checkJumps,
  checkJumpTargets,
  questionPath,
  skippableRefs,
} from '../../../../subgraphs/forms/fields/field-jumps.js';

const field = (ref: string, jumps?: unknown[]) => ({ ref, settings: jumps ? { jumps } : {} });

describe('logic jumps (pure)', () => {
  const fields = [
    field('plan', [
      { when: 'equals', value: 'Free', to: 'why' },
      { when: 'includes', value: 'Pro', to: 'seats' },
    ]),
    field('company'),
    field('seats', [{ when: 'greaterThan', valueNumber: 100, to: 'end' }]),
    field('why'),
    field('last'),
  ];

  it('should follow the first jump that holds, and the next question when none does', () => {
    expect([...questionPath(fields, { plan: ['Free'] })]).toEqual(['plan', 'why', 'last']);
    expect([...questionPath(fields, { plan: ['Pro'], seats: 5 })]).toEqual(['plan', 'seats', 'why', 'last']);
    expect([...questionPath(fields, { plan: ['Pro'], seats: 500 })]).toEqual(['plan', 'seats']);
    expect([...questionPath(fields, {})]).toEqual(['plan', 'company', 'seats', 'why', 'last']);
  });

  it('should pass over a jump whose target is gone or earlier, so a path never loops', () => {
    const edited = [
      field('a'),
      field('b', [
        { when: 'answered', to: 'a' },
        { when: 'answered', to: 'gone' },
      ]),
      field('c'),
    ];
    expect([...questionPath(edited, { b: 'x' })]).toEqual(['a', 'b', 'c']);
    expect(() => checkJumpTargets(edited)).toThrow(/goes back to a/);
    expect(() => checkJumpTargets([field('a', [{ when: 'answered', to: 'gone' }])])).toThrow(
      /not a field of this form/,
    );
    expect(() => checkJumpTargets(fields)).not.toThrow();
  });

  it('should list the questions a jump can skip', () => {
    expect([...skippableRefs(fields)].sort()).toEqual(['company', 'seats', 'why', 'last'].sort());
  });

  it('should refuse conditions that do not fit the type, values off the options, and the other value key', () => {
    expect(checkJumps('SELECT', ['Free', 'Pro'], [{ when: 'equals', value: 'Pro', to: 'x' }])).toEqual([
      { when: 'equals', value: 'Pro', to: 'x' },
    ]);
    expect(() => checkJumps('SELECT', ['Free', 'Pro'], [{ when: 'equals', value: 'Gold', to: 'x' }])).toThrow(
      /one of the field's options/,
    );
    expect(() => checkJumps('SHORT_TEXT', undefined, [{ when: 'greaterThan', value: 'a', to: 'x' }])).toThrow(
      /when must be one of/,
    );
    expect(() => checkJumps('NUMBER', undefined, [{ when: 'greaterThan', value: '5', to: 'x' }])).toThrow(
      /compared with valueNumber, not value/,
    );
    expect(() => checkJumps('NUMBER', undefined, [{ when: 'lessThan', to: 'x' }])).toThrow(/valueNumber is required/);
    expect(() => checkJumps('DATE', undefined, [{ when: 'answered', value: 'x', to: 'y' }])).toThrow(/does not apply/);
    expect(() => checkJumps('DATE', undefined, [{ when: 'answered', to: 'no spaces' }])).toThrow(/must name a field/);
    expect(() => checkJumps('DATE', undefined, 'jump')).toThrow(/list of at most 20/);
  });
});
