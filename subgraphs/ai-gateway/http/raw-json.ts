import type { FastifyReply } from 'fastify';

/**
 * A 200 JSON answer written on the raw response, past Fastify's reply (send, its payload checks, the onSend hooks,
 * header merging): the answer is already text, and reply.send was the largest piece of JavaScript in a chat
 * completion's profile. Headers set on the raw response earlier (request id, security, rate limit) go out with it;
 * the edge still writes the request's log line and metrics when the response closes, as for the streams.
 */
export function replyRawJson(
  reply: FastifyReply,
  text: string,
  headers: Record<string, string | number>,
): FastifyReply {
  reply.hijack();
  const res = reply.raw;
  headers['Content-Type'] = 'application/json; charset=utf-8';
  headers['Content-Length'] = Buffer.byteLength(text);
  res.writeHead(200, headers);
  res.end(text);
  return reply;
}
