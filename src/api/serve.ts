/**
 * The library's `serve()`: `svcctl serve` started in-process, through the command's own start
 * (server/start.ts's startServe), with the library's options as the command's flags. Nothing here decides how
 * serve behaves; this module turns options into flags and gives the running serve a handle for tests.
 */
import { homedir } from 'node:os';
import { homeOf, randomIds, systemClock, type ProcessContext } from '../core/context.js';
import { ConfigError, InputError, UsageError } from '../core/errors.js';
import type { ResetKind } from '../models/resource-kinds.js';
import type { FaultRuleName } from '../models/faults.js';
import type { ServiceSettingName } from '../models/service-settings.js';
import { checkPairs, checkSetting, type JournalEntry, RESET_KINDS, settingName } from '../backends/embedded/index.js';
import { journalCountProblem } from '../server/admin.js';
import { echoBare, echoText } from '../core/input-rules.js';
import { type ServeFlags, type ServeGiven, startServe } from '../server/start.js';

/** One principal of `credentials`, as a section of `svcctl serve --credentials FILE` (docs/operating-serve.md). */
export interface Principal {
  /** For logs and the journal; default `principal1`, `principal2`, … */
  name?: string;
  /** 12 digits: the account this principal acts in. */
  accountId: string;
  /** An AWS key pair: signatures made with it are verified. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** A v2 API key (`sk_test_…`). */
  apiKey?: string;
  /** May reset the store and read every account's journal (with an apiKey). */
  admin?: boolean;
}

export interface ServeOptions {
  /**
   * `memory` (the default: nothing written to disk, gone at close()), the path of a SQLite file, or a
   * PostgreSQL URL (`postgres://user:password@host:port/database`): `svcctl serve --store`.
   */
  store?: string;
  /** The v2 API keys serve accepts; others get 401 (`--api-keys`). */
  apiKeys?: readonly string[];
  /** Who may call: AWS signatures verified, v2 keys listed, each caller in its account (`--credentials`): principals, or the path of an INI file. */
  credentials?: readonly Principal[] | string;
  /** The account of callers serve does not know (without credentials); default 000000000000 (SVCCTL_ACCOUNT_ID). */
  accountId?: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** How many requests the journal keeps (`--journal-size`); default 1000. */
  journalSize?: number;
  /** serve's log lines (one per request, as `svcctl serve` writes on stderr); default: none. */
  log?: (line: string) => void;
  /**
   * Service settings and fault rules from the start (`{ platform_registered: false, 'fault.ecr.CreateRepository':
   * 'throttle;next=1' }`), as `svcctl serve --settings FILE` gives them: this run's values, over the store's (settings.set and settings.reset replace them);
   * a bad one rejects with that command's message and nothing is left listening.
   */
  settings?: Readonly<Partial<Record<SettingName, string | number | boolean | null>>>;
}

/** The service settings of `svcctl service settings`: in the store, read on every request. */
/**
 * A setting's name: a service setting's, or a fault rule's (`fault.ecr.CreateRepository`, `fault.ecr.create-repository`,
 * `fault.autoscaling`, `fault.*`); a misspelt one fails `tsc`.
 */
export type SettingName = ServiceSettingName | FaultRuleName;

export interface ServeSettings {
  /** Every setting's value (`svcctl service settings get`). */
  get(): Promise<Record<string, string>>;
  /** One setting's value (a fault rule's: `none` when it is not set). */
  get(name: SettingName): Promise<string>;
  /** Sets one setting, or several at once (all checked first: all or none are written). */
  set(name: SettingName, value: string | number | boolean | null): Promise<void>;
  set(values: Partial<Record<SettingName, string | number | boolean | null>>): Promise<void>;
  /** Back to the default: one setting, or all of them. */
  reset(name?: SettingName): Promise<void>;
}

export interface ServeHandle {
  /** Base URL: `http://127.0.0.1:43117`. */
  readonly url: string;
  readonly port: number;
  /**
   * What `svcctl serve --print-env` prints, as variables: AWS_ENDPOINT_URL, SVCCTL_ENDPOINT_URL,
   * AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_DEFAULT_REGION, AWS_REGION, SVCCTL_API_KEY.
   */
  readonly env: Readonly<Record<string, string>>;
  /**
   * Deletes every resource (as `POST /_svcctl/reset`), or those of one kind (`repositories`,
   * `launch-configurations`, `account-tokens`, `accounts`, `meter-event-adjustments`, `meter-events`,
   * `meter-event-sessions`, `meters`, `idempotency-keys`, `journal`, `images`); resolves to how many of each kind were deleted.
   * Settings stay: `settings.reset()`.
   */
  reset(kind?: ResetKind): Promise<Record<string, number>>;
  readonly settings: ServeSettings;
  /** The request journal, oldest first (`GET /_svcctl/journal`): after a sequence number, at most the newest `limit`. */
  journal(options?: { after?: number; limit?: number }): Promise<JournalEntry[]>;
  /**
   * Stops accepting, lets in-flight requests finish, closes the store. Again: the same promise. From then on the
   * handle's other calls reject with a UsageError.
   */
  close(): Promise<void>;
}

const LINE_BREAK = /[\r\n]/;

/** The INI key of each member of a principal, in the order credentialsText writes them. */
const PRINCIPAL_KEYS: ReadonlyArray<readonly [keyof Principal, string]> = [
  ['accessKeyId', 'aws_access_key_id'],
  ['secretAccessKey', 'aws_secret_access_key'],
  ['apiKey', 'api_key'],
  ['accountId', 'account_id'],
  ['admin', 'admin'],
];

/**
 * The principals as the INI text `--credentials` reads, checked by the same parser, and what names each of
 * its lines in an error: `credentials[0] (name)` for its header, `credentials[0] (name) accessKeyId` for a
 * member's line, never a line number of a text the caller did not write.
 */
function credentialsText(principals: readonly Principal[]): { text: string; lineName: (n: number) => string } {
  const lines: string[] = [];
  const names: string[] = [];
  principals.forEach((p, i) => {
    const name = p.name ?? `principal${i + 1}`;
    if (LINE_BREAK.test(name)) throw new ConfigError(`credentials[${i}]: a name is one line.`);
    const which = `credentials[${i}] (${echoBare(name)})`;
    lines.push(`[${name}]`);
    names.push(which);
    for (const [member, key] of PRINCIPAL_KEYS) {
      const value = p[member];
      if (value === undefined) continue;
      if (LINE_BREAK.test(String(value))) throw new ConfigError(`${which}: ${key} is one line.`);
      lines.push(`${key} = ${String(value)}`);
      names.push(`${which} ${member}`);
    }
  });
  return { text: `${lines.join('\n')}\n`, lineName: (n) => names[n - 1] ?? 'the credentials option' };
}

const OPTION_NAMES = ['store', 'apiKeys', 'credentials', 'accountId', 'host', 'port', 'journalSize', 'log', 'settings'];
const PRINCIPAL_MEMBERS = ['name', 'accountId', 'accessKeyId', 'secretAccessKey', 'apiKey', 'admin'];

/** How a value a JavaScript caller gave is shown in an error: its type for an object, else the value itself. */
/** A name given to one of the handle's calls: a string, or refused naming what it is (an array read as its text was another name). */
function nameGiven(call: string, what: string, value: unknown): string {
  if (typeof value !== 'string')
    throw new InputError(`${call} takes a ${what}'s name (a string), not ${shown(value)}.`);
  return value;
}

function shown(value: unknown): string {
  // A BigInt is no number here: String(5n) made 'is a number, not 5' (hostile pass 18b).
  if (typeof value === 'bigint') return `a bigint (${value}n)`;
  if (value === null || (typeof value !== 'object' && typeof value !== 'function'))
    return typeof value === 'string' ? echoText(value) : String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return 'a function';
  // An object of a class is named by it (a Map), where 'an object' was what was asked for.
  const made = isRecord(value)
    ? undefined
    : (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } })?.constructor?.name;
  // One whose prototype is another plain object (Object.create({…})) has Object's constructor: it was 'a Object'.
  if (made === 'Object') return 'an object of another prototype (not a plain object)';
  // 'an Error', 'an Item'; 'a URL', 'a Uint8Array' (U said as 'you').
  if (typeof made === 'string' && /^[A-Za-z_$][\w$]*$/.test(made))
    return `${/^[AEIO]/i.test(made) ? 'an' : 'a'} ${made}`;
  return 'an object';
}

/**
 * A setting's value as the store takes it, by the rule of `serve --settings FILE` (a JSON file's value):
 * a string, a number or a boolean as its text, null as none (no limit; a fault rule removed). Anything
 * else is refused by name, where String() made [5] a 5 and ['throttle'] a rule.
 */
function settingText(where: string, name: string, value: unknown): string {
  if (value === null) return 'none';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new InputError(
    `${where}: the value of ${echoBare(name)} must be a string, number, boolean or null, not ${shown(value)}.`,
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * An object of names and values: a plain object (or one without a prototype). A Map's entries are no
 * properties: taken as an object, it set nothing, silently.
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && [Object.prototype, null].includes(Object.getPrototypeOf(value));

/** What each option is, for a JavaScript caller (no tsc): one of another type is refused by name. */
const OPTION_TYPES: Record<string, [string, (value: unknown) => boolean]> = {
  store: ['a string', (v) => typeof v === 'string'],
  apiKeys: ['an array of strings', Array.isArray],
  credentials: ['an array of principals or the path of an INI file', (v) => typeof v === 'string' || Array.isArray(v)],
  accountId: ['a string', (v) => typeof v === 'string'],
  host: ['a string', (v) => typeof v === 'string'],
  port: ['a number', (v) => typeof v === 'number'],
  journalSize: ['a number', (v) => typeof v === 'number'],
  log: ['a function', (v) => typeof v === 'function'],
  settings: ['an object of setting names and values', isRecord],
};

/**
 * A misspelt option or principal member is refused, as the command refuses a misspelt flag (not ignored),
 * and so is one of the wrong type (it was a TypeError from inside, or ignored).
 */
function checkNames(options: ServeOptions): void {
  if (!isObject(options)) throw new UsageError(`The options of serve() are an object, not ${shown(options)}.`);
  for (const key of Object.keys(options))
    if (!OPTION_NAMES.includes(key))
      throw new UsageError(`Unknown option ${echoText(key)} of serve(): its options are ${OPTION_NAMES.join(', ')}.`);
  for (const [key, value] of Object.entries(options)) {
    const [type, ok] = OPTION_TYPES[key]!;
    if (value !== undefined && !ok(value))
      throw new UsageError(`The option ${key} of serve() is ${type}, not ${shown(value)}.`);
  }
  // An array holding something else is named by that element: [1] was "an array of strings, not an array".
  // Every index, a hole of a sparse array too ([, 'sk_test_a'], which forEach skips and Array.from reads as
  // undefined): it was a TypeError from inside.
  if (Array.isArray(options.apiKeys))
    Array.from(options.apiKeys as unknown[]).forEach((k, i) => {
      if (typeof k !== 'string') throw new UsageError(`apiKeys[${i}] of serve() is a string (a key), not ${shown(k)}.`);
    });
  if (!Array.isArray(options.credentials)) return;
  Array.from(options.credentials as Principal[]).forEach((p: Principal, i: number) => {
    if (!isObject(p)) throw new UsageError(`credentials[${i}] of serve() is an object (a principal), not ${shown(p)}.`);
    for (const key of Object.keys(p))
      if (!PRINCIPAL_MEMBERS.includes(key))
        throw new UsageError(
          `Unknown member ${echoText(key)} of credentials[${i}]: a principal's members are ${PRINCIPAL_MEMBERS.join(', ')}.`,
        );
  });
}

function given(options: ServeOptions): ServeGiven {
  const out: ServeGiven = {};
  if (options.accountId !== undefined) {
    if (!/^\d{12}$/.test(options.accountId))
      throw new ConfigError(`accountId must be 12 digits, not ${echoText(options.accountId)}.`);
    out.accountId = options.accountId;
  }
  if (options.apiKeys !== undefined) {
    if (options.apiKeys.some((k) => LINE_BREAK.test(k))) throw new ConfigError('apiKeys: a key is one line.');
    out.apiKeys = options.apiKeys;
  }
  if (options.settings !== undefined) {
    // A value left undefined is not given, as an undefined option is (the type takes it).
    const pairs = Object.entries(options.settings)
      .filter(([, v]) => v !== undefined)
      .map(([n, v]) => [n, settingText('settings', n, v)] as const);
    // Checked before anything listens: a bad name or value rejects with the message of `service settings set`.
    checkPairs(pairs);
    out.settings = pairs;
  }
  if (Array.isArray(options.credentials))
    out.credentials = { ...credentialsText(options.credentials), where: 'the credentials option' };
  return out;
}

function flags(options: ServeOptions): ServeFlags {
  return {
    host: options.host ?? '127.0.0.1',
    // As the flag's word: a port that is no whole number from 0 to 65535 is refused by serve's own check.
    port: String(options.port ?? 0),
    store: options.store ?? 'memory',
    ...(typeof options.credentials === 'string' ? { credentials: options.credentials } : {}),
    ...(options.journalSize === undefined ? {} : { journalSize: String(options.journalSize) }),
  };
}

/**
 * Starts `svcctl serve` in this process, on a free port of 127.0.0.1 and an in-memory store unless told
 * otherwise, and resolves once it listens. Bad options reject with the error `svcctl serve` prints for the
 * same flags.
 */
export async function serve(options: ServeOptions = {}): Promise<ServeHandle> {
  checkNames(options);
  const log = options.log;
  const ctx: ProcessContext = {
    stdout: { write: () => true },
    stderr: {
      write: (text) => {
        log?.(String(text).replace(/\n$/, ''));
        return true;
      },
    },
    stdin: {},
    // Nothing of this process's environment: a test's serve is what its options say.
    env: {},
    cwd: process.cwd(),
    home: homeOf(homedir()), // homedir() reads HOME
    clock: systemClock,
    ids: randomIds,
  };
  const running = await startServe(flags(options), ctx, given(options));
  for (const note of running.notes) running.log(note);
  const { service } = running;
  const env = Object.fromEntries(running.env);
  // After close() (from its start): the handle's calls are refused, not run on a store serve closed (a file one
  // was opened again and changed, and left open).
  let closed = false;
  const open = () => {
    if (closed)
      throw new UsageError(`The serve at ${running.url} is closed: its handle's calls are refused after close().`);
  };
  // Through the service's admin calls, as serve's own endpoints reach the store: on PostgreSQL they run in the
  // pool's thread, where this run's settings live too (the main thread has no store connection).
  const settings: ServeSettings = {
    get: (async (name?: string) => {
      open();
      // A fault rule's name too, as `service settings get` takes it: `none` when no such rule is set.
      const key = name === undefined ? undefined : settingName(nameGiven('settings.get()', 'setting', name));
      const values = (await service.admin({ what: 'settings' })) as Array<{ name: string; value: string }>;
      if (key !== undefined) return values.find((v) => v.name === key)?.value ?? 'none';
      return Object.fromEntries(values.map((v) => [v.name, v.value]));
    }) as ServeSettings['get'],
    set: (async (nameOrValues: string | Record<string, unknown>, value?: unknown) => {
      open();
      if (!isRecord(nameOrValues) && typeof nameOrValues !== 'string')
        throw new InputError(
          `settings.set() takes a setting's name and value, or an object of names and values, not ${shown(nameOrValues)}.`,
        );
      const pairs =
        typeof nameOrValues === 'string'
          ? [[nameOrValues, settingText('settings.set()', nameOrValues, value)] as [string, string]]
          : Object.entries(nameOrValues)
              .filter(([, v]) => v !== undefined)
              .map(([n, v]) => [n, settingText('settings.set()', n, v)] as [string, string]);
      for (const [n, v] of pairs) checkSetting(n, v);
      // A setting given at start (the settings option) is replaced, as a fault rule given at start is.
      await service.admin({ what: 'set-settings', pairs });
    }) as ServeSettings['set'],
    reset: async (name?: string) => {
      open();
      const names = name === undefined ? undefined : [settingName(nameGiven('settings.reset()', 'setting', name))];
      await service.admin({ what: 'reset-settings', ...(names ? { names } : {}) });
    },
  };
  return {
    url: running.url,
    port: running.port,
    env,
    settings,
    reset: async (kind?: string) => {
      open();
      if (kind !== undefined && !RESET_KINDS.includes(nameGiven('reset()', 'kind', kind)))
        throw new InputError(`Unknown kind ${echoText(String(kind))}: expected one of ${RESET_KINDS.join(', ')}.`);
      // As POST /_svcctl/reset: the rows of writes already done are written first, in this same step (a group's
      // wait for the end of the turn after its COMMIT), and requests still on their way (a latency fault's
      // wait) are dropped.
      const mark = running.flushJournal();
      const deleted = (await service.admin({ what: 'reset', ...(kind === undefined ? {} : { kind }) })) as Record<
        string,
        number
      >;
      running.afterReset(mark, { kind });
      return deleted;
    },
    journal: async (opts = {}) => {
      open();
      // From JavaScript: not an object, or a misspelt option (ignored, it listed every entry): a UsageError, as
      // serve()'s own are and as a misspelt flag of `service journal` is (hostile pass 22c: they were InputErrors).
      if (opts === null || typeof opts !== 'object' || Array.isArray(opts))
        throw new UsageError(`The options of journal() are an object ({ after, limit }), not ${shown(opts)}.`);
      const stray = Object.keys(opts).find((key) => key !== 'after' && key !== 'limit');
      if (stray !== undefined)
        throw new UsageError(`Unknown option ${echoText(stray)} of journal(): its options are after, limit.`);
      // What GET /_svcctl/journal refuses, in its words.
      for (const key of ['after', 'limit'] as const) {
        const value: unknown = opts[key];
        if (value === undefined) continue;
        // Another type is named as one: a bigint was 'not '1'', as if the number 1 were refused (hostile pass 19b).
        if (typeof value !== 'number') throw new InputError(`${key} must be a whole number, not ${shown(value)}.`);
        const refused = journalCountProblem(String(value), key);
        if (refused) throw new InputError(refused);
      }
      // The rows of this turn's answers are written at its end (server/handler.ts).
      await new Promise((resolve) => setImmediate(resolve));
      await service.journalWritten();
      return (await service.admin({ what: 'journal', after: opts.after, limit: opts.limit })) as JournalEntry[];
    },
    close: () => {
      closed = true;
      return running.close();
    },
  };
}
