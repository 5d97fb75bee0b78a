/**
 * `GET /_svcctl/metrics`: this serve process's counters in the Prometheus text format (version 0.0.4):
 * requests by protocol, operation and status, a latency histogram per operation, store errors, uptime.
 * Held in memory: each serve process counts its own requests, even when several share one store.
 */
import { VERSION } from '../core/version.js';

/** Upper bounds of the latency buckets, in seconds. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

/** A label value as the text format writes it: backslash, double quote and newline escaped. */
function label(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function seconds(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toFixed(6)));
}

export class Metrics {
  private readonly requests = new Map<string, number>();
  private readonly latency = new Map<string, Histogram>();
  private storeErrors = 0;
  private unrecorded = 0;
  /** The store incident under way: since when requests get 503, and how many have. */
  private incident?: { sinceMs: number; answered503: number; writesOnly: boolean };
  private incidents = 0;
  private lastRecoverySeconds = 0;
  private maxRecoverySeconds = 0;
  /** Journal rows waiting for the store (journal-writer.ts). */
  journalPending: () => number = () => 0;

  constructor(private readonly startedMs: number = Date.now()) {}

  /** One answered request of a protocol; `operation` is `-` when the request named none svcctl knows. */
  observe(protocol: string, operation: string, status: number, latencySeconds: number): void {
    const key = `protocol="${label(protocol)}",operation="${label(operation)}",status="${status}"`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    const hkey = `operation="${label(operation)}"`;
    let h = this.latency.get(hkey);
    if (!h) this.latency.set(hkey, (h = { counts: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 }));
    LATENCY_BUCKETS.forEach((b, i) => {
      if (latencySeconds <= b) h.counts[i]!++;
    });
    h.sum += latencySeconds;
    h.count++;
  }

  /** The store failed: a journal write, a readiness check, or an operation's SQL. */
  storeError(): void {
    this.storeErrors++;
  }

  /** Journal rows that could not be recorded (dropped: the store took none for too long, or serve stopped). */
  journalUnrecorded(n: number): void {
    this.unrecorded += n;
  }

  /**
   * A request answered 503 because of the store: true when this begins an incident (serve logs it once).
   * `writesOnly`: a write the store could not take (read-only, full, locked) while it still reads.
   */
  storeFailed(writesOnly = false, now = Date.now()): boolean {
    if (this.incident) {
      this.incident.answered503++;
      this.incident.writesOnly &&= writesOnly;
      return false;
    }
    this.incident = { sinceMs: now, answered503: 1, writesOnly };
    this.incidents++;
    return true;
  }

  /** Requests get 503 because of the store: an incident is under way. */
  get storeIncident(): boolean {
    return this.incident !== undefined;
  }

  /**
   * The store served a request: the incident under way, if any, is over (its length and 503s, for the log);
   * one of writes alone only when a write was served (a read proves nothing of them).
   */
  storeServed(write = true, now = Date.now()): { seconds: number; answered503: number } | undefined {
    const incident = this.incident;
    if (!incident || (incident.writesOnly && !write)) return undefined;
    this.incident = undefined;
    const seconds = (now - incident.sinceMs) / 1000;
    this.lastRecoverySeconds = seconds;
    this.maxRecoverySeconds = Math.max(this.maxRecoverySeconds, seconds);
    return { seconds, answered503: incident.answered503 };
  }

  uptimeSeconds(now = Date.now()): number {
    return (now - this.startedMs) / 1000;
  }

  /** @param pool serve --store-pool-size: its threads and the calls they have in flight */
  render(now = Date.now(), pool?: { threads: number; inFlight: number }): string {
    const lines: string[] = [
      '# HELP svcctl_build_info The running svcctl.',
      '# TYPE svcctl_build_info gauge',
      `svcctl_build_info{version="${label(VERSION)}"} 1`,
      '# HELP svcctl_uptime_seconds Seconds since this serve process started.',
      '# TYPE svcctl_uptime_seconds gauge',
      `svcctl_uptime_seconds ${seconds(this.uptimeSeconds(now))}`,
      '# HELP svcctl_requests_total Requests answered, by protocol, operation and HTTP status.',
      '# TYPE svcctl_requests_total counter',
      ...[...this.requests].sort().map(([k, n]) => `svcctl_requests_total{${k}} ${n}`),
      "# HELP svcctl_request_duration_seconds Time from a request's arrival to its answer, by operation.",
      '# TYPE svcctl_request_duration_seconds histogram',
    ];
    for (const [k, h] of [...this.latency].sort()) {
      LATENCY_BUCKETS.forEach((b, i) =>
        lines.push(`svcctl_request_duration_seconds_bucket{${k},le="${b}"} ${h.counts[i]}`),
      );
      lines.push(`svcctl_request_duration_seconds_bucket{${k},le="+Inf"} ${h.count}`);
      lines.push(`svcctl_request_duration_seconds_sum{${k}} ${seconds(h.sum)}`);
      lines.push(`svcctl_request_duration_seconds_count{${k}} ${h.count}`);
    }
    lines.push(
      '# HELP svcctl_store_errors_total Store failures: journal writes, readiness checks and operations whose SQL failed.',
      '# TYPE svcctl_store_errors_total counter',
      `svcctl_store_errors_total ${this.storeErrors}`,
      "# HELP svcctl_store_available 0 while requests get 503 because of the store (from the first such answer until the store serves again: a request, or serve's own check once a second), else 1.",
      '# TYPE svcctl_store_available gauge',
      `svcctl_store_available ${this.incident ? 0 : 1}`,
      '# HELP svcctl_store_incidents_total Times the store stopped serving requests (each logged once, with its end).',
      '# TYPE svcctl_store_incidents_total counter',
      `svcctl_store_incidents_total ${this.incidents}`,
      '# HELP svcctl_store_recovery_seconds From the first 503 of the last incident until the store served again (last, max).',
      '# TYPE svcctl_store_recovery_seconds gauge',
      `svcctl_store_recovery_seconds{of="last"} ${seconds(this.lastRecoverySeconds)}`,
      `svcctl_store_recovery_seconds{of="max"} ${seconds(this.maxRecoverySeconds)}`,
      '# HELP svcctl_journal_pending Journal entries of answered requests waiting for the store to take them.',
      '# TYPE svcctl_journal_pending gauge',
      `svcctl_journal_pending ${this.journalPending()}`,
      '# HELP svcctl_journal_unrecorded_total Journal entries of answered requests that could not be recorded.',
      '# TYPE svcctl_journal_unrecorded_total counter',
      `svcctl_journal_unrecorded_total ${this.unrecorded}`,
    );
    if (pool) {
      lines.push(
        '# HELP svcctl_store_pool_threads Threads that run operations, each on its own connection (--store-pool-size).',
        '# TYPE svcctl_store_pool_threads gauge',
        `svcctl_store_pool_threads ${pool.threads}`,
        "# HELP svcctl_store_pool_in_flight Operations handed to the pool's threads and not yet answered.",
        '# TYPE svcctl_store_pool_in_flight gauge',
        `svcctl_store_pool_in_flight ${pool.inFlight}`,
      );
    }
    return `${lines.join('\n')}\n`;
  }
}
