/**
 * The work of `svcctl service journal | resources | reset | ready`: on the store of $SVCCTL_HOME, or, with an
 * endpoint (--endpoint-url, SVCCTL_ENDPOINT_URL, the profile's endpoint_url), on a running `svcctl serve`
 * through its /_svcctl endpoints (src/server/admin.ts). Output goes through --output and --query as any
 * operation's does; --as-cli prints each journal entry as the svcctl command line that repeats it.
 */
import { readConfigBytes } from '../../core/config-text.js';
import { parseJsonExact } from '../../core/pynum.js';
import { canAsk, svcctlHome, type ProcessContext } from '../../core/context.js';
import { InputError, ServiceError, TransportError, UnknownOptionsError, UsageError } from '../../core/errors.js';
import type { GlobalOptions } from '../../core/options.js';
import { entryLine } from '../../models/as-cli.js';
import { isOperationName } from '../../models/registry.js';
import { endpointUrl } from '../../profile/endpoint.js';
import { throughPager, writePaged } from '../../output/paged.js';
import { compileQuery } from '../../output/query.js';
import {
  type Database,
  type JournalEntry,
  listEntries,
  listResources,
  RESET_KINDS,
  resetStore,
  resetTakesKeys,
  storePlace,
  type StoreUse,
  withEmbeddedStore,
} from '../../backends/embedded/index.js';
import { echoText } from '../../core/input-rules.js';
import { isPlainObject } from '../../models/validate.js';

/** The store of $SVCCTL_HOME, or the PostgreSQL store of SVCCTL_STORE_URL, as every local command uses. */
const withStore = <T>(ctx: ProcessContext, work: (db: Database) => T, use: StoreUse = 'write'): Promise<T> =>
  withEmbeddedStore(svcctlHome(ctx), ctx.env, work, use);

/** The serve these commands act on: --endpoint-url, SVCCTL_ENDPOINT_URL, the profile's endpoint_url; checked. */
export function endpointOf(globals: GlobalOptions): URL | undefined {
  const found = globals.endpoint();
  return found === undefined ? undefined : endpointUrl(found);
}

/**
 * One call to a serve's /_svcctl endpoint: its JSON, or its error as a ServiceError (254). Sent by the HTTP
 * backend's transport, one attempt: the same TLS settings (--ca-bundle, --no-verify-ssl), time-outs, Ctrl-C
 * (130), --debug lines and failures in the AWS CLI's words as every other command through --endpoint-url.
 */
export async function callServe(
  base: URL,
  path: string,
  globals: GlobalOptions,
  ctx: ProcessContext,
  method: 'GET' | 'POST' | 'DELETE' = 'GET',
  body?: unknown,
): Promise<Record<string, unknown>> {
  const url = new URL(`${base.pathname.replace(/\/+$/, '')}/_svcctl${path}`, base.origin);
  const headers: Record<string, string> = {};
  if (globals.apiKey) headers.authorization = `Bearer ${globals.apiKey}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const { Transport } = await import('../../backends/http/transport.js');
  const { debugLogger } = await import('../../backends/http/debug.js');
  const transport = new Transport({
    connectTimeoutMs: globals.connectTimeoutMs,
    readTimeoutMs: globals.readTimeoutMs,
    verifySsl: globals.verifySsl,
    ca: caBundle(globals, url),
    attempts: 1,
    backoffMs: 0,
    ...(ctx.signal ? { signal: ctx.signal } : {}),
    ...(globals.debug ? { debug: debugLogger(ctx.stderr) } : {}),
  });
  let res: { status: number; body: string; notText?: string };
  try {
    res = await transport.send({ url, method, headers, body: body === undefined ? '' : JSON.stringify(body) });
  } finally {
    transport.close();
  }
  const unreadable = (what: string) =>
    new TransportError(`${url.href} answered ${res.status} with a body that ${what}: is it a svcctl serve?`);
  // A body that is no UTF-8 is named, as the HTTP backend names it (transport.ts marks it), not printed with
  // U+FFFD in place of its bytes (hostile pass 22a: service journal, resources and reset printed them, exit 0).
  if (res.notText) throw unreadable(`is ${res.notText}`);
  let parsed: unknown;
  try {
    parsed = parseJsonExact(res.body);
  } catch {
    throw unreadable('is not JSON');
  }
  // Hostile pass 22a: null was 'Cannot read properties of null (reading 'error')', [1] printed as {} (exit 0).
  if (!isPlainObject(parsed)) throw unreadable('is not a JSON object');
  const doc = parsed;
  const error = doc.error as { code?: string; message?: string } | undefined;
  if (res.status === 503 && typeof doc.reason === 'string') throw new ServiceError('NotReady', doc.reason, 503);
  if (res.status < 200 || res.status >= 300 || error)
    throw new ServiceError(
      error?.code ?? `Http${res.status}`,
      error?.message ?? `${url.href} answered ${res.status}.`,
      res.status,
    );
  // The list or object an answer of serve's carries (hostile pass 22a: {"Faults": "x"} was 'faults.map is not a
  // function', {"Resources": 5} printed as 5, exit 0).
  const carried = ANSWER_MEMBERS[path.split('?')[0]!];
  if (carried !== undefined) {
    const [name, kind] = carried;
    const v = doc[name];
    if (kind === 'a list' ? !Array.isArray(v) : !isPlainObject(v)) throw unreadable(`holds no ${name} (${kind})`);
  }
  return doc;
}

/** The member each answer of serve's admin API carries, by its path (docs/operating-serve.md). */
const ANSWER_MEMBERS: Record<string, readonly [string, 'a list' | 'an object']> = {
  '/journal': ['Entries', 'a list'],
  '/resources': ['Resources', 'a list'],
  '/faults': ['Faults', 'a list'],
  '/reset': ['Deleted', 'an object'],
};

/** --ca-bundle (AWS_CA_BUNDLE, the profile's ca_bundle) for an https endpoint, as the HTTP backend reads it. */
function caBundle(globals: GlobalOptions, url: URL): Buffer | undefined {
  if (globals.caBundle === undefined || url.protocol !== 'https:') return undefined;
  try {
    return readConfigBytes(globals.caBundle);
  } catch {
    throw new TransportError(`Could not find a suitable TLS CA certificate bundle, invalid path: ${globals.caBundle}`);
  }
}

async function render(
  ctx: ProcessContext,
  globals: GlobalOptions,
  title: string,
  data: Record<string, unknown>,
): Promise<void> {
  const query = globals.query !== undefined ? compileQuery(globals.query) : undefined;
  await writePaged(globals, ctx, { format: globals.output, query, title }, { kind: 'single', data });
}

/** Words after a command that takes none (or no more): unknown options (252). */
export function noWords(words: string[]): void {
  if (words.length > 0) throw new UnknownOptionsError(words);
}

/**
 * Whether a value --query selected is a journal entry, as a line is written of one: an object whose Input is
 * an object, and whose Operation is one svcctl sends (or, for a request to serve's registry, whose Input names
 * its method and path). Anything else (an Input of null, an Operation svcctl has not) is the query's error
 * (252), never a line written from a guess or a JavaScript error.
 */
function isEntry(v: unknown): v is JournalEntry {
  if (!isPlainObject(v) || !isPlainObject(v.Input) || typeof v.Operation !== 'string') return false;
  if (v.Protocol === 'registry') return typeof v.Input.method === 'string' && typeof v.Input.path === 'string';
  return isOperationName(v.Operation);
}

/**
 * --as-cli: one line per entry (those --query selects, when given: it must select entries), through the pager
 * on a terminal as every listing; the lines are the output whatever --output says, as a skeleton is.
 */
async function printCliLines(
  ctx: ProcessContext,
  globals: GlobalOptions,
  entries: JournalEntry[],
  endpoint: URL | undefined,
): Promise<void> {
  let chosen: unknown = entries;
  if (globals.query !== undefined) {
    chosen = compileQuery(globals.query).search({ Entries: entries });
    if (!Array.isArray(chosen) || !chosen.every(isEntry)) {
      throw new UsageError(
        '--as-cli prints journal entries: its --query must select a list of them, such as "Entries[?Status >= `400`]".',
      );
    }
  }
  const endpointUrl = endpoint?.href.replace(/\/$/, '');
  const text = (chosen as JournalEntry[]).map((e) => `${entryLine(e, endpointUrl)}\n`).join('');
  await throughPager(globals, ctx, (out) => {
    out.write(text);
  });
}

/** What each of the commands takes: the process, the resolved global options, the words commander left over. */
export interface AdminOptions {
  ctx: ProcessContext;
  globals: GlobalOptions;
  words: string[];
}

export interface JournalOptions extends AdminOptions {
  asCli?: boolean;
  limit?: string;
}

export async function journal(flags: JournalOptions): Promise<number> {
  const { ctx, globals, words } = flags;
  noWords(words);
  if (flags.limit !== undefined && !/^\d{1,9}$/.test(flags.limit))
    throw new UsageError(`argument --limit: invalid count: ${echoText(String(flags.limit))}`);
  const limit = flags.limit === undefined ? undefined : Number(flags.limit);
  const endpoint = endpointOf(globals);
  const entries = endpoint
    ? ((await callServe(endpoint, `/journal${limit === undefined ? '' : `?limit=${limit}`}`, globals, ctx))
        .Entries as JournalEntry[])
    : await withStore(ctx, (db) => listEntries(db, { limit }), 'read');
  if (flags.asCli) await printCliLines(ctx, globals, entries, endpoint);
  else await render(ctx, globals, 'Journal', { Entries: entries });
  return 0;
}

export async function resources({ ctx, globals, words }: AdminOptions): Promise<number> {
  noWords(words);
  const endpoint = endpointOf(globals);
  const list = endpoint
    ? (await callServe(endpoint, '/resources', globals, ctx)).Resources
    : await withStore(ctx, listResources, 'read');
  await render(ctx, globals, 'Resources', { Resources: list });
  return 0;
}

export interface ResetOptions extends AdminOptions {
  kind?: string;
  account?: string;
  yes?: boolean;
}

/** What a reset deletes, in words: `every repositories row of account 111111111111`. */
function resetWhat(flags: ResetOptions): string {
  const keys = flags.kind !== undefined && resetTakesKeys(flags.kind) ? ' and the idempotency keys that made them' : '';
  const what =
    flags.kind === undefined ? 'every resource, idempotency key and journal entry' : `every ${flags.kind} row${keys}`;
  return flags.account === undefined ? what : `${what} of account ${flags.account}`;
}

/**
 * A reset of the embedded store deletes without an undo: on a terminal it asks, and without one it needs
 * --yes, as gh does for deletions (issue 34, item 5). Declined or refused, nothing changes. Exit 1 when the
 * person at the terminal says no (a choice, not an error); 252 when no terminal can ask.
 */
async function confirmReset(ctx: ProcessContext, flags: ResetOptions): Promise<boolean> {
  const where = storePlace(svcctlHome(ctx), ctx.env);
  if (!canAsk(ctx)) {
    throw new InputError(
      `svcctl service reset deletes ${resetWhat(flags)} in ${where}, and there is no terminal to ask: add --yes to confirm. Nothing was deleted.`,
    );
  }
  const { openTerminal } = await import('../../prompt/terminal.js');
  const terminal = openTerminal(ctx);
  try {
    const answer = await terminal.ask(`Delete ${resetWhat(flags)} in ${where}? [y/N] `);
    if (/^y(es)?$/i.test(answer.trim())) return true;
  } finally {
    terminal.close();
  }
  ctx.stderr.write('Nothing was deleted.\n');
  return false;
}

export async function reset(flags: ResetOptions): Promise<number> {
  const { ctx, globals, words } = flags;
  noWords(words);
  if (flags.kind !== undefined && !RESET_KINDS.includes(flags.kind)) {
    throw new UsageError(`argument --kind: Invalid choice, valid choices are:\n\n${RESET_KINDS.join(' | ')}`);
  }
  if (flags.account !== undefined && !/^\d{12}$/.test(flags.account))
    throw new UsageError(`argument --account: an account is 12 digits, not ${echoText(String(flags.account))}`);
  const endpoint = endpointOf(globals);
  const body = {
    ...(flags.kind === undefined ? {} : { kind: flags.kind }),
    ...(flags.account === undefined ? {} : { account: flags.account }),
  };
  if (!endpoint && !flags.yes && !(await confirmReset(ctx, flags))) return 1;
  const deleted = endpoint
    ? (await callServe(endpoint, '/reset', globals, ctx, 'POST', body)).Deleted
    : await withStore(ctx, (db) => resetStore(db, flags), 'read');
  await render(ctx, globals, 'Reset', { Deleted: deleted });
  // Done for good and said so: a Ctrl-C that came inside the reset's transaction (synchronous, so it could
  // not stop it) leaves exit 0, as after store import (ctx.finished), not 130 with "Deleted …" printed.
  ctx.finished = true;
  return 0;
}

/** `service ready`: exit 0 once the server (or the local store) is ready; --wait SECONDS polls until then. */
export interface ReadyOptions extends AdminOptions {
  wait?: string;
}

export async function ready(flags: ReadyOptions): Promise<number> {
  const { ctx, globals, words } = flags;
  noWords(words);
  if (flags.wait !== undefined && !/^\d{1,4}(\.\d+)?$/.test(flags.wait))
    throw new UsageError(
      `argument --wait: invalid number of seconds: ${echoText(String(flags.wait))} (seconds, 0-9999)`,
    );
  const endpoint = endpointOf(globals);
  if (!endpoint) {
    // Opens and migrates, or says why it cannot (253); the same document as serve's GET /_svcctl/ready.
    const schemaVersion = await withStore(ctx, (db) => db.pragma('user_version', { simple: true }) as number);
    await render(ctx, globals, 'Ready', { ready: true, schemaVersion });
    return 0;
  }
  const deadline = Date.now() + Number(flags.wait ?? 0) * 1000;
  for (;;) {
    let answer: Record<string, unknown> | undefined;
    try {
      answer = await callServe(endpoint, '/ready', globals, ctx);
    } catch (err) {
      if (Date.now() >= deadline || ctx.signal?.aborted) throw err;
    }
    // Only asking is repeated: printing the answer (its --query, its stdout) fails once, as any command's.
    if (answer !== undefined) {
      await render(ctx, globals, 'Ready', answer);
      return 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
