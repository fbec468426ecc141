// `node --import ./dist/platform/tracing/register.js dist/gateway/main.js` (and each split-mode subgraph main):
// loaded before the application, so the OpenTelemetry SDK and its loader hook see every module the app imports.
// Off (no OTLP endpoint configured) it loads nothing beyond the configuration module.
import { loadTracingConfig } from '../config/config.js';

const tracing = loadTracingConfig();
if (tracing) {
  const { startTracing } = await import('./start-tracing.js');
  await startTracing(tracing, process.argv[1] ?? '');
}
