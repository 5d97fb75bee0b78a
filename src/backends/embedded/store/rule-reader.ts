/**
 * serve on PostgreSQL: the fault rules' rows, read for each request on a connection of serve's main thread
 * (awaited, never blocking it), so that a request's fault rule is decided without a trip to a pool thread
 * that may be busy with a statement the database does not answer (issue 41, item 3). One index range scan
 * of `settings` (usually no row); the rules parsed from it are kept per generation (faults.ts
 * decideFromRows), so a rule set on any instance is seen by every instance on its next request.
 *
 * A database that does not answer costs the first reads their time-out; once reads have waited STUCK_MS
 * with none answered, and for BACKOFF_MS after a read timed out, the next ones are refused at once (503,
 * known not done), as the pool refuses calls (pool.ts).
 */
import type { Client } from 'pg';
import { StoreUnavailableError } from '../../../core/errors.js';
import { maskStoreUrl } from '../../store-url.js';
import { SELECT_RULES } from '../faults.js';

export interface RuleReaderOptions {
  url: string;
  connectTimeoutMs: number;
  queryTimeoutMs: number;
  /** How long a read may go unanswered before the next ones are refused at once (pool.ts STUCK_MS). */
  stuckMs: number;
  /** How long reads are refused at once after one timed out (pg-store.ts BACKOFF_MS). */
  backoffMs: number;
}

export type RuleRow = { name: string; value: string };

export class RuleReader {
  private client?: Promise<Client>;
  /** Reads sent and not yet answered: when each was sent. */
  private readonly waiting = new Map<number, number>();
  private next = 0;
  /** When a read was last answered. */
  private answeredMs = 0;
  private quietUntil = 0;
  private closed = false;

  constructor(private readonly opts: RuleReaderOptions) {}

  private unavailable(detail: string): StoreUnavailableError {
    return new StoreUnavailableError(
      `The store (PostgreSQL at ${maskStoreUrl(this.opts.url)}) is unavailable: ${detail}. Retry the request.`,
    );
  }

  private connect(): Promise<Client> {
    if (!this.client) {
      const made = (async () => {
        const pg = (await import('pg')).default;
        const c = new pg.Client({
          connectionString: this.opts.url,
          connectionTimeoutMillis: this.opts.connectTimeoutMs,
          query_timeout: this.opts.queryTimeoutMs,
          application_name: 'svcctl serve (fault rules)',
        });
        c.on('error', () => this.drop(made));
        try {
          await c.connect();
        } catch (err) {
          c.end().catch(() => {});
          throw err;
        }
        return c;
      })();
      this.client = made;
      made.catch(() => this.drop(made));
    }
    return this.client;
  }

  private drop(which: Promise<Client>): void {
    if (this.client !== which) return;
    this.client = undefined;
    which.then((c) => c.end().catch(() => {})).catch(() => {});
  }

  /** The rules' rows as the store holds them now, or a StoreUnavailableError (503). */
  async rows(): Promise<RuleRow[]> {
    const now = Date.now();
    if (now < this.quietUntil)
      throw this.unavailable(`a read timed out (not tried again for ${this.opts.backoffMs / 1000} s)`);
    // Stuck: reads wait, and none was answered for stuckMs (under load many wait, and answers keep coming).
    if (this.waiting.size > 0) {
      const since = Math.max(this.answeredMs, Math.min(...this.waiting.values()));
      if (now - since >= this.opts.stuckMs)
        throw this.unavailable(`the database did not answer for ${((now - since) / 1000).toFixed(1)} s`);
    }
    // One read at a time, shared (issue 42): a request takes the read sent after it came, never one already
    // on its way (that one may have missed a rule set since): with none under way, a read of its own; else the
    // next one, sent when the one under way ends, which every request that comes meanwhile shares. Under load
    // that is one read per round trip instead of one per request queued on the connection.
    if (!this.current) return this.start();
    this.queued ??= this.current
      .then(
        () => {},
        () => {},
      )
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    return this.queued;
  }

  /** The read under way, and the one that waits for it to end (shared by the requests that came meanwhile). */
  private current?: Promise<RuleRow[]>;
  private queued?: Promise<RuleRow[]>;

  private start(): Promise<RuleRow[]> {
    const read = this.readOnce();
    this.current = read;
    const done = () => {
      if (this.current === read) this.current = undefined;
    };
    read.then(done, done);
    return read;
  }

  private async readOnce(): Promise<RuleRow[]> {
    const id = ++this.next;
    this.waiting.set(id, Date.now());
    try {
      for (let attempt = 1; ; attempt++) {
        const reused = this.client !== undefined;
        const made = this.connect();
        try {
          const c = await made;
          const rows = (await c.query<RuleRow>(SELECT_RULES)).rows;
          this.answeredMs = Date.now();
          return rows;
        } catch (err) {
          // A kept connection the database cut (a restart, pg_terminate_backend): the read changed nothing,
          // so it is sent once more on a new one, as the operations' driver does (pg-worker.ts).
          const code = String((err as { code?: unknown }).code ?? '');
          const lost =
            /^(08|57P0)/.test(code) || /Connection terminated|ECONNRESET|EPIPE|not queryable/i.test(String(err));
          this.drop(made);
          if (!(reused && attempt === 1 && lost)) throw err;
        }
      }
    } catch (err) {
      if (this.closed) throw this.unavailable('serve is stopping');
      const message = err instanceof Error ? err.message : String(err);
      const code = (err as { code?: unknown }).code;
      if (/timeout|timed out/i.test(message)) this.quietUntil = Date.now() + this.opts.backoffMs;
      if (this.client) this.drop(this.client);
      // As the operations' driver words it (pg-worker.ts explain).
      throw this.unavailable(
        typeof code === 'string' && code.startsWith('28') ? `the database refused the login (${message})` : message,
      );
    } finally {
      this.waiting.delete(id);
    }
  }

  close(): void {
    this.closed = true;
    if (this.client) this.drop(this.client);
  }
}
