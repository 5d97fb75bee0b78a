/**
 * What a SQLite store's file must be, and how an error names another store to use: apart from sqlite-store.ts,
 * which loads better-sqlite3 and its types, so that serve's start (and with it the library's declarations) can
 * ask it without them.
 */
import { nonRegularKind } from '../../../core/context.js';
import { ConfigError } from '../../../core/errors.js';
import type { StoreNaming } from './db.js';

/** "…, or <this>.": another store, named as this one was; `filesystem`: on another filesystem. */
export function otherStore(naming: StoreNaming, filesystem = false): string {
  if (naming === 'path') return `give --store ${filesystem ? 'a file on another filesystem' : 'another file'}`;
  return `set SVCCTL_HOME to ${filesystem ? 'a directory on another filesystem' : 'another directory'}`;
}

export const moveAway = (naming: StoreNaming) => `Move it away, or ${otherStore(naming)}.`;

/**
 * A store file is a regular file, or none yet. Never a device, a FIFO or a socket: opening one to make it 0600
 * blocked (a FIFO), or, as root, changed /dev/null's mode for every user (hostile pass 15). Asked at open and by
 * `serve --print-env`, which opens nothing but refuses what serve would (hostile pass 16a).
 */
export function checkStoreFile(file: string, naming: StoreNaming = 'path'): void {
  const kind = nonRegularKind(file, true);
  if (kind !== undefined)
    throw new ConfigError(`The store ${file} is ${kind}, not a database file. ${moveAway(naming)}`);
}
