// Manual spans where auto-instrumentation cannot see (the REST bridge's route, the in-process subgraph hop).
// Through @opentelemetry/api alone: with no SDK registered (tracing off) every call here is a no-op.
import { context, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

const tracer = trace.getTracer('platform');

/** The attribute names every trace of a request carries. */
export const TRACE_ATTRIBUTES = {
  requestId: 'request.id',
  organizationId: 'organization.id',
} as const;

/** Runs `fn` in a new active span (a child of the current one) and ends it; a throw marks the span as failed. */
export function inSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * A child of the current span for work split across steps (a request's hooks and handler): each step runs in it
 * through `withSpan`, and the caller ends it.
 */
export function startSpan(name: string, attributes: Attributes): Span {
  return tracer.startSpan(name, { attributes });
}

/** Runs `fn` with `span` as the current span. */
export function withSpan<T>(span: Span, fn: () => T): T {
  return context.with(trace.setSpan(context.active(), span), fn);
}

/** The span of the current context (the HTTP server span at the top of a request), if tracing is on. */
export function activeSpan(): Span | undefined {
  return trace.getActiveSpan();
}

/** Attributes of the caller: set only when known (OpenTelemetry attributes may not be undefined). */
export function callerAttributes(requestId: string | undefined, organizationId: string | undefined): Attributes {
  const attributes: Attributes = {};
  if (requestId) attributes[TRACE_ATTRIBUTES.requestId] = requestId;
  if (organizationId) attributes[TRACE_ATTRIBUTES.organizationId] = organizationId;
  return attributes;
}

/** Sends the spans still buffered before the process exits (the batch processor would lose them otherwise). */
export async function flushTracing(): Promise<void> {
  const provider = trace.getTracerProvider() as { getDelegate?: () => { shutdown?: () => Promise<void> } };
  await provider.getDelegate?.().shutdown?.();
}
