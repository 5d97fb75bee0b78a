/**
 * The request journal's writer: each turn of the event loop's rows in one transaction (before serve reads
 * its next request, so a client that got its answer finds its row; with a pool, by a pool thread). A
 * store that cannot take them (down, stalled, read-only, the login refused) does not lose them: they wait
 * in memory, in order, and go in with the next write, or on their own once a second, when the store takes
 * writes again: an answered request has its entry. Only beyond BACKLOG_MAX rows waiting, or when serve
 * stops with rows still waiting, are rows dropped: counted in /_svcctl/metrics
 * (svcctl_journal_unrecorded_total) and logged.
 */
import type { EmbeddedService, JournalRecord } from '../backends/embedded/index.js';
import type { Metrics } from './metrics.js';

/** Rows kept in memory while the store takes none; older ones are dropped beyond it. */
export const BACKLOG_MAX = 100_000;
const RETRY_MS = 1000;
/** How long an answer waits for its journal row's write; beyond it, the row is written after the answer. */
const JOURNAL_WAIT_MS = 1000;

export class JournalWriter {
  /** Rows of this turn of the event loop. */
  private turn: JournalRecord[] = [];
  /** Rows the store did not take yet, oldest first. */
  private backlog: JournalRecord[] = [];
  private retry?: NodeJS.Timeout;
  /** Rows recorded so far, and the number of each (afterReset: which were recorded before a reset). */
  private recorded = 0;
  private readonly numbers = new WeakMap<JournalRecord, number>();

  constructor(
    private readonly service: EmbeddedService,
    private readonly size: number,
    private readonly metrics: Metrics,
    private readonly log: (line: string) => void,
  ) {}

  /** Writes fail since the first one that did: logged once, and its end once. */
  private failing = false;

  /** Who waits for this turn's write (the requests whose answers wait for their rows). */
  private waiters: Array<() => void> = [];
  /** This turn's write, which every row of the turn waits for (one promise a turn, not one a request). */
  private turnWritten?: Promise<void>;
  /** The turn's write raced with JOURNAL_WAIT_MS (record): one timer a turn, not one a request. */
  private raced?: { of: Promise<void>; wait: Promise<void> };

  /**
   * One answered request's row; written at the end of this turn with the others. Resolves once the write
   * is done, or failed (the row then waits in memory): serve sends the answer after it, so that a client
   * that got its answer finds its row on any instance.
   */
  add(record: JournalRecord): Promise<void> {
    if (this.size <= 0) return Promise.resolve();
    this.numbers.set(record, ++this.recorded);
    this.turn.push(record);
    if (this.turn.length === 1 || !this.turnWritten) {
      setImmediate(() => this.flush());
      this.turnWritten = new Promise((resolve) => this.waiters.push(resolve));
    }
    return this.turnWritten;
  }

  /**
   * One answered request's row (an operation's or the registry's), before its answer is sent: resolves once
   * it is written (or kept in memory because the store took none), at most JOURNAL_WAIT_MS later.
   */
  record(record: JournalRecord): Promise<void> {
    const written = this.add(record);
    if (this.raced?.of !== written) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, JOURNAL_WAIT_MS);
      });
      this.raced = { of: written, wait: Promise.race([written, late]).finally(() => clearTimeout(timer)) };
    }
    return this.raced.wait;
  }

  /**
   * Writes the rows recorded so far now rather than at the end of this turn (on SQLite before it returns).
   * A reset calls it just before it runs (admin.ts, the library's reset()): serve on SQLite commits the writes
   * grouped in one turn of the event loop at its end and writes their rows at the end of the next, and a
   * reset in between saw them written after it, into the journal it had just emptied, for repositories it
   * had just deleted. Returns the mark of the rows recorded so far, for afterReset.
   */
  flushNow(): number {
    if (this.turn.length > 0) this.flush();
    return this.recorded;
  }

  /**
   * A reset that emptied the journal (of every account, or of one) is done: the rows recorded before it (`mark`,
   * flushNow's) that still wait for the store, which refused them (full, down), are of requests from before it,
   * and are dropped. Kept, they were written once the store took writes again, after the reset: the journal it
   * had emptied listed requests from before it (hostile pass 12c).
   */
  afterReset(mark: number, reset: { kind?: string; account?: string }): void {
    if (reset.kind !== undefined && reset.kind !== 'journal') return;
    const before = this.backlog.length;
    this.backlog = this.backlog.filter(
      (r) => (this.numbers.get(r) ?? 0) > mark || (reset.account !== undefined && r.account !== reset.account),
    );
    if (before > 0 && this.backlog.length === 0 && this.failing) {
      this.failing = false;
      this.log(`journal: the ${before} entries that waited for the store are dropped: a reset removed them`);
    }
  }

  /** Rows waiting for the store (metrics). */
  get pending(): number {
    return this.backlog.length;
  }

  /** This turn's rows and those waiting, in one write (several writes may be under way at once, with a pool). */
  private flush(): void {
    const all = this.backlog.length > 0 ? [...this.backlog, ...this.turn] : this.turn;
    const waiters = this.waiters;
    this.backlog = [];
    this.turn = [];
    this.waiters = [];
    this.turnWritten = undefined;
    const settle = () => {
      for (const w of waiters) w();
    };
    if (all.length === 0) return settle();
    const failed = (err: unknown) => {
      this.metrics.storeError();
      if (!this.failing)
        this.log(
          `journal: entries wait in memory for the store (they are written when it takes writes again): ${(err as Error).message}`,
        );
      this.failing = true;
      this.keep(all);
      settle();
    };
    const written = () => {
      settle();
      if (!this.failing || this.backlog.length > 0) return;
      this.failing = false;
      this.log('journal: the entries that waited for the store are recorded');
    };
    try {
      this.service.recordJournal(all, this.size).then(written, failed);
    } catch (err) {
      failed(err);
    }
  }

  private keep(records: JournalRecord[]): void {
    this.backlog = records.concat(this.backlog);
    const over = this.backlog.length - BACKLOG_MAX;
    if (over > 0) {
      this.backlog.splice(0, over);
      this.metrics.journalUnrecorded(over);
      this.log(`journal: ${over} entries dropped: more than ${BACKLOG_MAX} wait for the store`);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.turn.length === 0) this.flush();
    }, RETRY_MS);
    this.retry.unref();
  }

  /** serve stops: one last try for the rows still waiting; what the store does not take is counted and logged. */
  async stop(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
    await new Promise((resolve) => setImmediate(resolve));
    await this.service.journalWritten();
    const left = [...this.backlog, ...this.turn];
    this.backlog = [];
    this.turn = [];
    this.turnWritten = undefined;
    if (left.length === 0) return;
    try {
      await this.service.recordJournal(left, this.size);
    } catch (err) {
      this.metrics.journalUnrecorded(left.length);
      this.log(`journal: ${left.length} entries could not be recorded before serve stopped: ${(err as Error).message}`);
    }
  }
}
