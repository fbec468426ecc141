/** The caller's identity on gateway → subgraph HTTP hops: one header, HMAC-signed with the internal secret. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CallerContext } from '../context/subgraph-context.js';
import type { Auth } from './auth.js';
import { PLAN_NAMES } from '../rate-limit/plans.js';

/** The header a split-mode subgraph reads its caller from. */
export const SIGNED_CONTEXT_HEADER = 'x-platform-context';

/** A signature older than this is refused (replay window). */
export const SIGNED_CONTEXT_MAX_AGE_MS = 5 * 60_000;

/** Clocks of two hosts disagree a little; an issued-at this far in the future still passes. */
const CLOCK_SKEW_MS = 30_000;

/** Anything longer is not ours; refusing early keeps garbage from costing an HMAC over megabytes. */
const MAX_HEADER_LENGTH = 8 * 1024;

/** Prefixed to what is signed, so a signature made with the same secret for another purpose (tracking tokens) never verifies here. */
const PURPOSE = 'platform-context.v1.';

const KEY_TYPES: readonly string[] = ['SERVER', 'SENDING', 'GATEWAY'];

export interface VerifyOptions {
  /** Milliseconds since the epoch; injectable for tests. */
  now?: number;
  /** Oldest accepted issued-at, relative to now. */
  maxAgeMs?: number;
}

/** `base64url(JSON {requestId, auth, iat})` + `.` + `base64url(HMAC-SHA256)`. */
export function signCallerContext(caller: CallerContext, secret: string, now: number = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ requestId: caller.requestId, auth: caller.auth, iat: now }),
    'utf8',
  ).toString('base64url');
  return `${payload}.${mac(payload, secret).toString('base64url')}`;
}

/** The caller a header value vouches for, or null when it is missing, malformed, forged or expired. Never throws. */
export function verifyCallerContext(value: unknown, secret: string, options: VerifyOptions = {}): CallerContext | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_HEADER_LENGTH) return null;
  const dot = value.indexOf('.');
  if (dot <= 0 || dot !== value.lastIndexOf('.')) return null;
  const payload = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (!BASE64URL.test(payload) || !BASE64URL.test(signature)) return null;

  const expected = mac(payload, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(claims)) return null;
  const { requestId, auth, iat } = claims;
  if (typeof requestId !== 'string' || requestId.length === 0 || requestId.length > 128) return null;
  if (typeof iat !== 'number' || !Number.isFinite(iat)) return null;
  const now = options.now ?? Date.now();
  const maxAge = options.maxAgeMs ?? SIGNED_CONTEXT_MAX_AGE_MS;
  if (iat < now - maxAge || iat > now + CLOCK_SKEW_MS) return null;
  if (auth === null) return { requestId, auth: null };
  return isAuth(auth)
    ? {
        requestId,
        auth: {
          organizationId: auth.organizationId,
          keyId: auth.keyId,
          keyType: auth.keyType,
          scopes: [...auth.scopes],
          plan: auth.plan,
        },
      }
    : null;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function mac(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE).update(payload).digest();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A signed payload is ours, but checking its shape keeps a version skew between gateway and subgraph from reaching resolvers. */
function isAuth(value: unknown): value is Auth {
  if (!isRecord(value)) return false;
  return (
    typeof value.organizationId === 'string' &&
    value.organizationId.length > 0 &&
    typeof value.keyId === 'string' &&
    typeof value.keyType === 'string' &&
    KEY_TYPES.includes(value.keyType) &&
    Array.isArray(value.scopes) &&
    value.scopes.every((s) => typeof s === 'string') &&
    typeof value.plan === 'string' &&
    (PLAN_NAMES as readonly string[]).includes(value.plan)
  );
}
