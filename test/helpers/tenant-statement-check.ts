import { loadModule, parseSync } from 'libpg-query';
import pg from 'pg';
import { ORG, observeTenantStatements, type SqlStatement } from '../../platform/orm/tenant-sql.js';
import { positional } from '../../platform/orm/pooled-query.js';

/**
 * Proves, with PostgreSQL's own parser, that a statement sent through `tenantSql` filters every table it reads or
 * writes that has an `organization_id` column by the bound organization: directly (`t.organization_id = ${ORG}`) or
 * through equal organization columns (`s.organization_id = c.organization_id` with `c` filtered). An insert into such
 * a table must write the bound organization. Equalities count only where they restrict rows: conjuncts of WHERE and of
 * inner joins' ON (both ways), and of a LEFT JOIN's ON for the joined side alone. docs/architecture.md ("Tenancy").
 */
export function tenantFilterViolations(
  text: string,
  orgParams: ReadonlySet<number>,
  orgTables: ReadonlySet<string>,
): string[] {
  const parsed = parseSync(positional(text)) as { stmts?: { stmt: Node }[] };
  const walk = new StatementWalk(orgParams, orgTables);
  for (const { stmt } of parsed.stmts ?? []) walk.statement(stmt, null);
  return walk.violations();
}

type Node = Record<string, any>;
type Term = string; // 'ORG' or 'table:<n>'

interface Scope {
  parent: Scope | null;
  /** Alias (or table name) → the table's term. */
  tables: Map<string, { term: Term; hasOrg: boolean }>;
  ctes: Set<string>;
}

interface TableUse {
  term: Term;
  name: string;
  alias: string;
}

class StatementWalk {
  private readonly uses: TableUse[] = [];
  private readonly inserts: { name: string; value: Term | null }[] = [];
  /** Equalities: `[a, b, true]` propagates both ways, `[from, to, false]` only into `to`. */
  private readonly edges: [Term, Term, boolean][] = [];
  private next = 0;

  constructor(
    private readonly orgParams: ReadonlySet<number>,
    private readonly orgTables: ReadonlySet<string>,
  ) {}

  violations(): string[] {
    const filtered = new Set<Term>(['ORG']);
    for (let size = -1; size !== filtered.size;) {
      size = filtered.size;
      for (const [a, b, both] of this.edges) {
        if (filtered.has(a)) filtered.add(b);
        if (both && filtered.has(b)) filtered.add(a);
      }
    }
    return [
      ...this.uses
        .filter((use) => !filtered.has(use.term))
        .map(
          (use) =>
            `${use.name}${use.alias !== use.name.split('.').pop() ? ` ${use.alias}` : ''} is not filtered by organization_id`,
        ),
      ...this.inserts
        .filter((insert) => insert.value === null || !filtered.has(insert.value))
        .map((insert) => `insert into ${insert.name} does not write the bound organization_id`),
    ];
  }

  statement(node: Node, parent: Scope | null): void {
    const [kind, body] = Object.entries(node)[0] as [string, Node];
    if (kind === 'SelectStmt') this.select(body, parent);
    else if (kind === 'InsertStmt') this.insert(body, parent);
    else if (kind === 'UpdateStmt') this.modify(body, parent, body.fromClause, body.targetList);
    else if (kind === 'DeleteStmt') this.modify(body, parent, body.usingClause, []);
    else this.expressions(body, parent ?? this.scope(null)); // utility statements: only their subqueries read tables
  }

  private scope(parent: Scope | null, withClause?: Node): Scope {
    const scope: Scope = { parent, tables: new Map(), ctes: new Set() };
    for (const cte of withClause?.ctes ?? []) scope.ctes.add(cte.CommonTableExpr.ctename);
    for (const cte of withClause?.ctes ?? []) this.statement(cte.CommonTableExpr.ctequery, scope);
    return scope;
  }

  private select(select: Node, parent: Scope | null): Scope {
    const scope = this.scope(parent, select.withClause);
    if (select.op && select.op !== 'SETOP_NONE') {
      this.select(select.larg, scope);
      this.select(select.rarg, scope);
      return scope;
    }
    for (const item of select.fromClause ?? []) this.fromItem(item, scope, []);
    for (const row of select.valuesLists ?? []) this.expressions(row, scope);
    this.conjuncts(select.whereClause, scope, null);
    this.expressions(
      [select.targetList, select.whereClause, select.havingClause, select.groupClause, select.sortClause],
      scope,
    );
    return scope;
  }

  private modify(body: Node, parent: Scope | null, extraFrom: Node[] | undefined, targetList: Node[]): void {
    const scope = this.scope(parent, body.withClause);
    this.fromItem({ RangeVar: body.relation }, scope, []);
    for (const item of extraFrom ?? []) this.fromItem(item, scope, []);
    this.conjuncts(body.whereClause, scope, null);
    this.expressions([targetList, body.whereClause, body.returningClause], scope);
  }

  private insert(body: Node, parent: Scope | null): void {
    const scope = this.scope(parent, body.withClause);
    const relation = body.relation as Node;
    const name = this.tableName(relation);
    const column = (body.cols ?? []).findIndex((col: Node) => col.ResTarget?.name === 'organization_id');
    const source = body.selectStmt?.SelectStmt as Node | undefined;
    if (this.orgTables.has(name)) {
      if (source?.valuesLists) {
        for (const row of source.valuesLists)
          this.inserts.push({ name, value: column < 0 ? null : this.term(row.List.items[column], scope) });
      } else if (source) {
        const inner = this.select(source, scope);
        const target = source.targetList?.[column]?.ResTarget?.val;
        this.inserts.push({ name, value: column < 0 || !target ? null : this.term(target, inner) });
        return;
      } else {
        this.inserts.push({ name, value: null });
      }
    }
    if (source) this.select(source, scope);
    this.expressions([body.onConflictClause, body.returningClause], scope);
  }

  /** Registers the tables of a FROM item; `nullable` collects the tables a LEFT JOIN may pad with nulls. */
  private fromItem(item: Node, scope: Scope, nullable: Term[]): void {
    if (item.RangeVar) {
      const relation = item.RangeVar as Node;
      if (!relation.schemaname && this.isCte(relation.relname, scope)) return;
      const name = this.tableName(relation);
      const alias = relation.alias?.aliasname ?? relation.relname;
      const term = `table:${this.next++}`;
      const hasOrg = this.orgTables.has(name);
      scope.tables.set(alias, { term, hasOrg });
      nullable.push(term);
      if (hasOrg) this.uses.push({ term, name, alias });
    } else if (item.JoinExpr) {
      const join = item.JoinExpr as Node;
      const left: Term[] = [];
      const right: Term[] = [];
      this.fromItem(join.larg, scope, left);
      this.fromItem(join.rarg, scope, right);
      nullable.push(...left, ...right);
      const restricted =
        join.jointype === 'JOIN_LEFT'
          ? right
          : join.jointype === 'JOIN_RIGHT'
            ? left
            : join.jointype === 'JOIN_FULL'
              ? []
              : null;
      this.conjuncts(join.quals, scope, restricted);
      this.expressions(join.quals, scope);
    } else if (item.RangeSubselect) {
      this.statement(item.RangeSubselect.subquery, scope);
    } else {
      this.expressions(item, scope); // functions in FROM (unnest, jsonb_to_recordset): their arguments only
    }
  }

  /** Equalities of organization terms among the AND-ed conjuncts; `restricted` limits them to those tables (outer joins). */
  private conjuncts(expression: Node | undefined, scope: Scope, restricted: Term[] | null): void {
    if (!expression) return;
    if (expression.BoolExpr?.boolop === 'AND_EXPR') {
      for (const arg of expression.BoolExpr.args) this.conjuncts(arg, scope, restricted);
      return;
    }
    const eq = expression.A_Expr as Node | undefined;
    if (!eq || eq.kind !== 'AEXPR_OP' || eq.name?.[0]?.String?.sval !== '=') return;
    const a = this.term(eq.lexpr, scope);
    const b = this.term(eq.rexpr, scope);
    if (!a || !b) return;
    if (restricted === null) this.edges.push([a, b, true]);
    else {
      if (restricted.includes(b)) this.edges.push([a, b, false]);
      if (restricted.includes(a)) this.edges.push([b, a, false]);
    }
  }

  /** The organization term an expression stands for: the bound organization, or a table's organization_id column. */
  private term(expression: Node | undefined, scope: Scope): Term | null {
    if (!expression) return null;
    if (expression.TypeCast) return this.term(expression.TypeCast.arg, scope);
    if (expression.ParamRef) return this.orgParams.has(expression.ParamRef.number) ? 'ORG' : null;
    const fields = (expression.ColumnRef?.fields ?? []).map((f: Node) => f.String?.sval);
    if (fields[fields.length - 1] !== 'organization_id') return null;
    for (let s: Scope | null = scope; s; s = s.parent) {
      if (fields.length >= 2) {
        const table = s.tables.get(fields[fields.length - 2]);
        if (table) return table.term;
      } else {
        const withOrg = [...s.tables.values()].filter((t) => t.hasOrg);
        if (withOrg.length === 1) return withOrg[0]!.term;
        if (withOrg.length > 1) return null; // ambiguous: PostgreSQL refuses it anyway
      }
    }
    return null;
  }

  /** Finds subqueries anywhere in expressions and walks each as a scope inside this one. */
  private expressions(value: unknown, scope: Scope): void {
    if (Array.isArray(value)) {
      for (const item of value) this.expressions(item, scope);
    } else if (value && typeof value === 'object') {
      const node = value as Node;
      if (node.SubLink) {
        this.statement(node.SubLink.subselect, scope);
        this.expressions(node.SubLink.testexpr, scope);
        return;
      }
      for (const [key, child] of Object.entries(node)) {
        if (key !== 'SelectStmt' && key !== 'InsertStmt' && key !== 'UpdateStmt' && key !== 'DeleteStmt')
          this.expressions(child, scope);
        else this.statement({ [key]: child }, scope);
      }
    }
  }

  private isCte(name: string, scope: Scope | null): boolean {
    for (let s = scope; s; s = s.parent) if (s.ctes.has(name)) return true;
    return false;
  }

  private tableName(relation: Node): string {
    return `${relation.schemaname ?? 'public'}.${relation.relname}`;
  }
}

/** The parameter numbers (`$n`, counted as `positional` numbers `?`) that bind the organization. */
export function orgParamsOf(statement: SqlStatement): Set<number> {
  const params = new Set<number>();
  statement.values.forEach((value, i) => value === ORG && params.add(i + 1));
  return params;
}

/** Tables with an organization_id column, as `schema.table`. */
export async function tablesWithOrganization(databaseUrl: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.columns where column_name = 'organization_id' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return new Set(rows.map((r) => r.name));
  } finally {
    await client.end();
  }
}

type Check = (statement: SqlStatement) => void;
const checks = new Set<Check>();

/**
 * Checks every statement `tenantSql` sends from now on; `stop()` ends the check and answers what it found, one line per
 * faulty statement text. Used by startTestPlatform, so every test through the real stack runs the proof.
 */
export async function checkTenantStatements(databaseUrl: string): Promise<{ stop(): string[] }> {
  await loadModule();
  const orgTables = await tablesWithOrganization(databaseUrl);
  const found = new Map<string, string[]>();
  const seen = new Set<string>();
  const check: Check = (statement) => {
    const params = orgParamsOf(statement);
    const key = `${[...params].join(',')}|${statement.text}`;
    if (seen.has(key)) return;
    seen.add(key);
    try {
      const problems = tenantFilterViolations(statement.text, params, orgTables);
      if (problems.length > 0) found.set(statement.text, problems);
    } catch (error) {
      found.set(statement.text, [`could not be parsed: ${(error as Error).message}`]);
    }
  };
  checks.add(check);
  observeTenantStatements((statement) => checks.forEach((each) => each(statement)));
  return {
    stop: () => {
      checks.delete(check);
      if (checks.size === 0) observeTenantStatements(undefined);
      return [...found].map(
        ([text, problems]) => `${problems.join('; ')}: ${text.replace(/\s+/g, ' ').slice(0, 2000)}`,
      );
    },
  };
}
