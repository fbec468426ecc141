import type { ServerResponse } from 'node:http';

/** A whole in-memory answer (pages, bundles, documents served by the platform itself) with its own headers. */
export function sendStatic(res: ServerResponse, status: number, type: string, body: Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': String(body.length), ...headers });
  res.end(body);
}
