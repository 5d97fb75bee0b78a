/**
 * A blob's bytes into a SQLite file without the checkpoints on serve's main thread (issue 45's push
 * benchmark). In WAL mode each write is appended to the -wal file, and SQLite's automatic checkpoint (every
 * 1,000 pages, on the commit that crosses them) copies it into the database file and syncs both: for a
 * 256 MiB layer that is 64 checkpoints, most of the push's time, during which serve reads nothing from the
 * socket. Here the registry's writes of bytes (registry-store.ts's runServedRegistry: a push to serve's
 * registry, not the API's layer operations, which the CLI runs too) run with the connection's automatic
 * checkpoint off, and a thread of its own, on its own connection to the same file, runs PASSIVE checkpoints
 * every NUDGE_BYTES appended and at the end of each request's body: the copy and the syncs overlap the next
 * pieces' reads and appends, and the client's next request. A PASSIVE checkpoint takes no lock a writer or a reader waits for, and is crash-safe as SQLite's own
 * (a kill -9 in the middle loses nothing committed). Every other write keeps the automatic checkpoint, which
 * also catches up on whatever this thread has not copied yet.
 *
 * One thread per open SQLite file that the registry wrote bytes to, started at its first piece and stopped
 * when the store closes (embedded.ts's close). Not for the in-memory store (no WAL) or PostgreSQL.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database } from './db.js';

/** The connection's automatic checkpoint (pages), SQLite's default, restored after each write of bytes. */
const AUTO_CHECKPOINT_PAGES = 1000;

/**
 * While a push appends faster than the thread copies, the WAL grows (it starts over only once all of it is
 * copied); SQLite keeps the file at its largest unless told otherwise. With this limit the first write after
 * it starts over cuts the file back (journal_size_limit).
 */
const WAL_KEPT_BYTES = 64 * 1024 * 1024;

/**
 * How much a push appends before the thread is nudged: each checkpoint syncs the WAL and the database file,
 * and a sync per piece would cost more than the copy; at the end of a request's body the thread copies the
 * rest (`end`).
 */
const NUDGE_BYTES = 32 * 1024 * 1024;
/** The same, in the WAL's frames (a page each, 4 KiB): what a checkpoint of a nudge leaves for the next. */
const NUDGE_FRAMES = NUDGE_BYTES / 4096;

/**
 * The thread: on `go`, checkpoints (PASSIVE) while more than a nudge's worth is left; on `end`, until nothing
 * is. CommonJS, run by `eval` so that
 * both builds and the tests start the same code without a file of its own in dist/.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, workerData.binding ? { nativeBinding: workerData.binding } : {});
const busy = new Int32Array(workerData.flag);
parentPort.on('message', (m) => {
  if (m === 'close') {
    try {
      db.close();
    } finally {
      Atomics.store(busy, 1, 1);
      Atomics.notify(busy, 1);
      parentPort.close();
    }
    return;
  }
  const leave = m === 'end' ? 0 : workerData.nudgeFrames;
  try {
    for (let copied = -1; ; ) {
      const r = db.pragma('wal_checkpoint(PASSIVE)')[0];
      // Done when what is left is the next nudge's, or when nothing more could be copied (another checkpoint
      // holds the lock, or a reader keeps the rest): the next nudge tries again.
      if (r.busy || r.log - r.checkpointed <= leave || r.checkpointed === copied) break;
      copied = r.checkpointed;
    }
  } catch {
    // The main connection's automatic checkpoint copies what this one could not.
  } finally {
    if (m === 'go') Atomics.store(busy, 0, 0);
  }
});
`;

interface Checkpointer {
  worker: Worker;
  /** Bytes appended since the last nudge. */
  appended: number;
  /** [0]: 1 while the thread checkpoints on a nudge or has one coming (no other is sent); [1]: 1 once it closed. */
  busy: Int32Array;
}

/** How long a store's close waits for the thread to close its connection first. */
const CLOSE_WAIT_MS = 5000;

const threads = new WeakMap<Database, Checkpointer | null>();

type SqliteHandle = Database & {
  name: string;
  memory: boolean;
  readonly: boolean;
  pragma(source: string, options?: { simple: true }): unknown;
};

function start(db: SqliteHandle): Checkpointer | null {
  if ((db as { kind?: string }).kind === 'postgres' || db.memory || db.readonly) return null;
  const require = createRequire(import.meta.url);
  let binding: string | undefined;
  try {
    binding = require.resolve('better-sqlite3/build/Release/better_sqlite3.node');
  } catch {
    binding = undefined;
  }
  const flag = new SharedArrayBuffer(8);
  const busy = new Int32Array(flag);
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { module: require.resolve('better-sqlite3'), file: db.name, binding, flag, nudgeFrames: NUDGE_FRAMES },
  });
  // Never what keeps a process alive; a thread that fails leaves the automatic checkpoint to do the work.
  worker.unref();
  db.pragma(`journal_size_limit = ${WAL_KEPT_BYTES}`);
  const gone = () => {
    // Its connection is closed (or never opened): a store's close must not wait for it.
    Atomics.store(busy, 1, 1);
    if (threads.get(db)?.worker === worker) threads.set(db, null);
  };
  worker.on('error', gone);
  worker.on('exit', gone);
  return { worker, busy, appended: 0 };
}

/**
 * Runs `write` (the registry's write of `bytes` bytes; 0: the end of a request's body) with the connection's
 * automatic checkpoint off, then has the thread copy the WAL into the database file: every NUDGE_BYTES
 * (unless it is still copying), and all of it at the end of a body. On a store with no such thread, runs
 * `write` as it is.
 */
export function withBackgroundCheckpoint<T>(db: Database, bytes: number, write: () => T): T {
  const sqlite = db as SqliteHandle;
  let ck = threads.get(db);
  if (ck === undefined) {
    ck = start(sqlite);
    threads.set(db, ck);
  }
  if (ck === null) return write();
  sqlite.pragma('wal_autocheckpoint = 0');
  try {
    return write();
  } finally {
    sqlite.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
    ck.appended += bytes;
    if (bytes === 0) {
      ck.appended = 0;
      ck.worker.postMessage('end');
    } else if (ck.appended >= NUDGE_BYTES && Atomics.compareExchange(ck.busy, 0, 0, 1) === 0) {
      ck.appended = 0;
      ck.worker.postMessage('go');
    }
  }
}

/**
 * Stops the thread of this store, if it has one, before the store closes: its connection closes first (after
 * the checkpoint under way, if any), so that the store's own close is the last one and SQLite removes the
 * -wal file as it does without the thread.
 */
export function stopCheckpointer(db: Database): void {
  const ck = threads.get(db);
  threads.delete(db);
  if (!ck) return;
  ck.worker.postMessage('close');
  Atomics.wait(ck.busy, 1, 0, CLOSE_WAIT_MS);
}
