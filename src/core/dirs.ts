/**
 * Creating svcctl's home: only its last level, private (0700), inside a directory that exists. A missing
 * parent is not made (`HOME=/nonexistent/x` must not create `/nonexistent/x/.svcctl`, and a mistyped
 * SVCCTL_HOME must not grow a tree): a configuration error naming it (253), as is a path that cannot be
 * made. One non-recursive mkdir (Node's recursive one spins forever on some paths under /proc).
 */
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError, osErrorText } from './errors.js';

/** Makes `dir` (0700) when missing; `what` names it in the error (`svcctl's home (SVCCTL_HOME)`). */
export function makePrivateDir(dir: string, what: string): void {
  makePrivateDirIn(dir, what, (path) => mkdirSync(path, { mode: 0o700 }));
}

/**
 * What makePrivateDir would refuse, without making anything: `serve --print-env` opens nothing, and printed the
 * lines for a SVCCTL_HOME serve cannot make (hostile pass 18a). A parent this process may not write is refused
 * as the mkdir would be, with its errno.
 */
export function checkPrivateDir(dir: string, what: string): void {
  makePrivateDirIn(dir, what, (path) => accessSync(dirname(path), constants.W_OK));
}

function makePrivateDirIn(dir: string, what: string, make: (path: string) => void): void {
  const path = resolve(dir);
  if (existsSync(path)) return;
  const parent = dirname(path);
  if (!existsSync(parent)) {
    throw new ConfigError(
      `Unable to create ${what} ${path}: its parent directory ${parent} does not exist (svcctl makes only the last level). Create it, or set SVCCTL_HOME to a directory you can write.`,
    );
  }
  try {
    make(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw new ConfigError(
      `Unable to create ${what} ${path}: ${osErrorText(err as NodeJS.ErrnoException)}. Set SVCCTL_HOME to a directory you can write.`,
    );
  }
}
