/**
 * The concurrency limit on account updates (spec 7, 8: `account_rate_limit_exceeded`, 429). An account
 * update is one account token creation or one account creation. Each holds a lease, a row of
 * `account_update_leases`, from before it does its work until it has answered; the leases of one account
 * and mode are counted in the store, so every process on the store (CLI calls, any number of
 * `svcctl serve`) shares one count. Taking a lease is one IMMEDIATE transaction (count, then insert), so
 * two processes cannot both take the last free place. With the limit at N, an update that finds N leases
 * is refused; 0 refuses every update; no limit (the default) refuses none.
 *
 * A lease left by a process that died mid-update lapses LEASE_GRACE_MS after its hold would have ended.
 * Leases run on the real clock (not the service's injectable one): they measure real overlap in time.
 */
import { randomUUID } from 'node:crypto';
import { waitAtLeast } from '../../core/wait.js';
import { stmt } from './store/statements.js';
import { type Database, withDeadline } from './store/db.js';
import { v2Error } from './handlers/stripe.js';

export const LEASE_GRACE_MS = 10_000;

export interface LeaseScope {
  accountId: string;
  livemode: boolean;
  /** undefined: no limit. */
  limit?: number;
  holdMs: number;
}

function rateLimited(limit: number) {
  return v2Error(
    429,
    'account_rate_limit_exceeded',
    `Too many concurrent updates to this account: its limit is ${limit} at a time. Retry after the updates in progress have finished.`,
    'rate_limit',
  );
}

/** Takes a lease or throws the 429; returns the lease id. */
export function takeLease(db: Database, scope: LeaseScope): string {
  const now = Date.now();
  const id = randomUUID();
  db.transaction(
    () => {
      stmt(db, 'DELETE FROM account_update_leases WHERE expires_ms <= ?').run(now);
      if (scope.limit !== undefined) {
        const { n } = stmt(
          db,
          'SELECT count(*) AS n FROM account_update_leases WHERE account_id = ? AND livemode = ?',
        ).get(scope.accountId, scope.livemode ? 1 : 0) as { n: number };
        if (n >= scope.limit) throw rateLimited(scope.limit);
      }
      stmt(
        db,
        'INSERT INTO account_update_leases (id, account_id, livemode, pid, expires_ms) VALUES (?, ?, ?, ?, ?)',
      ).run(id, scope.accountId, scope.livemode ? 1 : 0, process.pid, now + scope.holdMs + LEASE_GRACE_MS);
    },
    'serializable',
    { bookkeeping: true },
  ).immediate();
  return id;
}

/**
 * A read of the account (retrieving an account token or an account, where Stripe's schema lists the 429
 * too): refused while the account's updates fill its limit, but it takes no place itself, so reads never
 * hold updates back. A limit of 0 refuses every read.
 */
export function checkCapacity(db: Database, scope: LeaseScope): void {
  if (scope.limit === undefined) return;
  const { n } = stmt(
    db,
    'SELECT count(*) AS n FROM account_update_leases WHERE account_id = ? AND livemode = ? AND expires_ms > ?',
  ).get(scope.accountId, scope.livemode ? 1 : 0, Date.now()) as { n: number };
  if (n >= scope.limit) throw rateLimited(scope.limit);
}

export function releaseLease(db: Database, id: string): void {
  db.transaction(() => stmt(db, 'DELETE FROM account_update_leases WHERE id = ?').run(id), 'read committed', {
    bookkeeping: true,
  })();
}

/** The holds under way on each store connection: a reset or serve's stop ends them (endHolds). */
const holds = new WeakMap<Database, Set<AbortController>>();

/**
 * A reset (of anything but the journal) or serve's stop ends every hold under way on this connection: their
 * updates are not done (a reset leaves nothing from before it; close() does not wait out a hold of 60 s).
 */
export function endHolds(db: Database): void {
  for (const hold of holds.get(db) ?? []) hold.abort();
}

/** Waits the hold: false when a reset or serve's stop ended it. */
async function hold(db: Database, ms: number): Promise<boolean> {
  const cut = new AbortController();
  let mine = holds.get(db);
  if (!mine) holds.set(db, (mine = new Set()));
  mine.add(cut);
  try {
    return await waitAtLeast(ms, cut.signal);
  } finally {
    mine.delete(cut);
  }
}

/**
 * An update whose hold a reset ended (here, or in another process or thread on the store: the reset deleted
 * its lease) or serve's stop: nothing was done. serve drops its request, as a latency fault's.
 */
export const HOLD_ENDED = 'store_reset';

function holdEnded(): Error {
  return v2Error(
    503,
    HOLD_ENDED,
    'The store was reset, or serve stopped, while this account update held its lease (account_update_hold_ms): nothing was done.',
    'api_error',
  );
}

/**
 * Runs one account update under a lease: takes it (within `deadlineMs`, the request's time for the store:
 * db.ts withDeadline), waits the hold (not counted against it), does the work, then gives the lease back.
 * A hold that a reset or serve's stop ended, or whose lease a reset deleted meanwhile, does no work.
 * The work's outcome is the answer: a lease that cannot be given back (the store stopped answering, or
 * the request's time is spent) lapses by itself (LEASE_GRACE_MS after its hold), and never turns a done
 * update into an error, nor the work's own error into another (issue 41).
 */
export async function underLease<T>(db: Database, scope: LeaseScope, work: () => T, deadlineMs?: number): Promise<T> {
  const id = withDeadline(db, deadlineMs, () => takeLease(db, scope));
  const after = deadlineMs === undefined ? undefined : deadlineMs + scope.holdMs;
  try {
    if (scope.holdMs > 0) {
      if (!(await hold(db, scope.holdMs))) throw holdEnded();
      const kept = withDeadline(db, after, () =>
        stmt(db, 'SELECT 1 AS kept FROM account_update_leases WHERE id = ?').get(id),
      );
      if (kept === undefined) throw holdEnded();
    }
    return withDeadline(db, after, work);
  } finally {
    try {
      withDeadline(db, after, () => releaseLease(db, id));
    } catch {
      // lapses by itself
    }
  }
}
