import { request } from 'node:http';

export interface PublicResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

let nextHost = 2;

/**
 * A distinct loopback source address (127.0.0.2, .3, …) per caller: the public submission limit counts per IP,
 * so each test can be its own visitor and one test's requests never spend another's budget.
 */
export function newVisitorIp(): string {
  const n = nextHost++;
  return `127.0.${Math.floor(n / 250)}.${(n % 250) + 2}`;
}

/** A request from `ip` (bound as the local address of the connection). */
export function fromIp(
  baseUrl: string,
  ip: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<PublicResponse> {
  const url = new URL(path, baseUrl);
  // A URLSearchParams body is sent as a plain HTML form posts it; a Buffer as it is (its content-type in `headers`); anything else as JSON.
  const formPost = options.body instanceof URLSearchParams;
  const raw = Buffer.isBuffer(options.body);
  const payload =
    options.body === undefined
      ? undefined
      : raw
        ? (options.body as Buffer)
        : formPost
          ? String(options.body)
          : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: ip,
        headers: {
          ...(payload
            ? {
                'content-type': formPost ? 'application/x-www-form-urlencoded' : 'application/json',
                'content-length': String(Buffer.byteLength(payload)),
              }
            : {}),
          ...(options.headers ?? {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = text;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}
