import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { newId } from '../../../platform/ids/ids.js';

/** A bearer secret `<id>.<secret>`: the id finds the row, the secret is compared in constant time with its stored SHA-256. */
export interface IssuedToken {
  id: string;
  token: string;
  secretHash: Buffer;
}

export function issueToken(prefix: string): IssuedToken {
  const id = newId(prefix);
  const secret = randomBytes(32).toString('base64url');
  return { id, token: `${id}.${secret}`, secretHash: sha256(secret) };
}

/** Splits a presented token; null when it cannot be one of ours (then nothing is looked up). */
export function parseToken(token: unknown, prefix: string): { id: string; secret: string } | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const id = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (!id.startsWith(`${prefix}_`) || !/^[a-z0-9_]+$/.test(id) || !/^[A-Za-z0-9_-]{43}$/.test(secret)) return null;
  return { id, secret };
}

export function secretMatches(secret: string, stored: Buffer): boolean {
  const presented = sha256(secret);
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
