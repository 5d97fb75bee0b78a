/**
 * What a SQLite store's file must be, and how an error names another store to use: apart from sqlite-store.ts,
 * which loads better-sqlite3 and its types, so that serve's start (and with it the library's declarations) can
 * ask it without them.
 */
import { accessSync, constants, existsSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { givenPath, nonRegularKind, writeTarget } from '../../../core/context.js';
import { ConfigError } from '../../../core/errors.js';
import type { StoreNaming } from './db.js';

/** Where the store lives in $SVCCTL_HOME. */
export function storePath(home: string): string {
  return join(home, 'state.db');
}

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
  // A loop of symbolic links: SQLite's open failed blaming the directory, a read took it for no store yet, and
  // serve --print-env passed it (hostile pass 17c).
  try {
    statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP')
      throw new ConfigError(
        `The store ${file} is a loop of symbolic links ([Errno 40] Too many levels of symbolic links), not a database file. ${moveAway(naming)}`,
      );
  }
  const kind = nonRegularKind(file, true);
  if (kind !== undefined)
    throw new ConfigError(`The store ${file} is ${kind}, not a database file. ${moveAway(naming)}`);
  // A symbolic link to a file in a directory that is not there: SQLite's open failed, and the error blamed the
  // link's directory (SVCCTL_HOME), which was there and writable (hostile pass 17c; serve's --store says so too).
  const target = writeTarget(file);
  if (target !== file && !existsSync(dirname(target)))
    throw new ConfigError(
      `The store ${file} is a symbolic link to ${target}, in a directory that does not exist (svcctl makes the file, not its directory). ${moveAway(naming)}`,
    );
}

/**
 * Which of svcctl's own files a write at `given` (a path as the user gave it, from `cwd`) replaces, through links
 * or another name of the same file: its config file, else one of the SQLite `stores` or a file SQLite keeps beside
 * it. `store export --file` and `serve --write-env` refuse it: given the store or the config, they replaced it with
 * their text, exit 0, and serve removed it at stop (hostile pass 18a). A path that names no file is none (the
 * write says why).
 */
export function ownFileAt(
  cwd: string,
  given: string,
  config: string,
  stores: readonly string[],
): { kind: 'config' | 'store'; file: string } | undefined {
  let path: string;
  try {
    path = givenPath(cwd, given);
  } catch {
    return undefined;
  }
  if (replacesStore(path, config, false)) return { kind: 'config', file: config };
  const store = stores.find((f) => replacesStore(path, f));
  return store === undefined ? undefined : { kind: 'store', file: store };
}

/**
 * Whether a file written at `path` replaces `file` or (`sidecars`) a file SQLite keeps beside it (-wal,
 * -shm, -journal), through links or another name of the same file.
 */
function replacesStore(path: string, file: string, sidecars = true): boolean {
  if (path === '') return false;
  try {
    const a = statSync(path);
    const b = statSync(file);
    if (a.dev === b.dev && a.ino === b.ino) return true;
  } catch {
    // one is not there (yet), or a loop: by its path
  }
  const where = (file: string): string => {
    let target = file;
    try {
      target = writeTarget(file);
    } catch {
      // a loop of links: its own name
    }
    try {
      return join(realpathSync(dirname(target)), basename(target));
    } catch {
      return resolve(target);
    }
  };
  const target = where(path);
  const store = where(file);
  return (sidecars ? ['', '-wal', '-shm', '-journal'] : ['']).some((sidecar) => target === `${store}${sidecar}`);
}

/** A store file that is not there yet, in a directory this process may not write: SQLite cannot make it. */
export function cannotCreate(file: string, naming: StoreNaming): ConfigError {
  return new ConfigError(
    naming === 'home'
      ? `Unable to create the store ${file}: SVCCTL_HOME (${dirname(file)}) is not writable by you. Set SVCCTL_HOME to a directory you can write.`
      : `Unable to create the store ${file}: its directory ${dirname(file)} is not writable by you. Give --store a file in a directory you can write.`,
  );
}

/**
 * A store serve is to make must be one it can make: asked by `serve --print-env`, which opens nothing, so that
 * it refuses what serve's open refuses (it printed the lines, exit 0; hostile pass 18a). A directory not there
 * yet is svcctl's to make (SVCCTL_HOME) or refused before (--store).
 */
export function checkCreatable(file: string, naming: StoreNaming): void {
  const dir = dirname(file);
  if (existsSync(file) || !existsSync(dir)) return;
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw cannotCreate(file, naming);
  }
}
