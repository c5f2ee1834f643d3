import { collectDefaultMetrics, Gauge, Histogram, Registry, type LabelValues } from 'prom-client';
import type { Db } from '../db.js';
import type { JobStats } from '../jobs.js';

/** Where the scrape-time figures come from. */
export interface MetricSources {
  db: Db;
  jobs: JobStats;
  /** The messaging outbox's undelivered messages (read through the messaging service). */
  outbox: () => Promise<{ pending: number; oldestSeconds: number }>;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
type HttpLabels = 'method' | 'route' | 'status_code';

/**
 * The shop's Prometheus metrics, one registry per app: request counts and latencies by route
 * pattern, the database pool, the jobs' lag and the outbox depth (docs/decisions/0071).
 */
export class ShopMetrics {
  readonly registry = new Registry();
  private readonly http: Histogram<HttpLabels>;
  /** Each label set's child, so a request costs a map lookup rather than prom-client's label hashing. */
  private readonly children = new Map<string, { observe(v: number): void }>();

  constructor(sources: MetricSources, opts: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.http = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status: count (rate) and latency',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const { db, jobs, outbox } = sources;
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting requests)',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = db.stats?.();
        if (!stats || stats.pool === undefined) return;
        this.set({ state: 'total' }, stats.pool.total);
        this.set({ state: 'idle' }, stats.pool.idle);
        this.set({ state: 'waiting' }, stats.pool.waiting);
      },
    });
    new Gauge({
      name: 'db_operations_in_flight',
      help: 'Database operations (statements and transactions) running or queued; on PGlite its one connection\'s queue',
      registers,
      collect() {
        this.set(db.stats?.().inFlight ?? 0);
      },
    });
    new Gauge({
      name: 'job_lag_seconds',
      help: 'How far a background job is behind its schedule: time since its last run ended beyond its interval',
      labelNames: ['job'],
      registers,
      collect() {
        this.reset();
        const now = Date.now();
        for (const job of jobs.list()) this.set({ job: job.name }, Math.max(0, (now - job.lastEndedAt - job.intervalMs) / 1000));
      },
    });
    new Gauge({
      name: 'job_last_run_duration_seconds',
      help: 'How long each background job\'s last run took',
      labelNames: ['job'],
      registers,
      collect() {
        this.reset();
        for (const job of jobs.list()) if (job.lastDurationMs !== null) this.set({ job: job.name }, job.lastDurationMs / 1000);
      },
    });
    new Gauge({
      name: 'job_failures_total',
      help: 'Failed runs of each background job since the process started',
      labelNames: ['job'],
      registers,
      collect() {
        this.reset();
        for (const job of jobs.list()) this.set({ job: job.name }, job.failures);
      },
    });
    let outboxRead: Promise<{ pending: number; oldestSeconds: number } | null> | null = null;
    // Both outbox gauges share one read per scrape.
    const readOutbox = () => (outboxRead ??= outbox().catch(() => null).finally(() => setTimeout(() => (outboxRead = null), 0)));
    new Gauge({
      name: 'messaging_outbox_pending',
      help: 'Messages in the outbox not yet delivered (nor given up on)',
      registers,
      async collect() {
        const o = await readOutbox();
        if (o) this.set(o.pending);
      },
    });
    new Gauge({
      name: 'messaging_outbox_oldest_pending_seconds',
      help: 'Age of the oldest undelivered message in the outbox',
      registers,
      async collect() {
        const o = await readOutbox();
        if (o) this.set(o.oldestSeconds);
      },
    });
  }

  /** Counts one answered request under its route pattern (`unmatched` when no route took it). */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    const m = METHODS.has(method) ? method : 'OTHER';
    const r = route ?? 'unmatched';
    const key = `${m} ${status} ${r}`;
    let child = this.children.get(key);
    if (!child) {
      child = this.http.labels({ method: m, route: r, status_code: String(status) } as LabelValues<HttpLabels>);
      this.children.set(key, child);
    }
    child.observe(seconds);
  }

  metrics(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
