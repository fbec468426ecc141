import { loadModule } from 'libpg-query';
import { ORG, sql, type SqlStatement } from '../../../platform/orm/tenant-sql.js';
import { orgParamsOf, tenantFilterViolations } from '../../helpers/tenant-statement-check.js';

// The tables as the migrations make them: these carry an organization column, crm.property_types does not.
const ORG_TABLES = new Set([
  'crm.contacts',
  'crm.contact_syncs',
  'crm.activities',
  'crm.lists',
  'crm.list_members',
  'email.messages',
]);

const violations = (statement: SqlStatement) =>
  tenantFilterViolations(statement.text, orgParamsOf(statement), ORG_TABLES);

beforeAll(async () => {
  await loadModule();
});

describe('the tenant filter proof', () => {
  it.each<[string, SqlStatement]>([
    ['one table', sql`select id from crm.contacts where organization_id = ${ORG} and id = ${'1'}`],
    ['the organization bound as text', sql`select id from crm.contacts c where c.organization_id = ${ORG}::text`],
    [
      'an inner join filtering both',
      sql`select c.id from crm.contacts c join crm.activities a on a.contact_id = c.id and a.organization_id = ${ORG} where c.organization_id = ${ORG}`,
    ],
    [
      'a join on equal organization columns',
      sql`select c.id from crm.contacts c join crm.activities a on a.organization_id = c.organization_id and a.contact_id = c.id where c.organization_id = ${ORG}`,
    ],
    [
      'a left join filtering the joined side',
      sql`select c.id from crm.contacts c left join crm.contact_syncs s on s.contact_id = c.id and s.organization_id = ${ORG} where c.organization_id = ${ORG}`,
    ],
    [
      'a table without an organization column',
      sql`select c.id, t.name from crm.contacts c join crm.property_types t on t.id = c.type_id where c.organization_id = ${ORG}`,
    ],
    [
      'a correlated subquery',
      sql`select id from crm.contacts c where c.organization_id = ${ORG} and exists (select 1 from crm.list_members m where m.contact_id = c.id and m.organization_id = c.organization_id)`,
    ],
    [
      'a CTE',
      sql`with picked as (select id from crm.lists where organization_id = ${ORG}) select m.contact_id from crm.list_members m join picked p on p.id = m.list_id where m.organization_id = ${ORG}`,
    ],
    ['an update', sql`update crm.contacts set name = ${'x'} where organization_id = ${ORG} and id = ${'1'}`],
    [
      'an update from another table',
      sql`update crm.contacts c set name = l.name from crm.lists l where l.id = ${1} and l.organization_id = c.organization_id and c.organization_id = ${ORG}`,
    ],
    ['a delete', sql`delete from crm.contacts where organization_id = ${ORG} and id = ${'1'}`],
    [
      'an insert of values',
      sql`insert into crm.activities (organization_id, contact_id, type) values (${ORG}, ${'1'}, ${'NOTE'})`,
    ],
    [
      'an insert from a filtered select',
      sql`insert into crm.list_members (organization_id, list_id, contact_id) select c.organization_id, ${1}, c.id from crm.contacts c where c.organization_id = ${ORG}`,
    ],
    [
      'jsonb ? operator and a union',
      sql`select id from crm.contacts where organization_id = ${ORG} and properties \\? ${'k'} union all select id from crm.lists where organization_id = ${ORG}`,
    ],
  ])('should accept %s', (_case, statement) => {
    expect(violations(statement)).toEqual([]);
  });

  it.each<[string, SqlStatement, string]>([
    [
      'a join that forgets the joined table',
      sql`select c.id from crm.contacts c join crm.activities a on a.contact_id = c.id where c.organization_id = ${ORG}`,
      'crm.activities a is not filtered by organization_id',
    ],
    [
      'a left join that forgets the joined table',
      sql`select c.id from crm.contacts c left join crm.contact_syncs s on s.contact_id = c.id where c.organization_id = ${ORG}`,
      'crm.contact_syncs s is not filtered by organization_id',
    ],
    [
      'a left join whose ON clause names the outer table only',
      sql`select c.id from crm.contacts c left join crm.contact_syncs s on s.contact_id = c.id and c.organization_id = ${ORG}`,
      'crm.contacts c is not filtered by organization_id',
    ],
    [
      'an organization filter under OR',
      sql`select id from crm.contacts where organization_id = ${ORG} or id = ${'1'}`,
      'crm.contacts is not filtered by organization_id',
    ],
    [
      'the organization bound in the select list only',
      sql`select ${ORG} as org, id from crm.contacts`,
      'crm.contacts is not filtered by organization_id',
    ],
    [
      'a subquery that forgets its table',
      sql`select id from crm.contacts c where c.organization_id = ${ORG} and c.id in (select contact_id from crm.list_members where list_id = ${1})`,
      'crm.list_members is not filtered by organization_id',
    ],
    [
      'a comparison with another value',
      sql`select id from crm.contacts where organization_id = ${'org_other'} and name = ${ORG}`,
      'crm.contacts is not filtered by organization_id',
    ],
    [
      'an update of every organization',
      sql`update crm.contacts c set name = ${'x'} from crm.lists l where l.organization_id = ${ORG} and l.id = c.list_id`,
      'crm.contacts c is not filtered by organization_id',
    ],
    [
      'an insert without the organization',
      sql`insert into crm.activities (contact_id, type) values (${ORG}, ${'NOTE'})`,
      'insert into crm.activities does not write the bound organization_id',
    ],
    [
      'an insert of another organization',
      sql`insert into crm.activities (organization_id, contact_id) values (${'org_other'}, ${ORG})`,
      'insert into crm.activities does not write the bound organization_id',
    ],
  ])('should refuse %s', (_case, statement, problem) => {
    expect(violations(statement)).toContain(problem);
  });
});
