import { parseWhere } from '../../../../subgraphs/crm/cql/cql-parser.js';
import { parseFilter } from '../../../../subgraphs/crm/cql/cql-filter.js';
import { compileCql, relativeDate } from '../../../../subgraphs/crm/cql/cql-compile.js';
import { CONTACT_SYSTEM_FIELDS, customField, type FieldRegistry } from '../../../../subgraphs/crm/cql/cql-fields.js';
import { DomainError } from '../../../../platform/errors/domain-error.js';

const custom = [
  customField({ key: 'score', label: 'Score', type: 'NUMBER', options: [] }),
  customField({ key: 'plan', label: 'Plan', type: 'SELECT', options: ['free', 'pro'] }),
  customField({ key: 'interests', label: 'Interests', type: 'MULTI_SELECT', options: ['a', 'b', 'c'] }),
  customField({ key: 'renewal', label: 'Renewal', type: 'DATE', options: [] }),
];
const registry: FieldRegistry = {
  entity: 'contact',
  fields: [...CONTACT_SYSTEM_FIELDS, ...custom],
  get: (name) => [...CONTACT_SYSTEM_FIELDS, ...custom].find((f) => f.name === name || `properties.${f.name}` === name),
};
const NOW = new Date('2026-03-31T12:00:00Z');
const compileWhere = (where: string) => compileCql(parseWhere(where), registry, 'where', NOW);

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('CQL where strings', () => {
  it('should parse the spec example into AND of two conditions', () => {
    expect(parseWhere('lifecycleStage = CUSTOMER AND email contains acme')).toEqual({
      type: 'group',
      logic: 'AND',
      at: 0,
      conditions: [
        { type: 'field', field: 'lifecycleStage', operator: 'eq', value: 'CUSTOMER', at: 0 },
        { type: 'field', field: 'email', operator: 'contains', value: 'acme', at: 30 },
      ],
    });
  });

  it('should give AND precedence over OR, honour parentheses and NOT, and keep quoted values whole', () => {
    const tree = parseWhere(`name = "Ada O'Neil" or not (score >= 10 and plan in (free, 'pro'))`);
    expect(tree).toMatchObject({
      logic: 'OR',
      conditions: [
        { field: 'name', operator: 'eq', value: "Ada O'Neil" },
        {
          logic: 'NOT',
          conditions: [
            {
              logic: 'AND',
              conditions: [
                { field: 'score', operator: 'gte', value: 10 },
                { field: 'plan', operator: 'in', value: ['free', 'pro'] },
              ],
            },
          ],
        },
      ],
    });
    expect(parseWhere('a = 1 or b = 2 and c = 3')).toMatchObject({
      logic: 'OR',
      conditions: [{ field: 'a' }, { logic: 'AND' }],
    });
  });

  it('should read every operator form, case-insensitively', () => {
    const ops = (w: string) => parseWhere(w) as { operator: string; value?: unknown };
    expect(ops('email IS EMPTY')).toMatchObject({ operator: 'is_empty' });
    expect(ops('email is not empty')).toMatchObject({ operator: 'is_not_empty' });
    expect(ops('score between 1 and 5')).toMatchObject({ operator: 'between', value: [1, 5] });
    expect(ops('plan not in (free)')).toMatchObject({ operator: 'not_in', value: ['free'] });
    expect(ops('name not contains x')).toMatchObject({ operator: 'not_contains' });
    expect(ops('name starts_with Ad')).toMatchObject({ operator: 'starts_with', value: 'Ad' });
    expect(ops('interests contains_all (a, b)')).toMatchObject({ operator: 'contains_all', value: ['a', 'b'] });
    expect(ops('createdAt > -30d')).toMatchObject({ operator: 'gt', value: { relative: '-30d' } });
    expect(ops('score != 3')).toMatchObject({ operator: 'neq', value: 3 });
    expect(ops('isIdentified = true')).toMatchObject({ value: true });
  });

  it('should point at the position and say what was expected', () => {
    const e1 = errorOf(() => parseWhere('name = "open'));
    expect(e1.code).toBe('INVALID_REQUEST');
    expect(e1.details).toMatchObject({ field: 'where', position: 7, expected: 'closing "' });
    const e2 = errorOf(() => parseWhere('name ~ x'));
    expect(e2.details).toMatchObject({ position: 5, received: '~' });
    const e3 = errorOf(() => parseWhere('name = x and'));
    expect(e3.details).toMatchObject({ position: 12, expected: 'a field name', received: 'end of input' });
    const e4 = errorOf(() => parseWhere('(name = x'));
    expect(e4.details).toMatchObject({ position: 9, expected: ')' });
    const e5 = errorOf(() => parseWhere('name frobs x'));
    expect(e5.details).toMatchObject({ position: 5, expected: expect.arrayContaining(['=', 'contains', 'is empty']) });
    const e6 = errorOf(() => parseWhere('name = x y'));
    expect(e6.details).toMatchObject({ position: 9, expected: ['AND', 'OR', ')', 'end of input'] });
  });

  it('should refuse runaway input: nesting, condition count and length', () => {
    expect(errorOf(() => parseWhere('('.repeat(50) + 'a = 1' + ')'.repeat(50))).message).toMatch(/nested/);
    expect(errorOf(() => parseWhere(Array.from({ length: 101 }, (_, i) => `a = ${i}`).join(' or '))).message).toMatch(
      /Too many/,
    );
    expect(errorOf(() => parseWhere('a = ' + 'x'.repeat(5000))).message).toMatch(/too long/);
  });
});

describe('CQL filter objects', () => {
  it('should accept the spec shape, nested groups and NOT, and treat eq with an array as in', () => {
    const tree = parseFilter({
      logic: 'AND',
      conditions: [
        { type: 'field', field: 'lifecycleStage', operator: 'eq', value: ['LEAD', 'CUSTOMER'] },
        {
          type: 'group',
          logic: 'NOT',
          conditions: [{ type: 'field', field: 'email', operator: 'ends_with', value: '@spam.example' }],
        },
      ],
    });
    expect(tree).toMatchObject({
      logic: 'AND',
      conditions: [{ operator: 'in', value: ['LEAD', 'CUSTOMER'] }, { logic: 'NOT' }],
    });
  });

  it('should name the JSON path of a bad part', () => {
    expect(errorOf(() => parseFilter({ logic: 'XOR', conditions: [] })).details).toMatchObject({
      position: 'filter.logic',
      expected: ['AND', 'OR', 'NOT'],
    });
    expect(
      errorOf(() => parseFilter({ conditions: [{ field: 'a', operator: 'like', value: 1 }] })).details,
    ).toMatchObject({ position: 'filter.conditions[0].operator' });
    expect(
      errorOf(() =>
        parseFilter({
          conditions: [{ type: 'group', conditions: [{ field: 'a', operator: 'eq', value: { $gt: 1 } }] }],
        }),
      ).details,
    ).toMatchObject({ position: 'filter.conditions[0].conditions[0].value' });
    expect(
      errorOf(() =>
        parseFilter({
          logic: 'NOT',
          conditions: [
            { field: 'a', operator: 'is_empty' },
            { field: 'b', operator: 'is_empty' },
          ],
        }),
      ).details,
    ).toMatchObject({ position: 'filter.conditions' });
  });
});

describe('CQL to SQL', () => {
  it('should bind every value and never put input into the SQL text', () => {
    const evil = `x'; drop table crm.contacts; --`;
    const out = compileCql(
      parseFilter({
        conditions: [
          { field: 'name', operator: 'eq', value: evil },
          { field: 'email', operator: 'contains', value: "%'\\_" },
        ],
      }),
      registry,
      'filter',
      NOW,
    );
    expect(out.sql).toBe('(c.name = ? and c.email ilike ?)');
    expect(out.sql).not.toContain('drop');
    expect(out.params).toEqual([evil, "%\\%'\\\\\\_%"]);
    const where = compileWhere(`name = "${evil.replace(/"/g, '')}" or name = 'a\\'b'`);
    expect(where.sql).toBe('(c.name = ? or c.name = ?)');
    expect(where.params).toEqual([evil, "a'b"]);
  });

  it('should refuse field names that are not in the registry, whatever they contain', () => {
    for (const bad of ['c.id', 'name;', 'pg_sleep', 'properties.nope']) {
      const e = errorOf(() =>
        compileCql(parseFilter({ conditions: [{ field: bad, operator: 'eq', value: 1 }] }), registry, 'filter', NOW),
      );
      expect(e.code).toBe('INVALID_REQUEST');
    }
    expect(errorOf(() => compileWhere('nope = 1')).details).toMatchObject({
      position: 0,
      received: 'nope',
      expected: expect.arrayContaining(['email', 'score']),
    });
    // `name;` is not even a field token.
    expect(errorOf(() => parseWhere('name; = 1')).details).toMatchObject({ position: 4 });
  });

  it('should compare by type: custom equality through jsonb containment, numbers cast, relative dates from the clock', () => {
    expect(compileWhere('score = 5')).toEqual({ sql: 'c.properties @> ?::jsonb', params: ['{"score":5}'] });
    expect(compileWhere('score > 5')).toEqual({ sql: '((c.properties->>?)::numeric) > ?', params: ['score', 5] });
    expect(compileWhere('createdAt > -30d')).toEqual({
      sql: 'c.created_at > ?',
      params: [new Date('2026-03-01T12:00:00Z')],
    });
    expect(compileWhere('renewal < +1m').params).toEqual(['renewal', '2026-05-01']);
    expect(compileWhere('interests contains_any (a, b)')).toEqual({
      sql: 'jsonb_exists_any((c.properties->?), array[?, ?]::text[])',
      params: ['interests', 'a', 'b'],
    });
    expect(compileWhere('tags contains_all (vip, beta)').sql).toMatch(/^\(select count\(distinct t.key\)/);
    expect(compileWhere('lifecycleStage in (LEAD, CUSTOMER) and not email is empty')).toEqual({
      sql: "(c.lifecycle_stage in (?, ?) and (not (c.email is null or c.email = '')))",
      params: ['LEAD', 'CUSTOMER'],
    });
  });

  it('should give type errors with the condition position and the expected type', () => {
    expect(errorOf(() => compileWhere('name = a and score > lots')).details).toMatchObject({
      position: 13,
      expected: 'a number',
      received: 'lots',
    });
    expect(errorOf(() => compileWhere('lifecycleStage = KING')).details).toMatchObject({
      expected: expect.arrayContaining(['CUSTOMER']),
    });
    expect(errorOf(() => compileWhere('score contains 1')).details).toMatchObject({
      received: 'contains',
      expected: expect.arrayContaining(['gt']),
    });
    expect(errorOf(() => compileWhere('createdAt > yesterday')).details).toMatchObject({
      expected: 'an ISO 8601 date or a relative date such as -30d',
    });
    expect(errorOf(() => compileWhere('plan = enterprise')).details).toMatchObject({ expected: ['free', 'pro'] });
  });

  it('should move months and years by the calendar', () => {
    expect(relativeDate('-1y', NOW).toISOString()).toBe('2025-03-31T12:00:00.000Z');
    expect(relativeDate('+12h', NOW).toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(relativeDate('-2w', NOW).toISOString()).toBe('2026-03-17T12:00:00.000Z');
  });
});
