import client from 'prom-client';
import type { JobObserver } from '../jobs/jobs.js';
import { eventLoopDelay, eventLoopDelayExposition } from './event-loop-delay.js';

/** What is read when /metrics is scraped rather than counted as it happens. */
export interface ScrapedSources {
  /** Due jobs not yet taken, by job name. */
  jobQueueDepth(): Promise<Map<string, number>>;
  /** Age of the oldest event not yet dispatched from the outbox (0 when empty). */
  outboxLagSeconds(): Promise<number>;
  /** The ORM's connection pool. */
  databasePool(): { used: number; free: number; pending: number };
}

// Process metrics (CPU, memory, event loop lag, GC) exist once per process, however many platforms a test starts.
let processRegistry: client.Registry | undefined;
function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The platform's Prometheus metrics, one registry per running platform (or split-mode process). Labels are kept to
 * bounded sets: route templates (never raw paths), operation types, job names, provider and model names.
 */
export class PlatformMetrics implements JobObserver {
  private readonly registry = new client.Registry();
  // Sampling starts with the platform, so the first scrape already covers start-up.
  private readonly loopDelay = eventLoopDelay();

  readonly httpRequests = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly graphqlOperations = new client.Counter({
    name: 'graphql_operations_total',
    help: 'GraphQL operations run by the gateway (REST routes and /graphql), by type and outcome',
    labelNames: ['type', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly jobRuns = new client.Histogram({
    name: 'job_run_duration_seconds',
    help: 'Job runs by name and outcome',
    labelNames: ['name', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
    registers: [this.registry],
  });

  readonly webhookAttempts = new client.Counter({
    name: 'webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly aiTokens = new client.Counter({
    name: 'ai_tokens_total',
    help: 'AI gateway tokens by provider, model and kind (prompt, completion)',
    labelNames: ['provider', 'model', 'kind'] as const,
    registers: [this.registry],
    collect: () => this.foldAiUsage(),
  });

  readonly aiCost = new client.Counter({
    name: 'ai_cost_usd_total',
    help: 'AI gateway cost in US dollars by provider and model',
    labelNames: ['provider', 'model'] as const,
    registers: [this.registry],
    collect: () => this.foldAiUsage(),
  });

  readonly contentType = this.registry.contentType;

  // Model names come from callers and their providers: past this many pairs, new ones count as `other`.
  private readonly aiPairs = new Set<string>();
  private static readonly AI_PAIRS_MAX = 500;
  /** By provider and model (or provider alone past AI_PAIRS_MAX), what aiUsage added since the counters were last read. */
  private readonly aiSums = new Map<
    string,
    { provider: string; model: string; prompt: number; completion: number; cost: number }
  >();

  /**
   * Tokens and cost of one AI gateway request, added to sums per provider and model that are folded into the
   * counters when /metrics is read: three labelled increments (label checks and hashing each) were a few percent of
   * a chat completion's CPU.
   */
  aiUsage(provider: string, model: string, promptTokens: number, completionTokens: number, costUsd: number): void {
    const pair = `${provider}\u0000${model}`;
    let sums = this.aiSums.get(pair);
    if (!sums) {
      if (!this.aiPairs.has(pair) && this.aiPairs.size < PlatformMetrics.AI_PAIRS_MAX) this.aiPairs.add(pair);
      const counted = this.aiPairs.has(pair) ? pair : `${provider}\u0000`; // past the bound: one sum per provider, model `other`
      sums = this.aiSums.get(counted) ?? {
        provider,
        model: counted === pair ? model : 'other',
        prompt: 0,
        completion: 0,
        cost: 0,
      };
      this.aiSums.set(counted, sums);
    }
    if (promptTokens > 0) sums.prompt += promptTokens;
    if (completionTokens > 0) sums.completion += completionTokens;
    if (costUsd > 0) sums.cost += costUsd;
  }

  /** Moves the sums of aiUsage into the counters (run before either is read). */
  private foldAiUsage() {
    for (const sums of this.aiSums.values()) {
      const labels = { provider: sums.provider, model: sums.model };
      if (sums.prompt > 0) this.aiTokens.inc({ ...labels, kind: 'prompt' }, sums.prompt);
      if (sums.completion > 0) this.aiTokens.inc({ ...labels, kind: 'completion' }, sums.completion);
      if (sums.cost > 0) this.aiCost.inc(labels, sums.cost);
      sums.prompt = sums.completion = sums.cost = 0;
    }
  }

  jobDone(name: string, outcome: 'success' | 'failure', seconds: number): void {
    this.jobRuns.observe({ name, outcome }, seconds);
  }

  /** Registers the gauges read at scrape time. Called once, by the process that owns the sources. */
  watch(sources: ScrapedSources): void {
    new client.Gauge({
      name: 'job_queue_depth',
      help: 'Due jobs waiting for a worker, by name',
      labelNames: ['name'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [name, count] of await sources.jobQueueDepth()) this.set({ name }, count);
      },
    });
    new client.Gauge({
      name: 'outbox_lag_seconds',
      help: 'Age of the oldest event not yet dispatched to webhooks and subscribers',
      registers: [this.registry],
      async collect() {
        this.set(await sources.outboxLagSeconds());
      },
    });
    new client.Gauge({
      name: 'db_pool_connections',
      help: 'Database connections of the ORM pool by state (used, free, pending acquisitions)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const pool = sources.databasePool();
        this.set({ state: 'used' }, pool.used);
        this.set({ state: 'free' }, pool.free);
        this.set({ state: 'pending' }, pool.pending);
      },
    });
  }

  /** The exposition text: this platform's metrics, then the process's (the event-loop delay histogram last). */
  async render(): Promise<string> {
    return (
      (await this.registry.metrics()) + (await processMetrics().metrics()) + eventLoopDelayExposition(this.loopDelay)
    );
  }
}
