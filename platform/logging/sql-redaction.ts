/** SQL keywords that start a statement MikroORM or the driver puts into a message. */
const SQL_STATEMENT =
  /\b(select|insert\s+into|update|delete\s+from|with)\b[\s\S]*\b(from|into|set|values|where|returning)\b/i;
/** A quoted SQL string literal ('' escapes a quote inside). */
const STRING_LITERAL = /'(?:[^']|'')*'/g;
/** PostgreSQL's error detail echoes the offending values: `Key (email)=(a@b.com) already exists.` */
const KEY_DETAIL = /(\([^()]*\))=\((?:[^()]|\([^()]*\))*\)/g;
/** ...and a constraint violation echoes the whole row: `Failing row contains (id, subject, ...).` (to the line's end). */
const FAILING_ROW = /(Failing row contains )\(.*\)/g;

/**
 * A log text with the values taken out of any SQL in it: literals become `?`, key details lose their values.
 * `isSql`: the text is known to be a query log line (no need to recognise a statement in it).
 * The statement's shape stays (what failed and where); user data (emails, tokens, message bodies) does not reach the log.
 */
export function withoutSqlValues(text: string, isSql = false): string {
  if (!isSql && !SQL_STATEMENT.test(text) && !KEY_DETAIL.test(text) && !text.includes('Failing row contains'))
    return text;
  KEY_DETAIL.lastIndex = 0;
  return text.replace(FAILING_ROW, '$1(?)').replace(STRING_LITERAL, '?').replace(KEY_DETAIL, '$1=(?)');
}
