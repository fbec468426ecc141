import type { FastifyReply } from 'fastify';

/** A whole in-memory answer (pages, bundles, documents served by the platform itself) with its own headers. */
export function sendStatic(
  reply: FastifyReply,
  status: number,
  type: string,
  body: Buffer,
  headers: Record<string, string> = {},
): FastifyReply {
  return reply
    .code(status)
    .headers({ 'Content-Type': type, ...headers })
    .send(body);
}
