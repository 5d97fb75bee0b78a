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

/**
 * Runs one account update under a lease: takes it (within `deadlineMs`, the request's time for the store:
 * db.ts withDeadline), waits the hold (not counted against it), does the work, then gives the lease back.
 * The work's outcome is the answer: a lease that cannot be given back (the store stopped answering, or
 * the request's time is spent) lapses by itself (LEASE_GRACE_MS after its hold), and never turns a done
 * update into an error, nor the work's own error into another (issue 41).
 */
export async function underLease<T>(db: Database, scope: LeaseScope, work: () => T, deadlineMs?: number): Promise<T> {
  const id = withDeadline(db, deadlineMs, () => takeLease(db, scope));
  const after = deadlineMs === undefined ? undefined : deadlineMs + scope.holdMs;
  try {
    if (scope.holdMs > 0) await new Promise((resolve) => setTimeout(resolve, scope.holdMs));
    return withDeadline(db, after, work);
  } finally {
    try {
      withDeadline(db, after, () => releaseLease(db, id));
    } catch {
      // lapses by itself
    }
  }
}
