/**
 * A store svcctl cannot use as it is (issue 19, item 17): each case names the store file and what to do
 * (253) and leaves the file as it was: another program's SQLite database, a directory where the file should
 * be, a store locked by another process (with the time waited), and a read-only store, which describe and
 * get still read. The CLI runs as a child process; the read-only case runs it as an unprivileged user
 * when the tests run as root (root may write any file).
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../src/backends/embedded/store/sqlite-store.js';
import { storePath } from '../../src/backends/embedded/store/store-file.js';
import { ConfigError, serve as serveLibrary } from '../../src/api/index.js';
import { sandbox } from '../helpers/cli.js';
import { runProgram, startServe } from '../peers/serve-process.js';
import { BIN, dump, ecr, openRaw, STACK_LINE } from './helpers.js';

let dir: string;
let home: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-store-problems-'));
  home = join(dir, 'home');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/** `svcctl ARGS` as a separate process (as an unprivileged user when `unprivileged` and the tests run as root). */
function cli(args: string[], env: Record<string, string> = {}, unprivileged = false) {
  const vars = { PATH: process.env.PATH ?? '/usr/bin:/bin', SVCCTL_HOME: home, ...env };
  if (unprivileged && asRoot)
    return runProgram(
      'setpriv',
      [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, BIN, ...args],
      vars,
    );
  return runProgram(process.execPath, [BIN, ...args], vars);
}

const config = (message: string) => ({
  code: 253,
  stdout: '',
  stderr: `\nsvcctl: [ERROR]: An error occurred (Configuration): ${message}\n`,
});

describe('a new store opened by many processes at once', () => {
  it('every one opens it: the conversion to WAL that one of them is making is waited for, not reported as locked', async () => {
    // SQLite answers SQLITE_BUSY at once to a second `journal_mode = WAL` while the first converts the file
    // (no busy handler there): one start in ten of two serves on a new store failed so.
    const results: Array<{ code: number; stderr: string }> = [];
    for (let round = 0; round < 5; round++) {
      home = join(dir, `new-${round}`);
      results.push(
        ...(await Promise.all(
          Array.from({ length: 6 }, () =>
            cli(['describe-repositories', '--query', 'repositories', '--output', 'json']),
          ),
        )),
      );
    }
    expect(results.filter((r) => r.code !== 0)).toEqual([]);
    expect(results.length).toBe(30);
  });

  it("a process that reads the schema version as another one migrates the store sees svcctl's store, not another program's", () => {
    // CI (stop 51, run 5): one of 16 CLI processes starting on a new store said "another program's SQLite
    // database (tables: account_tokens, …)": it read user_version 0, another process then committed the
    // migration, and it read the tables that migration had just made. Here the other process commits right
    // after this one's first read of the store, whatever that read is.
    mkdirSync(home, { mode: 0o700 });
    const Sqlite = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
    const mine = new Sqlite(storePath(home));
    const other = new Sqlite(storePath(home));
    let first = true;
    const afterFirstRead = <T>(value: T): T => {
      if (first) {
        first = false;
        migrate(other, 'the other process');
      }
      return value;
    };
    const statement = (s: BetterSqlite3.Statement): BetterSqlite3.Statement =>
      new Proxy(s, {
        get(target, key) {
          const v = Reflect.get(target, key, target);
          if (key === 'pluck' || key === 'raw' || key === 'expand')
            return (...a: unknown[]) => statement(v.apply(target, a));
          if (key === 'get' || key === 'all') return (...a: unknown[]) => afterFirstRead(v.apply(target, a));
          return typeof v === 'function' ? v.bind(target) : v;
        },
      });
    const watched = new Proxy(mine, {
      get(target, key) {
        const v = Reflect.get(target, key, target);
        if (key === 'pragma') return (...a: unknown[]) => afterFirstRead(v.apply(target, a));
        if (key === 'prepare') return (...a: unknown[]) => statement(v.apply(target, a));
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    try {
      expect(() => migrate(watched, storePath(home))).not.toThrow();
      expect(first).toBe(false);
      expect(mine.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    } finally {
      mine.close();
      other.close();
    }
  });
});

describe('a store svcctl cannot use as it is', () => {
  it("another program's SQLite database is refused and left alone", async () => {
    mkdirSync(home, { mode: 0o700 });
    const db = new (createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3)(storePath(home));
    db.exec("CREATE TABLE notes (id INTEGER, body TEXT); INSERT INTO notes VALUES (1, 'mine')");
    db.close();
    const before = dump(home);
    const refused = config(
      `The store ${storePath(home)} is another program's SQLite database (tables: notes), not svcctl's. Move it away, or set SVCCTL_HOME to another directory.`,
    );
    expect(await cli(['describe-repositories'])).toEqual(refused);
    expect(await cli(['create-repository', '--repository-name', 'team/app'])).toEqual(refused);
    expect(dump(home)).toBe(before);
  });

  it('a directory where the store file should be', async () => {
    mkdirSync(storePath(home), { recursive: true });
    expect(await cli(['describe-repositories'])).toEqual(
      config(
        `The store ${storePath(home)} is a directory, not a database file. Move it away, or set SVCCTL_HOME to another directory.`,
      ),
    );
  });

  it("serve --store FILE, and the library's store option: what to do instead names --store, which SVCCTL_HOME does not change", async () => {
    // Hostile pass 11 (lead): every refusal of a store given as a path said "set SVCCTL_HOME to another
    // directory", which serve ignores once --store names the file.
    mkdirSync(home, { mode: 0o700 });
    const dirStore = join(dir, 'a-directory.db');
    mkdirSync(dirStore);
    const foreign = join(dir, 'notes.db');
    const db = new (createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3)(foreign);
    db.exec('CREATE TABLE notes (id INTEGER)');
    db.close();
    const newer = join(dir, 'newer.db');
    const nd = new (createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3)(newer);
    nd.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    nd.close();
    const fifo = join(dir, 'a-fifo.db');
    execFileSync('mkfifo', [fifo]);
    chmodSync(foreign, 0o644);
    const devNull = statSync('/dev/null');
    const messages = {
      [dirStore]: `The store ${dirStore} is a directory, not a database file. Move it away, or give --store another file.`,
      // Hostile pass 15: opening a FIFO to make it 0600 blocked for ever; as root, /dev/null was made 0600.
      [fifo]: `The store ${fifo} is a FIFO, not a database file. Move it away, or give --store another file.`,
      '/dev/null': 'The store /dev/null is a device, not a database file. Move it away, or give --store another file.',
      [foreign]: `The store ${foreign} is another program's SQLite database (tables: notes), not svcctl's. Move it away, or give --store another file.`,
      [newer]: `The store ${newer} was written by a newer svcctl (schema version ${MIGRATIONS.length + 1}; this svcctl knows versions up to ${MIGRATIONS.length}). Upgrade svcctl, or give --store another file.`,
    };
    for (const [file, message] of Object.entries(messages)) {
      expect(await cli(['serve', '--store', file, '--port', '0'])).toEqual(config(message));
      await expect(serveLibrary({ store: file })).rejects.toMatchObject({ name: 'ConfigError', message });
    }
    // What was refused is left as it was: the device, and another program's database with its mode.
    const after = statSync('/dev/null');
    expect({ mode: after.mode, rdev: after.rdev }).toEqual({ mode: devNull.mode, rdev: devNull.rdev });
    expect(statSync(foreign).mode & 0o777).toBe(0o644);
  });

  it('a FIFO where the store file should be: refused at once, naming SVCCTL_HOME', async () => {
    mkdirSync(home, { mode: 0o700 });
    execFileSync('mkfifo', [storePath(home)]);
    expect(await cli(['describe-repositories'])).toEqual(
      config(
        `The store ${storePath(home)} is a FIFO, not a database file. Move it away, or set SVCCTL_HOME to another directory.`,
      ),
    );
  });

  it('a store locked by another process: the write waits, then says so with the time waited', async () => {
    expect((await cli(['create-repository', '--repository-name', 'team/app'])).code).toBe(0);
    const holder = openRaw(home, false);
    holder.exec('BEGIN IMMEDIATE');
    try {
      const path = storePath(home);
      expect(
        await cli(['create-repository', '--repository-name', 'team/web'], { SVCCTL_TEST_BUSY_TIMEOUT_MS: '300' }),
      ).toEqual(
        config(
          `The store ${path} is locked by another process: this command waited 0.3 s for its write to finish. Try again when that process is done (fuser ${path} names it).`,
        ),
      );
      // A read does not need the write lock.
      expect(
        await cli(['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text'], {
          SVCCTL_TEST_BUSY_TIMEOUT_MS: '300',
        }),
      ).toEqual({ code: 0, stdout: 'team/app\n', stderr: '' });
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    expect((await cli(['create-repository', '--repository-name', 'team/web'])).code).toBe(0);
  });

  it("the test hook comes from the command's context (ctx.env), not from process.env: in-process too", async () => {
    const sb = sandbox({ SVCCTL_TEST_BUSY_TIMEOUT_MS: '200' });
    expect((await sb.run(['create-repository', '--repository-name', 'team/app'])).code).toBe(0);
    expect(process.env.SVCCTL_TEST_BUSY_TIMEOUT_MS).toBeUndefined();
    const holder = openRaw(sb.env.SVCCTL_HOME!, false);
    holder.exec('BEGIN IMMEDIATE');
    try {
      const path = storePath(sb.env.SVCCTL_HOME!);
      expect(await sb.run(['create-repository', '--repository-name', 'team/web'])).toEqual(
        config(
          `The store ${path} is locked by another process: this command waited 0.2 s for its write to finish. Try again when that process is done (fuser ${path} names it).`,
        ),
      );
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  it('a read-only store: describe and get still read it; a write says it is read-only; nothing changes', async () => {
    expect((await cli(['create-repository', '--repository-name', 'team/app'])).code).toBe(0);
    const token = (
      await cli(['account-token', 'create', '--display-name', 'Acme', '--query', 'id', '--output', 'text'])
    ).stdout.trim();
    chmodSync(storePath(home), 0o400);
    chmodSync(home, 0o500);
    if (asRoot) {
      chownSync(dir, NOBODY, NOBODY);
      chownSync(home, NOBODY, NOBODY);
      chownSync(storePath(home), NOBODY, NOBODY);
    }
    const before = dump(home);
    expect(
      await cli(['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text'], {}, true),
    ).toEqual({ code: 0, stdout: 'team/app\n', stderr: '' });
    expect(token).toMatch(/^accttok_/);
    expect(
      await cli(['account-token', 'get', '--id', token, '--query', '[id, used]', '--output', 'text'], {}, true),
    ).toEqual({ code: 0, stdout: `${token}\tFalse\n`, stderr: '' });
    expect(await cli(['create-repository', '--repository-name', 'team/web'], {}, true)).toEqual(
      config(
        `The store ${storePath(home)} is read-only: svcctl can read it (describe, get) but not change it. Make the file and its directory writable by you, or set SVCCTL_HOME to another directory.`,
      ),
    );
    expect(dump(home)).toBe(before);
  });

  it("a read-only store: the commands that write it themselves say so as a resource write does (253), not SQLite's words (issue 44, item 5)", async () => {
    expect((await cli(['create-repository', '--repository-name', 'team/app'])).code).toBe(0);
    const snapshot = join(dir, 'snapshot.json');
    expect((await cli(['store', 'export', '--file', snapshot])).code).toBe(0);
    chmodSync(snapshot, 0o444);
    chmodSync(storePath(home), 0o400);
    chmodSync(home, 0o500);
    if (asRoot) {
      chownSync(dir, NOBODY, NOBODY);
      chownSync(home, NOBODY, NOBODY);
      chownSync(storePath(home), NOBODY, NOBODY);
    }
    const before = dump(home);
    const readOnly = config(
      `The store ${storePath(home)} is read-only: svcctl can read it (describe, get) but not change it. Make the file and its directory writable by you, or set SVCCTL_HOME to another directory.`,
    );
    const writes = [
      ['service', 'settings', 'set', 'repositories_per_region', '5'],
      ['service', 'settings', 'reset', 'repositories_per_region'],
      ['service', 'settings', 'reset'],
      ['service', 'reset', '--yes'],
      ['service', 'reset', '--yes', '--kind', 'repositories'],
      ['store', 'import', '--file', snapshot, '--replace'],
    ];
    for (const args of writes) expect([args.join(' '), await cli(args, {}, true)]).toEqual([args.join(' '), readOnly]);
    expect(dump(home)).toBe(before);
  });
});

describe('serve --print-env and a store serve cannot make (hostile pass 18a)', () => {
  // --print-env opens nothing: it printed the lines (rc 0) for a SVCCTL_HOME, or a --store, in a directory this user
  // may not write, where serve itself refuses at open (253).
  it('refuses it as serve does (253): the store in SVCCTL_HOME, SVCCTL_HOME itself, a --store file', async () => {
    mkdirSync(home);
    chmodSync(home, 0o500);
    if (asRoot) {
      chownSync(dir, NOBODY, NOBODY);
      chownSync(home, NOBODY, NOBODY);
    }
    const sub = join(home, 'sub');
    const cases: Array<[string[], Record<string, string>, ReturnType<typeof config>]> = [
      [
        [],
        {},
        config(
          `Unable to create the store ${storePath(home)}: SVCCTL_HOME (${home}) is not writable by you. Set SVCCTL_HOME to a directory you can write.`,
        ),
      ],
      [
        [],
        { SVCCTL_HOME: sub },
        config(
          `Unable to create svcctl's home (SVCCTL_HOME) ${sub}: [Errno 13] Permission denied. Set SVCCTL_HOME to a directory you can write.`,
        ),
      ],
      [
        ['--store', join(home, 's.db')],
        { SVCCTL_HOME: dir },
        config(
          `Unable to create the store ${join(home, 's.db')}: its directory ${home} is not writable by you. Give --store a file in a directory you can write.`,
        ),
      ],
    ];
    for (const [flags, env, refused] of cases) {
      expect(await cli(['serve', '--print-env', '--port', '4566', ...flags], env, true)).toEqual(refused);
      expect(await cli(['serve', '--port', '0', ...flags], env, true)).toEqual(refused);
    }
  });
});

describe('a full disk under the store (issue 34, item 6)', () => {
  it('service settings set says the store cannot grow (253), as a resource write does (issue 44, item 5)', async () => {
    const sb = sandbox();
    try {
      expect((await sb.run(['create-repository', '--repository-name', 'full/first'])).code).toBe(0);
      const db = openRaw(sb.env.SVCCTL_HOME!, false);
      // The store's pages filled to the last few bytes by rows no reader reads (its size held where it is), so
      // that the next setting needs a page that the max_page_count hook then refuses, as a full disk would.
      const pages = db.pragma('page_count', { simple: true }) as number;
      db.pragma(`max_page_count = ${pages}`);
      const insert = db.prepare('INSERT INTO settings (name, value) VALUES (?, ?)');
      let n = 0;
      for (const size of [1000, 100, 10, 1])
        for (;;) {
          try {
            insert.run(`~filler-${n++}`, 'x'.repeat(size));
          } catch {
            break;
          }
        }
      db.close();
      const full = { SVCCTL_TEST_MAX_PAGE_COUNT: String(pages) };
      const cannotGrow = {
        code: 253,
        stdout: '',
        stderr: `\nsvcctl: [ERROR]: An error occurred (Configuration): The store ${storePath(sb.env.SVCCTL_HOME!)} cannot grow: the filesystem holding it is full (database or disk is full), and nothing was changed. Free space there, or set SVCCTL_HOME to a directory on another filesystem.\n`,
      };
      expect(
        await sb.run(
          ['service', 'settings', 'set', 'fault.ecr.CreateRepository', `throttle;account=${'1'.repeat(12)}`],
          {
            env: full,
          },
        ),
      ).toEqual(cannotGrow);
      expect(await sb.run(['service', 'settings', 'get', 'fault.ecr.CreateRepository'])).toEqual({
        code: 0,
        stdout: 'none\n',
        stderr: '',
      });
    } finally {
      sb.cleanup();
    }
  });

  it('names the store and what to do (253), and the write changes nothing', async () => {
    const sb = sandbox();
    try {
      expect((await sb.run(['create-repository', '--repository-name', 'full/first'])).code).toBe(0);
      const db = openRaw(sb.env.SVCCTL_HOME!);
      const pages = db.pragma('page_count', { simple: true }) as number;
      db.close();
      // SQLite's max_page_count at the store's size: its next page fails as a full filesystem does (SQLITE_FULL).
      const tags = Array.from({ length: 40 }, (_, i) => `Key=k${i},Value=${'v'.repeat(250)}`);
      const full = { SVCCTL_TEST_MAX_PAGE_COUNT: String(pages) };
      expect(
        await sb.run(['create-repository', '--repository-name', 'full/second', '--tags', ...tags], { env: full }),
      ).toEqual({
        code: 253,
        stdout: '',
        stderr: `\nsvcctl: [ERROR]: An error occurred (Configuration): The store ${storePath(sb.env.SVCCTL_HOME!)} cannot grow: the filesystem holding it is full (database or disk is full), and nothing was changed. Free space there, or set SVCCTL_HOME to a directory on another filesystem.\n`,
      });
      expect(
        await sb.run(['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text']),
      ).toEqual({ code: 0, stdout: 'full/first\n', stderr: '' });
    } finally {
      sb.cleanup();
    }
  });
});

/**
 * A real full filesystem: a 4 MiB tmpfs mounted in a mount namespace of this test's own (unshare -rm: a user
 * namespace, so no privilege is needed), filled before step `fillAt`. Each step's exit code,
 * stdout and stderr are written beside the namespace, for the assertions below.
 */
async function onFullTmpfs(
  fillAt: number,
  steps: string[][],
  beforeFill = '',
): Promise<Array<{ code: number; stdout: string; stderr: string }>> {
  const mnt = join(dir, 'fs');
  const out = join(dir, 'out');
  mkdirSync(mnt);
  mkdirSync(out);
  const q = (w: string) => `'${w.replaceAll("'", "'\\''")}'`;
  const script = [
    'set -u',
    `mount -t tmpfs -o size=4m tmpfs ${q(mnt)} || exit 99`,
    `export SVCCTL_HOME=${q(join(mnt, 'home'))}`,
    ...steps.flatMap((argv, i) => [
      ...(i === fillAt
        ? [
            beforeFill,
            `dd if=/dev/zero of=${q(join(mnt, 'fill'))} bs=64k 2>/dev/null; df --output=avail ${q(mnt)} | tail -1 > ${q(join(out, 'avail'))}`,
          ]
        : []),
      `${q(process.execPath)} ${q(BIN)} ${argv.map(q).join(' ')} > ${q(join(out, `${i}.out`))} 2> ${q(join(out, `${i}.err`))}; echo $? > ${q(join(out, `${i}.rc`))}`,
    ]),
  ].join('\n');
  const r = await runProgram('unshare', ['-rm', 'bash', '-c', script], { PATH: process.env.PATH ?? '/usr/bin:/bin' });
  expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  expect(readFileSync(join(out, 'avail'), 'utf8').trim()).toBe('0');
  return steps.map((_, i) => ({
    code: Number(readFileSync(join(out, `${i}.rc`), 'utf8')),
    stdout: readFileSync(join(out, `${i}.out`), 'utf8'),
    stderr: readFileSync(join(out, `${i}.err`), 'utf8'),
  }));
}

// Found in issue 44's final hostile hour (8c): with the filesystem full, SQLite cannot make the -shm file it
// needs to open a WAL store, so every command, reads included, said "cannot grow" (253): even store export,
// the way to move the state off that disk. A one-shot command now reads a snapshot of the file there (as on a
// read-only store); a write still says the store cannot grow and changes nothing.
describe('a full filesystem under the store (a tmpfs)', () => {
  it('reads and store export answer; a write says the store cannot grow (253)', async () => {
    const file = join(dir, 'fs', 'home', 'state.db');
    const [create, set, describeRepos, exported, settingsGet, second, setFull] = await onFullTmpfs(2, [
      ['create-repository', '--repository-name', 'full/first', '--output', 'off'],
      ['service', 'settings', 'set', 'repositories_per_region', '7'],
      ['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text'],
      ['store', 'export'],
      ['service', 'settings', 'get', 'repositories_per_region'],
      ['create-repository', '--repository-name', 'full/second'],
      ['service', 'settings', 'set', 'repositories_per_region', '8'],
    ]);
    expect(create).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(set.code).toBe(0);
    expect(describeRepos).toEqual({ code: 0, stdout: 'full/first\n', stderr: '' });
    expect([exported!.code, exported!.stderr]).toEqual([0, '']);
    const snap = JSON.parse(exported!.stdout) as { tables: { repositories: { rows: unknown[][] } } };
    expect(snap.tables.repositories.rows.map((r) => r[2])).toEqual(['full/first']);
    expect(settingsGet).toEqual({ code: 0, stdout: '7\n', stderr: '' });
    const cannotGrow = config(
      `The store ${file} cannot grow: the filesystem holding it is full (no space left on device), and nothing was changed. Free space there, or set SVCCTL_HOME to a directory on another filesystem.`,
    );
    expect(second).toEqual(cannotGrow);
    expect(setFull).toEqual(cannotGrow);
  });

  it('a store with changes left in its -wal is not read from a snapshot (it would miss them): the full disk is named (253)', async () => {
    const file = join(dir, 'fs', 'home', 'state.db');
    // A writer killed before it merged its -wal (as a crash leaves it): the setting is only in the -wal. (With
    // its -shm still there the store opens as usual and is read whole, -wal included.)
    const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    const killed = `const db = new (require(${JSON.stringify(sqlite)}))(${JSON.stringify(file)}); db.pragma('wal_autocheckpoint = 0'); db.prepare("INSERT INTO settings (name, value) VALUES ('repositories_per_region', '9')").run(); process.kill(process.pid, 'SIGKILL');`;
    const [create, describeRepos] = await onFullTmpfs(
      1,
      [
        ['create-repository', '--repository-name', 'full/first', '--output', 'off'],
        ['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text'],
      ],
      // In a subshell of its own, whose report of the kill goes nowhere.
      // Its -shm removed: SQLite must make a new one to read the -wal, which the full disk has no room for.
      `(${JSON.stringify(process.execPath)} -e ${JSON.stringify(killed).replaceAll('$', '\\$')}; true) 2>/dev/null; rm ${JSON.stringify(`${file}-shm`)}`,
    );
    expect(create).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(describeRepos).toEqual(
      config(
        `The store ${file} cannot grow: the filesystem holding it is full (disk I/O error), and nothing was changed. Free space there, or set SVCCTL_HOME to a directory on another filesystem.`,
      ),
    );
  });
});

// serve on a SQLite store it cannot write (full, here; read-only and locked take the same path): a 500 and a
// stack trace in its log for every write (issue 44's final hostile hour, 8c), where the same problem on
// PostgreSQL (class 53) is the retryable 503 and one log line. One rule for both stores now.
describe('serve on a SQLite store that cannot grow', () => {
  it('answers a write 503 "Retry the request" with one log line naming the store, no stack trace; reads answer', async () => {
    expect((await cli(['create-repository', '--repository-name', 'full/first', '--output', 'off'])).code).toBe(0);
    const db = openRaw(home);
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.close();
    const s = await startServe(['--journal-size', '0'], {
      SVCCTL_HOME: home,
      SVCCTL_TEST_MAX_PAGE_COUNT: String(pages),
    });
    try {
      const tags = Array.from({ length: 40 }, (_, i) => ({ Key: `k${i}`, Value: 'v'.repeat(250) }));
      const write = await ecr(s.url, 'CreateRepository', { repositoryName: 'full/second', tags });
      expect({ status: write.status, body: JSON.parse(write.body) }).toEqual({
        status: 503,
        body: { __type: 'ServiceUnavailableException', message: 'The service is unavailable. Retry the request.' },
      });
      const read = await ecr(s.url, 'DescribeRepositories', {});
      expect(read.status).toBe(200);
      expect(
        (JSON.parse(read.body) as { repositories: Array<{ repositoryName: string }> }).repositories.map(
          (r) => r.repositoryName,
        ),
      ).toEqual(['full/first']);
      // Writes and reads in turn: each write 503 still, each read 200, and the store still cannot take a
      // write, so that the one line stays one (a read served is no end of it).
      for (const name of ['full/third', 'full/fourth']) {
        expect((await ecr(s.url, 'CreateRepository', { repositoryName: name, tags })).status).toBe(503);
        expect((await ecr(s.url, 'DescribeRepositories', {})).status).toBe(200);
      }
      const lines = s
        .stderr()
        .split('\n')
        .map((l) => l.replace(/^\S+ /, ''))
        .filter((l) => l !== '' && !/^127\.0\.0\.1 /.test(l) && !l.startsWith('svcctl serve'));
      expect(lines[0]).toBe(
        `store: unavailable: The store ${storePath(home)} cannot grow: the filesystem holding it is full (database or disk is full), and nothing was changed. Free space there, or set SVCCTL_HOME to a directory on another filesystem. Requests get 503 until it serves again.`,
      );
      // A read served, or serve's own check of the store (a read), does not end an incident of writes: each
      // read had logged 'serving again' and each next write 'unavailable' again, two lines a request.
      expect(lines.slice(1)).toEqual([]);
      expect(s.stderr()).not.toMatch(STACK_LINE);
    } finally {
      await s.stop();
    }
  });
});

// Hostile pass 14: POST /_svcctl/reset while another process held the SQLite store's write lock answered 500
// InternalError 'The store could not answer: database is locked' (the library's reset() threw SQLite's own
// error), where a write of an operation is the retryable 503 naming the lock, and PostgreSQL's reset a 503.
describe('serve on a SQLite store locked by another process, then a reset', () => {
  it("answers the reset 503 naming the lock, and 'service reset --endpoint-url' prints it; nothing is deleted", async () => {
    expect((await cli(['create-repository', '--repository-name', 'team/app', '--output', 'off'])).code).toBe(0);
    const s = await startServe([], { SVCCTL_HOME: home, SVCCTL_TEST_BUSY_TIMEOUT_MS: '300' });
    const holder = openRaw(home, false);
    holder.exec('BEGIN IMMEDIATE');
    const path = storePath(home);
    const locked = `The store ${path} is locked by another process: this command waited 0.3 s for its write to finish. Try again when that process is done (fuser ${path} names it). Retry the request.`;
    try {
      const reset = await fetch(`${s.url}/_svcctl/reset`, { method: 'POST' });
      expect({ status: reset.status, body: await reset.json() }).toEqual({
        status: 503,
        body: { error: { code: 'ServiceUnavailable', message: locked } },
      });
      const faults = await fetch(`${s.url}/_svcctl/faults`, {
        method: 'POST',
        body: JSON.stringify({ 'fault.ecr.CreateRepository': '503' }),
      });
      expect({ status: faults.status, body: await faults.json() }).toEqual({
        status: 503,
        body: { error: { code: 'ServiceUnavailable', message: locked } },
      });
      expect(await cli(['service', 'reset', '--yes', '--endpoint-url', s.url])).toEqual({
        code: 254,
        stdout: '',
        stderr: `\nsvcctl: [ERROR]: An error occurred (ServiceUnavailable) when calling the Reset operation: ${locked}\n`,
      });
      // 'when calling the unknown operation' before (the settings commands named no operation)
      expect(
        await cli(['service', 'settings', 'set', 'fault.ecr.CreateRepository', '503', '--endpoint-url', s.url]),
      ).toEqual({
        code: 254,
        stdout: '',
        stderr: `\nsvcctl: [ERROR]: An error occurred (ServiceUnavailable) when calling the SettingsSet operation: ${locked}\n`,
      });
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
      await s.stop();
    }
    expect(
      await cli(['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text']),
    ).toEqual({
      code: 0,
      stdout: 'team/app\n',
      stderr: '',
    });
  });

  it("the library's reset() rejects with the store's problem (ConfigError), not SQLite's own error", async () => {
    expect((await cli(['create-repository', '--repository-name', 'team/app', '--output', 'off'])).code).toBe(0);
    const server = await serveLibrary({ store: storePath(home), port: 0 });
    const holder = openRaw(home, false);
    holder.exec('BEGIN IMMEDIATE');
    try {
      const err = await server.reset().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(/^The store .* is locked by another process: this command waited 10 s /);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
      await server.close();
    }
  });
});

// Journal rows the full store refused wait in memory and go in once it takes writes again (journal-writer.ts).
// A reset frees it: the rows from before the reset were then written after it, and the journal it had emptied
// listed requests from before it (hostile pass 12c). A reset leaves nothing from before it.
describe('serve on a full SQLite store, then a reset', () => {
  it('the journal after the reset lists only what came after it, not the rows that waited for the store', async () => {
    expect((await cli(['create-repository', '--repository-name', 'full/first', '--output', 'off'])).code).toBe(0);
    const db = openRaw(home);
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.close();
    const s = await startServe([], { SVCCTL_HOME: home, SVCCTL_TEST_MAX_PAGE_COUNT: String(pages) });
    try {
      // Reads (answered) with long inputs, until the journal's rows no longer fit and wait in memory.
      const names = Array.from({ length: 50 }, (_, i) => `before/${i}-${'n'.repeat(180)}`);
      for (let i = 0; i < 200 && !s.stderr().includes('journal: entries wait in memory'); i++)
        expect((await ecr(s.url, 'DescribeRepositories', { repositoryNames: names })).status).toBe(400);
      expect(s.stderr()).toContain('journal: entries wait in memory for the store');
      expect((await fetch(`${s.url}/_svcctl/reset`, { method: 'POST' })).status).toBe(200);
      expect((await ecr(s.url, 'DescribeRepositories', {})).status).toBe(200);
      const journal = (await (await fetch(`${s.url}/_svcctl/journal`)).json()) as {
        Entries: Array<{ Operation: string; Status: number; Input: unknown }>;
      };
      expect(journal.Entries.map((e) => [e.Operation, e.Status, e.Input])).toEqual([['DescribeRepositories', 200, {}]]);
    } finally {
      await s.stop();
    }
  });
});

describe('store export --file (issue 44)', () => {
  it('replaces the file whole or not at all: a write cut short (the file-size limit, as a full disk) leaves the old file as it was', async () => {
    for (let i = 0; i < 12; i++) {
      const tags = Array.from({ length: 40 }, (_, t) => `Key=k${t},Value=${'v'.repeat(250)}`);
      expect(
        (await cli(['create-repository', '--repository-name', `big/r${i}`, '--tags', ...tags, '--output', 'off'])).code,
      ).toBe(0);
    }
    const file = join(dir, 'snap.json');
    writeFileSync(file, '{"an":"older snapshot"}\n');
    // bash's ulimit -f counts KiB: the store opens (its -shm is 32 KiB), the snapshot (about 130 KiB) cannot be written.
    const r = await runProgram(
      'bash',
      ['-c', 'ulimit -f 64; exec "$0" "$@"', process.execPath, BIN, 'store', 'export', '--file', file],
      { PATH: process.env.PATH ?? '/usr/bin:/bin', SVCCTL_HOME: home },
    );
    expect(r).toEqual({
      code: 252,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: An error occurred (ParamValidation): Unable to write --file ${file}: [Errno 27] File too large\n`,
    });
    expect(readFileSync(file, 'utf8')).toBe('{"an":"older snapshot"}\n');
    expect(readdirSync(dir).sort()).toEqual(['home', 'snap.json']);
  });

  it('is private (0600) even where a readable file was: the snapshot holds the page-token secret and tokens', async () => {
    expect((await cli(['create-repository', '--repository-name', 'one', '--output', 'off'])).code).toBe(0);
    const file = join(dir, 'snap.json');
    writeFileSync(file, 'old\n', { mode: 0o644 });
    chmodSync(file, 0o644);
    expect(await cli(['store', 'export', '--file', file])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect(readFileSync(file, 'utf8')).toContain('"format": "svcctl-store-snapshot"');
  });
});
