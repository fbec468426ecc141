import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** How often the event loop's delay is sampled (ms): a timer of this period records how late each tick ran. */
const RESOLUTION_MS = 10;

/** Bucket bounds of the exported histogram, in seconds: from a healthy loop (~resolution) to a frozen one. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const PERIOD_NS = RESOLUTION_MS * 1e6;

let monitor: IntervalHistogram | undefined;

/** The process's event-loop delay monitor, started on first use and never reset (one per process). */
export function eventLoopDelay(): IntervalHistogram {
  if (!monitor) {
    monitor = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    monitor.enable();
  }
  return monitor;
}

/**
 * The delay histogram since the process started, in the Prometheus text format (cumulative buckets in seconds).
 * perf_hooks keeps an HDR histogram of the time between the sampling timer's runs, the period included: the delay is
 * that minus the period. Each bucket's count is read from its percentile list (the highest percentile whose delay fits
 * under the bound), exact to the histogram's own precision.
 */
export function eventLoopDelayExposition(histogram: IntervalHistogram = eventLoopDelay()): string {
  const count = histogram.count;
  const steps = [...histogram.percentiles.entries()].sort((a, b) => a[0] - b[0]);
  const lines = [
    '# HELP nodejs_eventloop_delay_seconds How late the event loop ran a 10 ms timer, since the process started (perf_hooks.monitorEventLoopDelay)',
    '# TYPE nodejs_eventloop_delay_seconds histogram',
  ];
  for (const bound of BUCKETS) {
    let share = 0;
    for (const [percentile, nanoseconds] of steps) if (nanoseconds - PERIOD_NS <= bound * 1e9) share = percentile;
    lines.push(
      `nodejs_eventloop_delay_seconds_bucket{le="${bound}"} ${count === 0 ? 0 : Math.round((share / 100) * count)}`,
    );
  }
  lines.push(`nodejs_eventloop_delay_seconds_bucket{le="+Inf"} ${count}`);
  lines.push(
    `nodejs_eventloop_delay_seconds_sum ${count === 0 ? 0 : (Math.max(0, histogram.mean - PERIOD_NS) * count) / 1e9}`,
  );
  lines.push(`nodejs_eventloop_delay_seconds_count ${count}`);
  return `${lines.join('\n')}\n`;
}
