import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { PlatformMetrics } from './platform-metrics.js';

/**
 * Who may read /metrics: a caller on loopback (a scraper on the same host, a sidecar), or one presenting
 * `Authorization: Bearer <METRICS_TOKEN>`. Behind a proxy on the same host every caller looks local: such
 * set-ups set METRICS_TOKEN and keep /metrics off the proxy (docs/operations.md).
 */
export function mayReadMetrics(
  remoteAddress: string | undefined,
  authorization: string | undefined,
  token: string | undefined,
): boolean {
  if (token && authorization?.startsWith('Bearer ')) {
    // Hashing both sides gives equal lengths, so the comparison is constant-time whatever was sent.
    const digest = (value: string) => createHash('sha256').update(value).digest();
    if (timingSafeEqual(digest(authorization.slice(7)), digest(token))) return true;
  }
  return isLoopback(remoteAddress);
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** GET /metrics in the Prometheus text format; 401 in the platform envelope to whoever may not read it. */
export async function serveMetrics(
  request: FastifyRequest,
  reply: FastifyReply,
  metrics: PlatformMetrics,
  token: string | undefined,
): Promise<FastifyReply> {
  if (!mayReadMetrics(request.raw.socket.remoteAddress, request.headers.authorization, token)) {
    return reply
      .code(401)
      .headers({ 'Content-Type': 'application/json; charset=utf-8', 'WWW-Authenticate': 'Bearer realm="metrics"' })
      .send(
        JSON.stringify({
          success: false,
          error: {
            code: 'UNAUTHORIZED',
            message: 'Metrics are served on loopback, or with Authorization: Bearer <METRICS_TOKEN>',
          },
        }),
      );
  }
  const body = await metrics.render();
  return reply.code(200).headers({ 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).send(body);
}
