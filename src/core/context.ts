/** Everything a command may touch of the outside world, injected so tests run the whole CLI in-process. */
import { randomBytes, randomUUID } from 'node:crypto';
import { lstatSync, readFileSync, readlinkSync, realpathSync, type Stats, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { ConfigError } from './errors.js';
import { echoBare, echoText } from './input-rules.js';

export interface OutStream {
  write(chunk: string | Uint8Array): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * Standard input. Prompting needs a terminal (`isTTY`) that is a readable stream (`on`: process.stdin,
 * or a PassThrough in tests); `setRawMode` when it is a real terminal (line editing).
 */
export interface InStream {
  isTTY?: boolean;
  on?(event: string, listener: (...args: any[]) => void): unknown;
  setRawMode?(mode: boolean): unknown;
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new id with the given prefix (`accttok_` ...). */
  id(prefix: string): string;
  uuid(): string;
}

export interface ProcessContext {
  stdout: OutStream;
  stderr: OutStream;
  stdin: InStream;
  env: Record<string, string | undefined>;
  cwd: string;
  home: string;
  clock: Clock;
  ids: IdGenerator;
  /** Aborted on SIGINT: long operations stop and the command exits 130. */
  signal?: AbortSignal;
  /**
   * Set by a command once its work is done for good and reported (a store import committed and said so): a
   * Ctrl-C that came meanwhile, too late to stop it, then leaves its exit code instead of making it 130.
   */
  finished?: boolean;
}

export const systemClock: Clock = { now: () => new Date() };

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const randomIds: IdGenerator = {
  id(prefix: string): string {
    const bytes = randomBytes(24);
    let s = '';
    for (const b of bytes) s += ALPHABET[b % 62];
    return prefix + s;
  },
  uuid: () => randomUUID(),
};

/**
 * Whether svcctl can ask a person something (--cli-auto-prompt, service reset's question): standard input
 * and standard output both a terminal. The question and readline's line editing go to standard output, so
 * output sent to a file or a pipe would carry them (and the person would see no question).
 */
export function canAsk(ctx: Pick<ProcessContext, 'stdin' | 'stdout'>): boolean {
  return ctx.stdin.isTTY === true && ctx.stdout.isTTY === true && typeof ctx.stdin.on === 'function';
}

/**
 * The home directory, `~`, as Python's os.path.expanduser reads it (the AWS CLI's `~/.aws/config`): $HOME when set
 * (else the account's, as homedir() gives it), its trailing slashes dropped, and an empty one the root
 * (`~/.aws/config` is /.aws/config). node's homedir() gave '' for HOME='', and `~/.aws/config` became the working directory's
 * .aws/config (hostile pass 16a).
 */
export function homeOf(home: string): string {
  return home.replace(/\/+$/, '') || '/';
}

/**
 * Python's os.path.expandvars, as the AWS CLI expands a path it is given (AWS_CONFIG_FILE, a `file://`
 * parameter): `$NAME` and `${NAME}` are the variable's value; one that is not set is left as it is.
 */
export function expandVars(path: string, env: Record<string, string | undefined>): string {
  return path.replace(/\$(\w+|\{[^}]*\})/g, (whole: string, name: string) => {
    const value = env[name.startsWith('{') ? name.slice(1, -1) : name];
    return value === undefined ? whole : value;
  });
}

/**
 * Python's os.path.expanduser, as the AWS CLI expands a path it is given (AWS_CONFIG_FILE, a `file://`
 * parameter): `~` and `~/…` are `home` and what follows; `~NAME` and `~NAME/…` the home directory of the account
 * NAME (pwd.getpwnam: the current account's as node knows it, else its line of /etc/passwd); each home without its
 * trailing slashes, and the root for an empty result. A NAME that names no account, and any path not starting
 * with `~`, is left as it is.
 */
export function expandUser(path: string, home: string): string {
  if (!path.startsWith('~')) return path;
  const slash = path.indexOf('/', 1);
  const end = slash < 0 ? path.length : slash;
  const name = path.slice(1, end);
  const dir = name === '' ? home : accountHome(name);
  if (dir === undefined) return path;
  return dir.replace(/\/+$/, '') + path.slice(end) || '/';
}

/** The home directory of the account NAME, or undefined where there is no such account. */
function accountHome(name: string): string | undefined {
  try {
    const me = userInfo();
    if (me.username === name) return me.homedir;
  } catch {
    // no entry for the current account: the file below is all there is
  }
  let text: string;
  try {
    text = readFileSync('/etc/passwd', 'utf8');
  } catch {
    return undefined;
  }
  for (const line of text.split('\n')) {
    const fields = line.split(':');
    if (fields.length >= 7 && fields[0] === name) return fields[5];
  }
  return undefined;
}

/**
 * `$SVCCTL_HOME`, default `~/.svcctl`. A relative SVCCTL_HOME is refused (253): read against each working
 * directory, it would give every directory a store of its own (issue 34, item 4); so is the default under a
 * relative HOME.
 */
export function svcctlHome(ctx: Pick<ProcessContext, 'env' | 'home'>): string {
  const home = ctx.env.SVCCTL_HOME;
  if (!home) {
    if (!isAbsolute(ctx.home))
      throw new ConfigError(
        `HOME must be an absolute path for the store in ~/.svcctl, not ${echoText(ctx.home)}: a relative one would name another store in each working directory. Set SVCCTL_HOME to the store's directory (an absolute path).`,
      );
    return join(ctx.home, '.svcctl');
  }
  if (!isAbsolute(home)) {
    throw new ConfigError(
      `SVCCTL_HOME must be an absolute path, not ${echoText(home)}: a relative one would name another store in each working directory. Set it to "$PWD/${echoBare(home)}" for this directory's.`,
    );
  }
  return home;
}

/** The account the embedded service acts as when none is configured (`SVCCTL_ACCOUNT_ID`). */
export const DEFAULT_ACCOUNT_ID = '000000000000';

/**
 * The embedded service's account: `SVCCTL_ACCOUNT_ID`, or the default. It becomes every row's owner and
 * every ARN's account, so it is an account id (12 ASCII digits) or refused (253), as store import refuses
 * such an owner.
 */
export function accountIdOf(env: ProcessContext['env']): string {
  const id = env.SVCCTL_ACCOUNT_ID;
  if (!id) return DEFAULT_ACCOUNT_ID;
  if (!/^[0-9]{12}$/.test(id))
    throw new ConfigError(
      `Invalid value for the environment variable SVCCTL_ACCOUNT_ID: ${echoText(id)}; an account id is 12 digits (0-9)`,
    );
  return id;
}

/**
 * The file a path given to an option names, relative to the command's working directory. An empty path names no
 * file: opening it is ENOENT, as Python's open('') is, where resolve('') would be the working directory itself
 * (`store import --file ''` said "[Errno 21] Is a directory", `serve --write-env ''` named the directory).
 */
export function givenPath(cwd: string, path: string): string {
  if (path === '') throw Object.assign(new Error("ENOENT: no such file or directory, open ''"), { code: 'ENOENT' });
  // A trailing slash names a directory, as open() reads it ('x.json/' is ENOTDIR, 'out/' no file to write):
  // resolve() drops it, and 'store export --file out/' wrote a file named out.
  const full = resolve(cwd, path);
  return path.endsWith('/') && !full.endsWith('/') ? `${full}/` : full;
}

/**
 * What an existing path is when it is not a regular file: 'a directory', 'a FIFO', 'a socket', 'a device';
 * undefined for a regular file or nothing there yet. `follow`: a symbolic link is judged by what it names
 * (a file svcctl writes through the link, as the store and the config file); otherwise a link is replaced, not
 * followed, and is no obstacle. The one check before svcctl creates, replaces or changes the mode of a file:
 * as root, a rename onto /dev/null replaced the device, and the store's chmod made it 0600 for every user.
 */
export function nonRegularKind(path: string, follow: boolean): string | undefined {
  let st: Stats;
  try {
    st = follow ? statSync(path) : lstatSync(path);
  } catch {
    return undefined; // nothing there yet (or nothing to tell): the write says why it cannot
  }
  if (st.isFile() || st.isSymbolicLink()) return undefined;
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  return 'a device';
}

/**
 * The path a link's text names, as the kernel reads it: its directories resolved in turn, so that `..` after a
 * linked directory goes up from where that link leads ('sub/../real.cfg', sub a link elsewhere); path.resolve
 * drops `sub/..` as text, and configure set wrote a file the link does not name, exit 0, the setting then
 * unread (hostile pass 18a). A directory that is not there is joined as text (the write then fails on it).
 */
function linkTarget(link: string, text: string): string {
  const joined = isAbsolute(text) ? text : `${realpathSync.native(dirname(link))}/${text}`;
  const cut = joined.replace(/\/+$/, '').lastIndexOf('/');
  const dir = joined.slice(0, cut + 1) || '/';
  const name = joined.slice(cut + 1).replace(/\/+$/, '');
  try {
    return join(realpathSync.native(dir), name);
  } catch {
    return resolve(joined);
  }
}

/**
 * The file a write through `path` replaces: `path` itself, or the file a symbolic link (a dotfiles checkout) names,
 * also one that does not exist yet, as open(path, 'w') makes it through the link. realpath() alone fails on a
 * dangling link, and the rename then replaced the link with a regular file (hostile pass 16a); a link whose
 * directory is missing makes the write fail with ENOENT, as the AWS CLI's does.
 */
export function writeTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    // not there yet, or a dangling link: followed below
  }
  let target = path;
  for (let hops = 0; hops < 40; hops++) {
    try {
      if (!lstatSync(target).isSymbolicLink()) return target;
      target = linkTarget(target, readlinkSync(target));
    } catch {
      return target;
    }
  }
  // Still a link after 40 (the kernel's limit): a loop, which open() refuses (ELOOP). The rename replaced one of
  // its links with a regular file (store export exited 0; hostile pass 17c).
  throw Object.assign(new Error(`ELOOP: too many symbolic links encountered, open '${path}'`), {
    code: 'ELOOP',
    syscall: 'open',
    path,
  });
}
