/**
 * svcctl's own config file, `$SVCCTL_HOME/config`: read on demand (one small file, no parser library)
 * and written atomically with mode 0600 in a directory created with mode 0700.
 */
import { makePrivateDir } from '../core/dirs.js';
import {
  chmodSync,
  closeSync,
  existsSync,
  linkSync,
  lstatSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { nonRegularKind, svcctlHome, type ProcessContext, writeTarget } from '../core/context.js';
import { ConfigTextError, decodeConfigText, readConfigBytes } from '../core/config-text.js';
import { ConfigError, InputError, osErrorText } from '../core/errors.js';
import { echoPath } from '../core/input-rules.js';
import { firstCharacterAt } from '../models/secrets.js';
import { IniSyntaxError, parseProfiles, setValue, type Profiles } from './ini.js';
import { configKeyOf } from '../models/config-keys.js';

export function configPath(ctx: Pick<ProcessContext, 'env' | 'home'>): string {
  return join(svcctlHome(ctx), 'config');
}

/** The file's text (core/config-text.ts: strict UTF-8); empty when it does not exist. */
export function readConfigText(path: string): string {
  let bytes: Buffer;
  // A FIFO is refused at once, as a directory is: opened, it waits for a writer, and every command with it.
  let fifo = false;
  try {
    fifo = statSync(path).isFIFO();
  } catch {
    // Missing or unreadable: said below, as the read finds it.
  }
  if (fifo)
    throw new ConfigError(
      `Unable to read the config file (${echoPath(path)}): it is a FIFO (named pipe), not a regular file`,
    );
  try {
    bytes = readConfigBytes(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw new ConfigError(
      `Unable to read the config file (${echoPath(path)}): ${osErrorText(err as NodeJS.ErrnoException)}`,
    );
  }
  try {
    return decodeConfigText(bytes);
  } catch (err) {
    if (err instanceof ConfigTextError) throw new ConfigError(`Unable to parse config file: ${path}, ${err.message}`);
    throw err;
  }
}

/** The profiles of a config file; a line the file cannot hold is a configuration error naming it (253). */
export function readProfiles(path: string): Profiles {
  try {
    return parseProfiles(readConfigText(path));
  } catch (err) {
    if (err instanceof IniSyntaxError) throw new ConfigError(`Unable to parse config file: ${path}, ${err.message}`);
    throw err;
  }
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * What may go into the INI file: a value or profile name with a newline would write another line (a key
 * the user never set, a new section), and `]` in a profile name would end its section header early.
 */
function checkWritable(profile: string, key: string, value: string): void {
  if (CONTROL.test(profile) || /[[\]]/.test(profile)) {
    throw new InputError(
      `Invalid profile name ${JSON.stringify(profile)}: a profile name cannot hold '[', ']' or control characters (such as a newline).`,
    );
  }
  // The reader trims a section header's name: ` x` would be written as a new section each time, next to the
  // `[profile  x]` it cannot find, and the file would then be refused for its repeated section.
  if (profile.trim() === '' || profile.trim() !== profile) {
    throw new InputError(
      `Invalid profile name ${JSON.stringify(profile)}: a profile name cannot be empty, nor begin or end with white space.`,
    );
  }
  if (!CONTROL.test(value)) return;
  // A key pasted from a web page often brings a stray control character: the error says where, never what (models/secrets.ts).
  if (configKeyOf(key)?.secret)
    throw new InputError(
      `Invalid value for ${key}: ${firstCharacterAt(value, (ch) => CONTROL.test(ch))}, a control character, which the config file cannot hold (the value is a secret and is not shown).`,
    );
  throw new InputError(
    `Invalid value for ${key}: ${JSON.stringify(value)} holds control characters (such as a newline), which the config file cannot hold.`,
  );
}

/** How long a `configure set` waits for another one to finish its edit (it holds the lock for milliseconds). */
const LOCK_WAIT_MS = 10_000;

/** The text of a dead holder's lock (its pid, or what an older svcctl left), or undefined while it lives. */
function deadHolder(lock: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(lock, 'utf8');
  } catch {
    return undefined; // gone already: try again
  }
  const pid = Number(text);
  // A lock appears whole (withLock links it in with its pid): one holding no pid was left by a run killed
  // while an older svcctl wrote it, and is nobody's.
  if (!Number.isInteger(pid) || pid <= 0) return text;
  try {
    process.kill(pid, 0);
    return undefined;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? undefined : text;
  }
}

/**
 * Removes the lock that `deadHolder` found holding `dead`, if it still is that lock. Two waiters can both
 * find the same dead holder: removed by name, the second removed the lock the first had taken by then, and
 * a profile was lost. So the taker first links the lock to `<lock>.takeover` (EEXIST while another waiter
 * takes over: it waits, as for a live holder), and removes the lock only if that link, the lock as it is
 * now, still holds the dead holder's text. While the link exists no other waiter removes the lock, so the
 * lock removed is the one read. False when another waiter holds the link: the caller waits.
 */
export function takeOverStaleLock(lock: string, dead: string): boolean {
  const marker = `${lock}.takeover`;
  try {
    linkSync(lock, marker);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false; // another waiter is taking it over (or a killed one's link is left)
    if (code === 'ENOENT') return true; // gone already: try again at once
    throw new ConfigError(
      `Unable to lock the config file (${echoPath(lock)}): ${osErrorText(err as NodeJS.ErrnoException)}`,
    );
  }
  try {
    if (readFileSync(marker, 'utf8') === dead) rmSync(lock, { force: true });
  } finally {
    rmSync(marker, { force: true });
  }
  return true;
}

/**
 * Runs `edit` holding `<path>.lock` (created exclusively, holding the holder's pid), so that parallel
 * `configure set` runs each read the file the previous one wrote: without it, twelve at once kept ten
 * profiles. A lock whose holder has died is taken over.
 */
function isSymbolicLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false; // gone since: the next try links the lock
  }
}

function withLock<T>(path: string, edit: () => T): T {
  const lock = `${path}.lock`;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const until = Date.now() + LOCK_WAIT_MS;
  // The lock appears whole, holder's pid in it: written beside it, then linked to its name (EEXIST when
  // held). Opened under its name and then written, a run killed (or out of disk space) between the two
  // left an empty lock that no later run could tell from one being written: each waited 10 s and failed.
  const mine = `${lock}.${process.pid}`;
  try {
    const fd = openSync(mine, 'w', 0o600);
    try {
      writeSync(fd, String(process.pid));
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    rmSync(mine, { force: true });
    throw new ConfigError(
      `Unable to lock the config file (${echoPath(lock)}): ${osErrorText(err as NodeJS.ErrnoException)}`,
    );
  }
  for (;;) {
    try {
      linkSync(mine, lock);
      rmSync(mine, { force: true });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        rmSync(mine, { force: true });
        throw new ConfigError(
          `Unable to lock the config file (${echoPath(lock)}): ${osErrorText(err as NodeJS.ErrnoException)}`,
        );
      }
      // Tried again at once only after a takeover was made: one another waiter makes (or a killed taker's
      // link left in place) waits as for a live holder, its deadline and pause kept, or the loop spun for ever.
      // The lock is read for its holder's pid: one that is not a regular file (a FIFO put there) would block the
      // read for ever, the lock's deadline never reached (hostile pass 16a).
      // svcctl's lock is a hard link: a symbolic link there is none of its own (a loop of links was taken for a
      // live holder, waited for 10 s and called 'held by another svcctl': hostile pass 17c).
      const kind = isSymbolicLink(lock) ? 'a symbolic link' : nonRegularKind(lock, true);
      if (kind !== undefined) {
        rmSync(mine, { force: true });
        throw new ConfigError(
          `Unable to lock the config file (${echoPath(lock)}): it is ${kind}, not a lock svcctl makes. Remove it if no svcctl is running.`,
        );
      }
      const dead = deadHolder(lock);
      if (dead !== undefined && takeOverStaleLock(lock, dead)) continue;
      if (Date.now() > until) {
        rmSync(mine, { force: true });
        // A taker killed between its two steps leaves `<lock>.takeover`: named too, as the user removes both.
        const marker = existsSync(`${lock}.takeover`) ? ` (and ${lock}.takeover)` : '';
        throw new ConfigError(
          `Unable to lock the config file (${echoPath(lock)}): another svcctl has held it for ${LOCK_WAIT_MS / 1000} s. Remove the file${marker} if no svcctl is running.`,
        );
      }
      Atomics.wait(pause, 0, 0, 5 + Math.random() * 10);
    }
  }
  try {
    return edit();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * Sets one key of one profile, keeping the rest of the file as it was: read, changed and replaced whole
 * (rename) under the file's lock. A write that fails leaves the file as it was and no temporary file.
 */
export function writeConfigValue(path: string, profile: string, key: string, value: string): void {
  checkWritable(profile, key, value);
  // The file is replaced whole (rename): never a device or a FIFO that the path, or a symbolic link, names (as
  // root, a link to /dev/null replaced the device with a regular file; a FIFO's read blocked).
  // (A directory is refused by the read below, in the words every reader of the file uses.)
  const kind = nonRegularKind(path, true);
  if (kind !== undefined && kind !== 'a directory')
    throw new ConfigError(`Unable to write the config file (${echoPath(path)}): it is ${kind}, not a regular file.`);
  readProfiles(path); // a file it cannot read is not edited: the error names the line to fix
  makePrivateDir(dirname(path), "svcctl's home (SVCCTL_HOME)"); // its own error names the directory
  withLock(path, () => {
    readProfiles(path); // read again under the lock: another run may have changed it
    const text = setValue(readConfigText(path), profile, key, value);
    // A symbolic link (a dotfiles checkout) stays one: the file it names is replaced, as `aws configure set`
    // writes through it.
    const target = writeTarget(path);
    const tmp = `${target}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, text, { mode: 0o600 });
      chmodSync(tmp, 0o600);
      renameSync(tmp, target);
    } catch (err) {
      rmSync(tmp, { force: true });
      throw new ConfigError(
        `Unable to write the config file (${echoPath(path)}): ${osErrorText(err as NodeJS.ErrnoException)}`,
      );
    }
  });
}
