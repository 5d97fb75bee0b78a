/**
 * serve's own endpoints, under `/_svcctl/` (no protocol of the service uses that path):
 *
 *   GET  /_svcctl/health     the process is up: version, uptime, store kind (always 200, from the process alone)
 *   GET  /_svcctl/ready      the store answers within 1 s, its schema is the one this svcctl knows and it takes
 *                            writes (200), else 503
 *   GET  /_svcctl/metrics    Prometheus text format (metrics.ts)
 *   GET  /_svcctl/journal    the request journal (?after=SEQ, ?limit=N, ?cli=1 adds each entry's command line)
 *   GET  /_svcctl/resources  every resource of every account (?kind=KIND: of one kind)
 *   GET  /_svcctl/inspector/state  what the inspector page shows: per kind, counts per account and the first
 *                           rows (?first=N, default 10), and the journal's extent (kept, first and last seq)
 *   POST /_svcctl/reset      everything, or ?kind=KIND and/or ?account=ID (also a JSON body {"kind", "account"})
 *   GET  /_svcctl/faults     the fault rules in effect, with the calls counted by those that count
 *   POST /_svcctl/faults     sets rules: a JSON object of rule names and rules ({"fault.ecr.CreateRepository": "throttle;next=2"}; null removes one)
 *   DELETE /_svcctl/faults   removes every rule, or ?name=NAME that one, or several (?name=A&name=B)
 *   GET  /_svcctl/           the inspector page (inspector.ts), and its /_svcctl/inspector.css and .js
 *
 * Every 200 answer to a GET carries an ETag; a request whose If-None-Match names it gets 304 and no body
 * (the page polls every second and downloads nothing while nothing changes). An answer over 1 KiB is
 * compressed (br, else gzip) for a client that accepts it.
 *
 * Who may: health, ready and metrics are open (CI waits on them). Without --credentials, so are the
 * journal, resources and the page, like every other request; with --credentials they need loopback or an
 * admin key. Reset always needs loopback, and with --credentials an admin key too (`admin = true`, sent
 * as `Authorization: Bearer <api_key>`). Fault rules are read as the journal is, and changed as a reset is.
 */
import { stringifyJsonExact } from '../core/pynum.js';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import {
  checkPairs,
  type EmbeddedService,
  type JournalEntry,
  type KindSummary,
  RESET_KINDS,
  type ResetCounts,
  type Resource,
  RESOURCE_KINDS,
  type ResourceKind,
} from '../backends/embedded/index.js';
import { StoreProblemError, StoreUnavailableError, withoutTopology } from '../core/errors.js';
import { VERSION } from '../core/version.js';
import { entryLine } from '../models/as-cli.js';
import type { Credentials } from './credentials.js';
import { INSPECTOR_CSS, INSPECTOR_HTML, INSPECTOR_JS } from './inspector.js';
import type { Metrics } from './metrics.js';
import { bearerKey } from './router.js';
import { isLoopback } from './security.js';
import { hostRefusal, type HostRules, otherSite } from './browsers.js';
import { isFaultName, parseFaultName } from '../models/faults.js';
import { InputError } from '../core/errors.js';
import { ConfigTextError, decodeConfigText, parseConfigJson } from '../core/config-text.js';
import { echoBare, echoText } from '../core/input-rules.js';
import { pythonJsonError } from '../input/python-json.js';
import { codedBody } from './framing.js';
import { charsetProblem } from '../wire/types.js';

export const OPS_PREFIX = '/_svcctl';

export interface AdminDeps {
  service: EmbeddedService;
  metrics: Metrics;
  credentials?: Credentials;
  /** Entries the journal keeps (0: none). */
  journalSize: number;
  /** The Host values this server answers. */
  hosts: HostRules;
  /** The journal's writer: a reset has the rows recorded so far written first (journal-writer.ts flushNow). */
  journal?: { flushNow(): number; afterReset(mark: number, reset: { kind?: string; account?: string }): void };
}

interface Answer {
  status: number;
  type: string;
  body: string;
  headers?: Record<string, string>;
}

export function isAdminPath(pathname: string): boolean {
  return pathname === OPS_PREFIX || pathname.startsWith(`${OPS_PREFIX}/`);
}

function json(status: number, doc: unknown, headers?: Record<string, string>): Answer {
  return { status, type: 'application/json', body: `${stringifyJsonExact(doc)}\n`, headers };
}

function problem(status: number, code: string, message: string, headers?: Record<string, string>): Answer {
  return json(status, { error: { code, message } }, headers);
}

/** Is the caller an admin of --credentials (Bearer key of a principal with admin = true)? */
function isAdmin(req: IncomingMessage, credentials: Credentials): boolean {
  const key = bearerKey(req.headers.authorization);
  return key !== undefined && key !== '' && credentials.v2Principal(key)?.admin === true;
}

const ADMIN_HINT = 'send Authorization: Bearer <api_key> of a principal with admin = true in the --credentials file';

/** Reading every account's data: anyone without --credentials; loopback or an admin with them. */
function mayRead(req: IncomingMessage, deps: AdminDeps): Answer | undefined {
  if (!deps.credentials || isLoopback(req.socket.remoteAddress ?? '') || isAdmin(req, deps.credentials))
    return undefined;
  return problem(
    403,
    'AccessDenied',
    `This server has --credentials: beyond loopback, reading the journal and every account's resources needs an admin key (${ADMIN_HINT}).`,
  );
}

/** Changing the server's state (a reset, fault rules): from loopback only, and with --credentials an admin's key. */
export function mayReset(
  req: IncomingMessage,
  deps: AdminDeps,
  what: 'reset' | 'changing fault rules' = 'reset',
): Answer | undefined {
  const from = req.socket.remoteAddress ?? 'an unknown address';
  const What = what.charAt(0).toUpperCase() + what.slice(1);
  if (!isLoopback(from))
    return problem(
      403,
      'AccessDenied',
      `${What} is allowed only from this machine's loopback interface (127.0.0.1, ::1); this request came from ${from}.`,
    );
  if (deps.credentials && !isAdmin(req, deps.credentials))
    return problem(403, 'AccessDenied', `This server has --credentials: ${what} needs an admin key (${ADMIN_HINT}).`);
  return undefined;
}

/** With --store-pool-size: the threads that run operations, for health. */
function poolOf(deps: AdminDeps): { poolThreads?: number } {
  const pool = deps.service.poolState;
  return pool ? { poolThreads: pool.threads } : {};
}

function health(deps: AdminDeps): Answer {
  return json(200, {
    status: 'ok',
    version: VERSION,
    uptimeSeconds: Number(deps.metrics.uptimeSeconds().toFixed(3)),
    store: { kind: deps.service.storeKind, ...poolOf(deps) },
  });
}

/** How long readiness waits for the store: a store that does not answer within it is not ready. */
export const READY_BOUND_MS = 1000;

async function ready(deps: AdminDeps): Promise<Answer> {
  const r = await deps.service.readiness(READY_BOUND_MS);
  if (r.ready) return json(200, r);
  deps.metrics.storeError();
  return json(503, r);
}

/** Why `after` or `limit` of the journal is refused (the library's journal() says the same), or undefined. */
export function journalCountProblem(value: string, name: string): string | undefined {
  if (/^\d{1,9}$/.test(value)) return undefined;
  // A whole number of more digits is one: its bound is what it breaks.
  if (/^\d+$/.test(value)) return `${name} is at most 999999999, not ${echoText(value)}.`;
  return `${name} must be a whole number, not ${echoText(value)}.`;
}

function count(value: string | null, name: string): number | Answer | undefined {
  if (value === null) return undefined;
  const refused = journalCountProblem(value, name);
  if (refused) return problem(400, 'InvalidParameter', refused);
  return Number(value);
}

async function journal(req: IncomingMessage, url: URL, deps: AdminDeps): Promise<Answer> {
  const after = count(url.searchParams.get('after'), 'after');
  const limit = count(url.searchParams.get('limit'), 'limit');
  if (typeof after === 'object') return after;
  if (typeof limit === 'object') return limit;
  // Read strictly as `after` and `limit` are: `?cli=true` gave the entries without their Cli, silently.
  const cli = url.searchParams.get('cli');
  if (cli !== null && cli !== '1' && cli !== '0')
    return problem(
      400,
      'InvalidParameter',
      `cli is 1 (each entry with its command line, as Cli) or 0, not ${echoText(cli)}.`,
    );
  const entries = (await deps.service.admin({ what: 'journal', after, limit })) as JournalEntry[];
  if (cli !== '1') return json(200, { Entries: entries });
  const endpointUrl = `http://${req.headers.host ?? '127.0.0.1'}`;
  return json(200, {
    Entries: entries.map((e) => ({
      ...e,
      Cli: entryLine(e, endpointUrl),
    })),
  });
}

async function resources(url: URL, deps: AdminDeps): Promise<Answer> {
  const kind = url.searchParams.get('kind');
  if (kind !== null && !(RESOURCE_KINDS as readonly string[]).includes(kind))
    return problem(
      400,
      'InvalidParameter',
      `Unknown kind ${echoText(kind)}: expected one of ${RESOURCE_KINDS.join(', ')}.`,
    );
  const asked = kind === null ? {} : { kind: kind as ResourceKind };
  return json(200, { Resources: (await deps.service.admin({ what: 'resources', ...asked })) as Resource[] });
}

/** Rows per kind the inspector page asks for at most. */
const MAX_FIRST = 1000;

async function inspectorState(url: URL, deps: AdminDeps): Promise<Answer> {
  const first = count(url.searchParams.get('first'), 'first') ?? 10;
  if (typeof first === 'object') return first;
  if (first > MAX_FIRST) return problem(400, 'InvalidParameter', `first is at most ${MAX_FIRST}, not ${first}.`);
  const state = (await deps.service.admin({ what: 'summary', first })) as {
    resources: KindSummary[];
    journal: Record<string, unknown>;
  };
  return json(200, { Resources: state.resources, Journal: { ...state.journal, Size: deps.journalSize } });
}

/** Why an admin body is refused: its reason, in the words a settings file's JSON error has. */
class AdminBodyError extends Error {}

/** The most an admin body takes: a reset's two members, or fault rules, are far less. */
const ADMIN_BODY_MAX = 4096;

/**
 * The JSON body of a reset or of fault rules, read as a settings file is (core/config-text.ts): strict UTF-8,
 * a key given twice refused, at most 4 KiB; undefined when empty. A problem is thrown as a ConfigTextError
 * (its line and reason), or as an AdminBodyError: one that is not JSON in Python's words (as a settings file's,
 * a snapshot's), one too long saying so.
 */
async function readAdminJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > ADMIN_BODY_MAX)
      throw new AdminBodyError(`it is longer than ${ADMIN_BODY_MAX} bytes, the most an admin request's body takes`);
    chunks.push(chunk);
  }
  const text = decodeConfigText(Buffer.concat(chunks, total)).trim();
  if (text === '') return undefined;
  try {
    return parseConfigJson(text);
  } catch (err) {
    if (err instanceof ConfigTextError) throw err;
    throw new AdminBodyError(pythonJsonError(text, false) ?? (err as Error).message);
  }
}

/** A ConfigTextError or AdminBodyError of an admin body in the words of its endpoint; anything else undefined. */
function badBody(err: unknown, endpoint: string): Answer | undefined {
  if (err instanceof ConfigTextError || err instanceof AdminBodyError)
    return problem(400, 'InvalidParameter', `Invalid body of ${endpoint}: ${err.message}.`);
  return undefined;
}

const RESET_MEMBERS = ['kind', 'account'];

async function reset(req: IncomingMessage, url: URL, deps: AdminDeps): Promise<Answer> {
  const refused = mayReset(req, deps);
  if (refused) return refused;
  let fields: Record<string, unknown> = {};
  try {
    // An empty body is a reset of everything; a JSON null is no object (it was taken as empty: everything went),
    // as the library's reset(null) and /_svcctl/faults refuse it.
    const doc = await readAdminJson(req);
    if (doc !== undefined && (doc === null || typeof doc !== 'object' || Array.isArray(doc)))
      throw new Error('not an object');
    fields = (doc ?? {}) as Record<string, unknown>;
  } catch (err) {
    return (
      badBody(err, 'POST /_svcctl/reset') ??
      problem(
        400,
        'InvalidParameter',
        'The body of a reset is empty or a JSON object: {"kind": "...", "account": "..."}.',
      )
    );
  }
  // A misspelt member is refused, not ignored: ignored, it made the reset one of everything.
  const stray = Object.keys(fields).find((k) => !RESET_MEMBERS.includes(k));
  if (stray !== undefined)
    return problem(400, 'InvalidParameter', `The body of a reset takes kind and account, not ${echoText(stray)}.`);
  for (const name of RESET_MEMBERS)
    if (url.searchParams.has(name) && fields[name] !== undefined)
      return problem(
        400,
        'InvalidParameter',
        `${name} is given in both the query string and the body of the reset: give it once.`,
      );
  // A body's member of another type is named as JSON: {"account": 123456789012} was 'An account is 12
  // digits, not '123456789012'', and {"kind": null} 'Unknown kind 'null''.
  for (const name of RESET_MEMBERS)
    if (name in fields && typeof fields[name] !== 'string')
      return problem(
        400,
        'InvalidParameter',
        `The ${name} of a reset is a JSON string, not ${echoBare(JSON.stringify(fields[name]))}.`,
      );
  const kind = url.searchParams.get('kind') ?? fields.kind;
  const account = url.searchParams.get('account') ?? fields.account;
  if (kind !== undefined && (typeof kind !== 'string' || !RESET_KINDS.includes(kind))) {
    return problem(
      400,
      'InvalidParameter',
      `Unknown kind ${echoText(String(kind))}: expected one of ${RESET_KINDS.join(', ')}.`,
    );
  }
  if (account !== undefined && (typeof account !== 'string' || !/^\d{12}$/.test(account))) {
    return problem(400, 'InvalidParameter', `An account is 12 digits, not ${echoText(String(account))}.`);
  }
  // The rows of the writes already done first, in this same step: a group's are written at the end of the
  // turn after its COMMIT, and a reset in between left them written into the journal it had emptied.
  const mark = deps.journal?.flushNow();
  const request = { kind: kind as string | undefined, account: account as string | undefined };
  const deleted = (await deps.service.admin({ what: 'reset', ...request })) as ResetCounts;
  // Rows from before it that the store refused and that still wait for it: the reset removed them.
  if (mark !== undefined) deps.journal?.afterReset(mark, request);
  return json(200, { Deleted: deleted });
}

/** `POST /_svcctl/faults`: {"fault.<service>.<Operation>": "<rule>" | null, …}, all checked, then all set. */
async function setFaults(req: IncomingMessage, deps: AdminDeps): Promise<Answer> {
  const refused = mayReset(req, deps, 'changing fault rules');
  if (refused) return refused;
  const shape =
    'The body of POST /_svcctl/faults is a JSON object of fault rule names and rules: {"fault.ecr.CreateRepository": "throttle;next=2"} (null removes a rule).';
  let doc: unknown;
  try {
    doc = await readAdminJson(req);
  } catch (err) {
    return badBody(err, 'POST /_svcctl/faults') ?? problem(400, 'InvalidParameter', shape);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return problem(400, 'InvalidParameter', shape);
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(doc)) {
    if (!isFaultName(name))
      return problem(
        400,
        'InvalidParameter',
        `${echoText(name)} is not a fault rule name (fault.<service>.<Operation>).`,
      );
    if (value !== null && typeof value !== 'string')
      return problem(
        400,
        'InvalidParameter',
        `The rule of ${name} is a string or null, not ${echoBare(JSON.stringify(value))}.`,
      );
    pairs.push([name, value ?? 'none']);
  }
  try {
    checkPairs(pairs); // each as service settings set checks it, and one rule under two names refused
  } catch (err) {
    if (err instanceof InputError) return problem(400, 'InvalidParameter', err.message);
    throw err;
  }
  return json(200, { Faults: await deps.service.admin({ what: 'set-settings', pairs }) });
}

/** `DELETE /_svcctl/faults`: every rule, or the `?name=` ones (each of them: `?name=A&name=B`). */
async function deleteFaults(req: IncomingMessage, url: URL, deps: AdminDeps): Promise<Answer> {
  const refused = mayReset(req, deps, 'changing fault rules');
  if (refused) return refused;
  const names = url.searchParams.getAll('name');
  for (const name of names) {
    if (!isFaultName(name))
      return problem(
        400,
        'InvalidParameter',
        `${echoText(name)} is not a fault rule name (fault.<service>.<Operation>).`,
      );
    // A name of no service or operation is the client's mistake (400), as in POST, not the store's (500).
    try {
      parseFaultName(name);
    } catch (err) {
      if (err instanceof InputError) return problem(400, 'InvalidParameter', err.message);
      throw err;
    }
  }
  return json(200, {
    Faults: await deps.service.admin({ what: 'remove-faults', ...(names.length > 0 ? { names } : {}) }),
  });
}

type Route = (req: IncomingMessage, url: URL, deps: AdminDeps) => Answer | Promise<Answer>;

const page =
  (type: string, body: string): Route =>
  (req, _url, deps) =>
    mayRead(req, deps) ?? { status: 200, type, body };

/**
 * `afterJournal`: with a pool, journal rows are written by its threads; these routes first wait for the
 * writes under way, so that what was answered before is in (the journal, and a reset that must not be
 * followed by older rows). Health, readiness and metrics never wait on the database for it.
 */
type Method = 'GET' | 'POST' | 'DELETE';

const ROUTES: Record<
  string,
  { method: Method; route: Route; afterJournal?: true; also?: Partial<Record<Method, Route>> }
> = {
  '/health': { method: 'GET', route: (_req, _url, deps) => health(deps) },
  '/ready': { method: 'GET', route: (_req, _url, deps) => ready(deps) },
  '/metrics': {
    method: 'GET',
    route: (_req, _url, deps) => ({
      status: 200,
      type: 'text/plain; version=0.0.4; charset=utf-8',
      body: deps.metrics.render(Date.now(), deps.service.poolState),
    }),
  },
  '/journal': {
    method: 'GET',
    route: (req, url, deps) => mayRead(req, deps) ?? journal(req, url, deps),
    afterJournal: true,
  },
  '/resources': {
    method: 'GET',
    route: (req, url, deps) => mayRead(req, deps) ?? resources(url, deps),
  },
  '/inspector/state': {
    method: 'GET',
    route: (req, url, deps) => mayRead(req, deps) ?? inspectorState(url, deps),
    afterJournal: true,
  },
  '/reset': { method: 'POST', route: reset, afterJournal: true },
  '/faults': {
    method: 'GET',
    route: async (req, _url, deps) =>
      mayRead(req, deps) ?? json(200, { Faults: await deps.service.admin({ what: 'faults' }) }),
    also: { POST: (req, _url, deps) => setFaults(req, deps), DELETE: deleteFaults },
  },
  '/': { method: 'GET', route: page('text/html; charset=utf-8', INSPECTOR_HTML) },
  '/inspector.css': { method: 'GET', route: page('text/css; charset=utf-8', INSPECTOR_CSS) },
  '/inspector.js': { method: 'GET', route: page('text/javascript; charset=utf-8', INSPECTOR_JS) },
};

/**
 * The query-string parameters each endpoint reads, by `METHOD /path`; an endpoint not listed reads none. Any
 * other is refused, not ignored: ignored, `POST /_svcctl/reset?kinds=journal` was a reset of everything.
 */
const QUERY: Record<string, readonly string[]> = {
  'GET /journal': ['after', 'limit', 'cli'],
  'GET /resources': ['kind'],
  'GET /inspector/state': ['first'],
  'POST /reset': ['kind', 'account'],
  'DELETE /faults': ['name'],
};

/** Every endpoint as `METHOD /path` (HEAD is a GET's). */
export function adminEndpoints(): string[] {
  return Object.entries(ROUTES).flatMap(([path, r]) =>
    [r.method, ...Object.keys(r.also ?? {})].map((method) => `${method} ${path}`),
  );
}

/**
 * What a request carries where its endpoint reads nothing, refused before anything is read or done: a body
 * under a Content-Encoding (415, as on the protocols' routes), a body on a GET or DELETE (their parameters
 * are in the query string), a query-string parameter the endpoint does not read, or one it reads given twice.
 */
function carriesMore(req: IncomingMessage, url: URL, method: string, sub: string): Answer | undefined {
  const coded = codedBody(req.headers['content-encoding']);
  if (coded) return problem(415, 'UnsupportedMediaType', coded);
  const shown = `${method} ${OPS_PREFIX}${sub}`;
  const length = req.headers['content-length'];
  const body = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (method !== 'POST' && body)
    return problem(400, 'InvalidParameter', `${shown} takes no request body; its parameters are in the query string.`);
  // Its body is read as UTF-8 JSON, as the protocols' bodies are: another charset is refused as on their routes.
  const charset = body ? charsetProblem(req.headers['content-type']) : undefined;
  if (charset) return problem(415, 'UnsupportedMediaType', charset);
  const takes = QUERY[`${method} ${sub}`] ?? [];
  const names = [...url.searchParams.keys()];
  const stray = names.find((name) => !takes.includes(name));
  if (stray !== undefined)
    return problem(
      400,
      'InvalidParameter',
      `Unknown query-string parameter ${echoText(stray)}: ${shown} takes ${takes.length > 0 ? takes.join(', ') : 'none'}.`,
    );
  // A parameter twice: the first was taken, the second ignored. DELETE /_svcctl/faults takes several names.
  for (const name of takes) {
    const n = names.filter((k) => k === name).length;
    if (n > 1 && !(name === 'name' && method === 'DELETE'))
      return problem(
        400,
        'InvalidParameter',
        `${name} is given ${n} times in the query string of ${shown}: give it once.`,
      );
  }
  return undefined;
}

/**
 * A page of another site, open in the user's browser, can send requests to a local serve (the browser does,
 * from loopback): a form or a no-cors fetch that resets the store, or, with a name rebound to 127.0.0.1,
 * same-origin reads of the journal. A Host that does not name this server gets 421, and a request that
 * names another site's page (Origin, Sec-Fetch-Site) 403, whatever the endpoint. Clients that are not
 * browsers (svcctl, curl, SDKs) send no Origin.
 */
function fromAnotherSite(req: IncomingMessage, deps: AdminDeps): Answer | undefined {
  const misdirected = hostRefusal(req, deps.hosts);
  if (misdirected) return problem(421, 'MisdirectedRequest', misdirected, { connection: 'close' });
  const site = otherSite(req);
  if (site)
    return problem(
      403,
      'AccessDenied',
      `Requests to ${OPS_PREFIX}/ from a page of another site are refused (${site}).`,
    );
  return undefined;
}

async function route(req: IncomingMessage, deps: AdminDeps): Promise<Answer> {
  const refused = fromAnotherSite(req, deps);
  if (refused) return refused;
  const url = new URL(req.url ?? '/', 'http://svcctl');
  const sub = url.pathname === OPS_PREFIX ? '/' : url.pathname.slice(OPS_PREFIX.length);
  const r = ROUTES[sub];
  if (!r)
    return problem(
      404,
      'NotFound',
      `No such endpoint: ${echoBare(url.pathname)} (see GET ${OPS_PREFIX}/ for the inspector).`,
    );
  const method = req.method === 'HEAD' && r.method === 'GET' ? 'GET' : req.method;
  const handle = method === r.method ? r.route : r.also?.[method as Method];
  if (!handle) {
    const allowed = [r.method, ...Object.keys(r.also ?? {})];
    return problem(405, 'MethodNotAllowed', `${url.pathname} takes ${allowed.join(' or ')}.`, {
      allow: allowed.join(', '),
    });
  }
  const carried = carriesMore(req, url, method ?? 'GET', sub);
  if (carried) return carried;
  try {
    if (r.afterJournal) {
      // Rows of answers already sent are queued for the end of their turn of the event loop (handler.ts): an
      // answer sent from a timer (a latency fault) leaves a poll phase before that end, in which a fast
      // client's next request is read. Waiting one turn lets those rows in first.
      await new Promise((resolve) => setImmediate(resolve));
      await deps.service.journalWritten();
    }
    return await handle(req, url, deps);
  } catch (err) {
    deps.metrics.storeError();
    // SQLite's (locked by another process, read-only, full) as PostgreSQL's: a 503, as an operation's (handler.ts).
    if (err instanceof StoreUnavailableError || err instanceof StoreProblemError)
      // withoutTopology keeps the sentence's own period (it drops ' Retry the request.'): one period, not two.
      return problem(503, 'ServiceUnavailable', `${withoutTopology(err).replace(/\.$/, '')}. Retry the request.`);
    return problem(500, 'InternalError', `The store could not answer: ${(err as Error).message}`);
  }
}

const compressors = {
  br: promisify(brotliCompress),
  gzip: promisify(gzip),
};

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
const COMPRESS_FROM = 1024;

/** The encoding to answer in: br, else gzip, when the client accepts it (q > 0), else none. */
export function chooseEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** A weak validator of the answer's text (weak: the same text goes out in several encodings). */
function etagOf(body: string): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Does If-None-Match name this validator (weak comparison, as RFC 9110 asks for GET)? */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/** Answers one request under /_svcctl; resolves with its status for the request log. */
export async function answerAdmin(
  req: IncomingMessage,
  res: ServerResponse,
  deps: AdminDeps,
  closing: boolean,
): Promise<number> {
  const a = await route(req, deps);
  req.resume();
  const headers: Record<string, string | number> = { 'cache-control': 'no-store', ...a.headers };
  if (closing) headers.connection = 'close';
  const read = a.status === 200 && (req.method === 'GET' || req.method === 'HEAD');
  if (read) {
    headers.etag = etagOf(a.body);
    headers.vary = 'Accept-Encoding';
    if (notModified(req.headers['if-none-match'], headers.etag)) {
      res.writeHead(304, headers);
      res.end();
      return 304;
    }
  }
  let body: Buffer = Buffer.from(a.body, 'utf8');
  const encoding = read && body.length >= COMPRESS_FROM ? chooseEncoding(req.headers['accept-encoding']) : undefined;
  if (encoding === 'br') body = await compressors.br(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  else if (encoding === 'gzip') body = await compressors.gzip(body);
  if (encoding) headers['content-encoding'] = encoding;
  res.writeHead(a.status, { 'content-type': a.type, 'content-length': body.length, ...headers });
  res.end(req.method === 'HEAD' ? undefined : body);
  return a.status;
}
