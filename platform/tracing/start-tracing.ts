// Starts the OpenTelemetry SDK: http, pg and graphql auto-instrumentation, one OTLP/HTTP trace exporter.
// Only ever imported by register.ts when tracing is on, so none of these packages load otherwise.
import { register } from 'node:module';
import { basename, dirname } from 'node:path';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import type { IncomingMessage } from 'node:http';
import type { TracingConfig } from '../config/config.js';

/** Probes and scrapes: a span each would be noise, and cost. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export async function startTracing(config: TracingConfig, mainPath: string): Promise<void> {
  // The ESM loader hook wraps only the modules an instrumentation asks for (node:http, pg, graphql), not the whole app.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { GraphQLInstrumentation }, exporter] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-graphql'),
    config.protocol === 'http/json' ? import('@opentelemetry/exporter-trace-otlp-http') : import('@opentelemetry/exporter-trace-otlp-proto'),
  ]);
  const sdk = new NodeSDK({
    serviceName: serviceNameOf(mainPath),
    traceExporter: new exporter.OTLPTraceExporter({ url: config.endpoint }),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req: IncomingMessage) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]!),
        // The exporter's own requests and other background calls start no trace of their own.
        requireParentforOutgoingSpans: true,
      }),
      // Agenda's polling and the outbox sweep query constantly: only SQL under a request (or job span) is traced.
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
