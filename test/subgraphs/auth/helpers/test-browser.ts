/**
 * A browser reduced to what sign-in redirects need: a cookie jar per origin (Set-Cookie honoured by name, Max-Age=0
 * deletes) and redirects followed one by one, so a test sees every hop and stops before the application's redirect URI.
 */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();
  /** Every URL requested, in order. */
  readonly visited: string[] = [];

  cookieHeader(url: string): string {
    return [...(this.jars.get(new URL(url).origin) ?? new Map<string, string>())]
      .map(([n, v]) => `${n}=${v}`)
      .join('; ');
  }

  cookies(url: string): Map<string, string> {
    return this.jars.get(new URL(url).origin) ?? new Map<string, string>();
  }

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    this.visited.push(url);
    const headers: Record<string, string> = { accept: 'text/html', ...(init.headers ?? {}) };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    this.store(url, res.headers.getSetCookie());
    return res;
  }

  /**
   * Requests `url` and follows redirects until one points under `stopAt` (returned, not requested) or a page answers.
   * At most 20 hops.
   */
  async follow(
    url: string,
    stopAt: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<{ stoppedAt: URL | null; last: Response }> {
    let res = await this.request(url, init);
    let current = url;
    for (let hop = 0; hop < 20; hop++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { stoppedAt: null, last: res };
      const next = new URL(location, current).href;
      if (next.startsWith(stopAt)) return { stoppedAt: new URL(next), last: res };
      current = next;
      res = await this.request(next);
    }
    throw new Error('too many redirects');
  }

  private store(url: string, setCookies: string[]) {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired =
        attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) ||
        attributes.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]!) < new Date());
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }
}
