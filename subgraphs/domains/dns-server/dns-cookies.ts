import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The EDNS option code of DNS cookies (RFC 7873). */
export const COOKIE_OPTION = 10;

export type CookieOption = { client: Buffer; server: Buffer | null };

/**
 * DNS cookies (RFC 7873): the client sends 8 random bytes, we answer with a server cookie derived from them and the
 * client's address. A query that comes back with that server cookie was sent from that address (a forged source never
 * sees our answers), so its answer may be as large as it asks; other UDP answers are kept small (amplification).
 * The secret lives as long as the process: after a restart clients simply learn a new server cookie.
 */
export class DnsCookies {
  private readonly secret = randomBytes(32);

  /** The server cookie for a client cookie and address: 8 bytes of an HMAC. */
  serverCookie(client: Buffer, address: string): Buffer {
    return createHmac('sha256', this.secret).update(client).update(address).digest().subarray(0, 8);
  }

  valid(cookie: CookieOption, address: string): boolean {
    return (
      cookie.server !== null &&
      cookie.server.length === 8 &&
      timingSafeEqual(cookie.server, this.serverCookie(cookie.client, address))
    );
  }
}

/**
 * The cookie of an OPT record's options: undefined when there is none, 'malformed' when its length is not a client
 * cookie (8 bytes) alone or followed by a server cookie of 8 to 32 bytes (a FORMERR).
 */
export function cookieOf(
  options: readonly { code: number; data?: Buffer }[] | undefined,
): CookieOption | 'malformed' | undefined {
  const option = options?.find((o) => o.code === COOKIE_OPTION);
  if (!option) return undefined;
  const data = option.data ?? Buffer.alloc(0);
  if (data.length !== 8 && (data.length < 16 || data.length > 40)) return 'malformed';
  return { client: Buffer.from(data.subarray(0, 8)), server: data.length > 8 ? Buffer.from(data.subarray(8)) : null };
}
