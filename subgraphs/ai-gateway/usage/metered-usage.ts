import type { PlatformMetrics } from '../../../platform/metrics/platform-metrics.js';
import type { UsageSink } from './usage-log.writer.js';

/** The usage log, with each request's tokens and cost also counted in /metrics (by the provider and model that answered). */
export function meteredUsage(sink: UsageSink, metrics: PlatformMetrics): UsageSink {
  return {
    get accepting() {
      return sink.accepting;
    },
    record(entry) {
      if (entry.provider)
        metrics.aiUsage(
          entry.provider,
          entry.providerModel ?? entry.model,
          entry.promptTokens,
          entry.completionTokens,
          entry.costUsd ?? 0,
        );
      sink.record(entry);
    },
  };
}
