import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { notifyEventsOf, OUTBOX_COLUMNS } from '../../../platform/events/emit-event.js';
import { newId } from '../../../platform/ids/ids.js';
import { ORG, sql, sqlOf, tenantSql, type SqlStatement } from '../../../platform/orm/tenant-sql.js';
import { auditEventData } from '../audit/audit-trail.js';
import type { PasswordPolicy } from './policy-defaults.js';

const AUDIT_COLUMNS = sql`(id, organization_id, type, user_id, ip, user_agent, data, created_at)`;

export type Client = { ip: string | null; userAgent: string | null };

/**
 * One more failure (wrong password, wrong sign-in code, wrong MFA verify code) under the user row's lock; reaching the
 * policy's threshold locks the account for its duration. Returns the lock's end when this failure locked it. ONE
 * statement (atomic without BEGIN/COMMIT): the count, the `login.failed` entry with its event, `user.locked` when it
 * locked; a wrong password then costs the round trips of an unknown address (one write after the hash).
 */
export async function countFailure(
  em: EntityManager,
  now: Date,
  userId: string,
  policy: PasswordPolicy,
  client: Client,
  data: Record<string, unknown>,
): Promise<Date | null> {
  const lockUntil = new Date(now.getTime() + policy.lockoutDurationMinutes * 60_000);
  const eventData = JSON.stringify(auditEventData({ type: 'login.failed', userId, ...client, data }, now)); // failedAttempts joins it below
  const row = (entry: string, type: string, json: SqlStatement) =>
    sql`select ${entry}::text, ${ORG}::uuid, ${type}::text, ${userId}::text, ${client.ip}::text, ${client.userAgent}::text, ${json}, ${now}::timestamptz from decided d`;
  const withCount = (json: string) => sql`${json}::jsonb || jsonb_build_object('failedAttempts', d.failures)`;
  // A lock that ran out starts a fresh count. FOR UPDATE waits for a concurrent failure and reads the count it left.
  const [result] = await tenantSql(em).rowsBound<{ lock_now: boolean }>(
    sql`
    with prior as (
      select id, locked_until, locked_until <= ${now} as expired, (case when locked_until <= ${now} then 0 else failed_attempts end) + 1 as failures
      from auth.users where organization_id = ${ORG} and id = ${userId} for update),
    decided as (select *, (${policy.lockoutThreshold}::int > 0 and failures >= ${policy.lockoutThreshold}::int) as lock_now from prior),
    counted as (
      update auth.users u set failed_attempts = case when d.lock_now then 0 else d.failures end,
        locked_until = case when d.lock_now then ${lockUntil} when d.expired then null else d.locked_until end, updated_at = ${new Date()}
      from decided d where u.organization_id = ${ORG} and u.id = d.id),
    audited as (insert into auth.audit_logs ${AUDIT_COLUMNS} ${row(newId('log'), 'login.failed', withCount(JSON.stringify(data)))}),
    locked as (insert into auth.audit_logs ${AUDIT_COLUMNS} ${row(newId('log'), 'user.locked', sql`${JSON.stringify({ lockedUntil: lockUntil.toISOString() })}::jsonb`)} where d.lock_now),
    events as (
      insert into ${sqlOf(OUTBOX_COLUMNS, [])} select ${newId('evt')}::text, ${ORG}::uuid, 'login.failed', ${withCount(eventData)}, ${new Date().toISOString()}::timestamptz from decided d
      returning organization_id)
    select d.lock_now, (${sqlOf(notifyEventsOf('events'), [])}) as notified from decided d`,
    'auth.count-failure',
  );
  if (!result) throw new Error(`countFailure: no user ${userId}`);
  return result.lock_now ? lockUntil : null;
}

export const locked = (until: Date) =>
  new DomainError('ACCOUNT_LOCKED', `Too many failed sign-ins; the account is locked until ${until.toISOString()}`, {
    lockedUntil: until.toISOString(),
  });
