/**
 * Creating svcctl's home one level at a time (not Node's recursive mkdir, which spins forever on some
 * paths under /proc): each missing directory from the nearest existing parent down, private (0700). A
 * path that cannot be made is a configuration error naming it (253).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError, osErrorText } from './errors.js';

/** Makes `dir` (and its missing parents, 0700); `what` names it in the error (`svcctl's home (SVCCTL_HOME)`). */
export function makePrivateDir(dir: string, what: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d); d = dirname(d)) {
    missing.unshift(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing) {
    try {
      mkdirSync(d, { mode: 0o700 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new ConfigError(`Unable to create ${what} ${resolve(dir)}: ${osErrorText(err as NodeJS.ErrnoException)} (at ${d}). Set SVCCTL_HOME to a directory you can write.`);
    }
  }
}
