// A stand-in OpenTelemetry collector on loopback: accepts OTLP/HTTP trace exports (JSON is decoded and kept,
// protobuf only counted) and answers each with success. Tests read the spans; the benchmark is its sink.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span of an OTLP/JSON export, flattened with its instrumentation scope. */
export interface SinkSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  scope: string;
  attributes: Record<string, unknown>;
}

export interface OtlpSink {
  /** The base URL, for OTEL_EXPORTER_OTLP_ENDPOINT (the exporter adds /v1/traces). */
  url: string;
  spans: SinkSpan[];
  /** Every export request seen, by path (`/v1/traces`). */
  requests: string[];
  bytes: number;
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpExport {
  resourceSpans?: {
    scopeSpans?: {
      scope?: { name?: string };
      spans?: (Omit<SinkSpan, 'scope' | 'attributes'> & { attributes?: { key: string; value: OtlpValue }[] })[];
    }[];
  }[];
}

export async function startOtlpSink(): Promise<OtlpSink> {
  const sink: Omit<OtlpSink, 'url' | 'close'> = { spans: [], requests: [], bytes: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      sink.requests.push(req.url ?? '');
      sink.bytes += body.length;
      const json = (req.headers['content-type'] ?? '').includes('json');
      if (json) collect(JSON.parse(body.toString('utf8')) as OtlpExport, sink.spans);
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
      res.end(json ? '{}' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(sink, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

function collect(payload: OtlpExport, into: SinkSpan[]) {
  for (const resource of payload.resourceSpans ?? []) {
    for (const scoped of resource.scopeSpans ?? []) {
      for (const span of scoped.spans ?? []) {
        const attributes: Record<string, unknown> = {};
        for (const { key, value } of span.attributes ?? [])
          attributes[key] = value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
        into.push({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId || undefined,
          name: span.name,
          kind: span.kind,
          scope: scoped.scope?.name ?? '',
          attributes,
        });
      }
    }
  }
}
