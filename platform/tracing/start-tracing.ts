// Starts the OpenTelemetry SDK: http, pg and graphql auto-instrumentation, one OTLP/HTTP trace exporter.
// Only ever imported by register.ts when tracing is on, so none of these packages load otherwise.
import { register } from 'node:module';
import { basename, dirname } from 'node:path';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import type { IncomingMessage } from 'node:http';
import { SpanKind, trace, type Attributes, type Context, type Link } from '@opentelemetry/api';
import type { tracing as sdk } from '@opentelemetry/sdk-node';
import type { TracingConfig } from '../config/config.js';

/** Probes and scrapes: a span each would be noise, and cost. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export async function startTracing(config: TracingConfig, mainPath: string): Promise<void> {
  // The ESM loader hook wraps only the modules an instrumentation asks for (node:http, pg, graphql), not the whole app.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const [
    { NodeSDK, tracing },
    { createSamplerFromEnv },
    { HttpInstrumentation },
    { PgInstrumentation },
    { GraphQLInstrumentation },
    exporter,
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    // OTEL_TRACES_SAMPLER(_ARG) as the SDK itself reads them (not in its public entry point; the version is pinned).
    import('@opentelemetry/sdk-node/build/src/create-from-env.js'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-graphql'),
    config.protocol === 'http/json'
      ? import('@opentelemetry/exporter-trace-otlp-http')
      : import('@opentelemetry/exporter-trace-otlp-proto'),
  ]);
  const sdk = new NodeSDK({
    serviceName: serviceNameOf(mainPath),
    sampler: new RequestRootsOnly(
      createSamplerFromEnv() ?? new tracing.ParentBasedSampler({ root: new tracing.AlwaysOnSampler() }),
      tracing.SamplingDecision.NOT_RECORD,
    ),
    traceExporter: new exporter.OTLPTraceExporter({ url: config.endpoint }),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req: IncomingMessage) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]!),
        // The exporter's own requests and other background calls start no trace of their own.
        requireParentforOutgoingSpans: true,
      }),
      // Agenda's polling and the outbox sweep query constantly: only SQL under a request is traced.
      new PgInstrumentation({ requireParentSpan: true }),
      // One span per parse/validate/execute; none per resolver (their number grows with the result's size).
      new GraphQLInstrumentation({ ignoreResolveSpans: true, mergeItems: true }),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
}

/** `platform` for dist/gateway/main.js, `platform-<module>` for a split-mode dist/subgraphs/<module>/main.js. */
function serviceNameOf(mainPath: string): string {
  const folder = dirname(mainPath);
  return basename(dirname(folder)) === 'subgraphs' ? `platform-${basename(folder)}` : 'platform';
}

/**
 * Traces start at requests: a span without a parent that is not a server span (schema parsing at start-up, a timer's
 * work) is not recorded, nor are its children. The rest is the configured sampler's call.
 */
class RequestRootsOnly implements sdk.Sampler {
  constructor(
    private readonly inner: sdk.Sampler,
    private readonly notRecord: sdk.SamplingResult['decision'],
  ) {}

  shouldSample(
    context: Context,
    traceId: string,
    name: string,
    kind: SpanKind,
    attributes: Attributes,
    links: Link[],
  ): sdk.SamplingResult {
    if (kind !== SpanKind.SERVER && !trace.getSpanContext(context)) return { decision: this.notRecord };
    return this.inner.shouldSample(context, traceId, name, kind, attributes, links);
  }

  toString(): string {
    return `RequestRootsOnly{${this.inner.toString()}}`;
  }
}
