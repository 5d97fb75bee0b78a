/**
 * One request, start to end: pick the protocol, read the body within the limits, check the v2 key
 * against --api-keys and the nesting against the limit, decode it into the model's params, reject unknown members, call the embedded service, encode the answer or the error in
 * the protocol's own shape, and log one line.
 */
import { maxRequestBytes } from '../core/input-rules.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { actOnFault, type EmbeddedService, FAULT_FIRED, HOLD_ENDED } from '../backends/embedded/index.js';
import { ServiceError, StoreProblemError, StoreUnavailableError } from '../core/errors.js';
import type { Codec, WireRequest, WireResponse } from '../wire/types.js';
import { urlTooLong } from '../wire/codecs.js';
import { unknownMemberError } from './checks.js';
import { BodyError, type BodyBudget, type Limits, readBody } from './limits.js';
import { nestingProblem } from './nesting.js';
import { pickProtocol, type Protocol } from './router.js';
import type { Credentials } from './credentials.js';
import type { ApiKeyList } from './security.js';
import { authenticate, sessionAuthenticated } from './authenticate.js';
import { maskSecrets } from '../models/secrets.js';
import { takesIdempotency } from '../models/operation.js';
import { operation as modelOf } from '../models/registry.js';
import type { Metrics } from './metrics.js';
import { answerAdmin, isAdminPath } from './admin.js';
import type { JournalWriter } from './journal-writer.js';
import { hostRefusal, type HostRules, writeRefusal } from './browsers.js';
import { codedBody, codingProblem, faultDelay, framingProblem, loggedPath } from './framing.js';
import { answerRegistry, registryRoute, withServedRegistry } from './registry.js';

export interface HandlerDeps {
  service: EmbeddedService;
  limits: Limits;
  /** Shared by all requests: bounds the memory their bodies hold at once. */
  budget?: BodyBudget;
  /** --api-keys: the keys v2 requests may carry. */
  apiKeys?: ApiKeyList;
  /** --credentials: the principals; AWS signatures are verified and each caller acts in its own account. */
  credentials?: Credentials;
  /** The server's clock for signature times (milliseconds). */
  now?: () => number;
  /** A log line; `fields` are the request's, for the JSON log format. */
  log: (line: string, fields?: Record<string, unknown>) => void;
  /** True once the server is stopping: answers then close their connections. */
  closing: () => boolean;
  /** This process's counters (GET /_svcctl/metrics). */
  metrics: Metrics;
  /** Entries the request journal keeps (0: no journal). */
  journalSize: number;
  /** Writes the journal's rows, keeping them while the store takes none. */
  journal: JournalWriter;
  /** The Host values this server answers (--host, --allowed-hosts). */
  hosts: HostRules;
}

/** What the journal records of a request that reached an operation. */
interface Journaled {
  input: Record<string, unknown>;
  account: string;
  principal?: string;
  region: string;
  idempotencyKey?: string;
  /** Something the client should know that its answer does not say (a v2 version served as another). */
  warning?: string;
  /** The fault rule that fired (`fault.ecr.CreateRepository: throttle;next=2`). */
  fault?: string;
}

interface Outcome {
  response: WireResponse;
  operation: string;
  /** The connection cannot be reused (body left unread). */
  close: boolean;
  /** A `close` fault: the connection is closed without an answer. */
  drop?: true;
  /** Set once the request named an operation and its input decoded. */
  call?: Journaled;
  errorCode?: string;
}

function lowerHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/**
 * What a client is told when the store failed its request: the protocol's ordinary 503, nothing of the
 * store's address (that is in serve's log). "Retry" only when the request's writes are known not to have
 * been committed; when its COMMIT was sent and the database could not be asked, the client is told so.
 */
export const UNAVAILABLE_MESSAGE = 'The service is unavailable. Retry the request.';
export const OUTCOME_UNKNOWN_MESSAGE =
  'The service could not confirm whether the request was done: it may have been. Check before repeating it (a v2 request repeated with the same Idempotency-Key gets the first answer).';

/** A store failure: logged once per incident (its end too, in storeServed), counted, answered without the topology. */
export function storeFailed(
  deps: Pick<HandlerDeps, 'log' | 'metrics'>,
  err: StoreUnavailableError,
  writesOnly = false,
): void {
  deps.metrics.storeError();
  if (deps.metrics.storeFailed(writesOnly))
    deps.log(`store: unavailable: ${err.message} Requests get 503 until it serves again.`);
}

/**
 * The store served a request (or serve's own check of it, a read: server.ts): an incident under way ends, with
 * one line; one of writes alone (a SQLite store read-only, full or locked) only when a write is served.
 */
export function storeServed(deps: Pick<HandlerDeps, 'log' | 'metrics'>, write = true): void {
  const over = deps.metrics.storeServed(write);
  if (over)
    deps.log(
      `store: serving again after ${over.seconds.toFixed(1)} s (${over.answered503} request(s) answered 503 meanwhile)`,
    );
}

function asServiceError(
  err: unknown,
  protocol: Protocol,
  deps: Pick<HandlerDeps, 'log' | 'metrics'>,
  write = false,
): ServiceError {
  const log = deps.log;
  // A SQLite store serve cannot use as it is (full, read-only, locked): as a PostgreSQL store that cannot
  // serve, a 503 and one log line naming it, not a 500 with a stack trace for every request. A write it
  // refuses while reads answer is an incident of writes: a read served does not end it (storeServed).
  const writesOnly = write && err instanceof StoreProblemError;
  if (err instanceof StoreProblemError) err = new StoreUnavailableError(err.message);
  if (err instanceof StoreUnavailableError) {
    storeFailed(deps, err, writesOnly);
    return protocol.codec.problem(
      'unavailable',
      err.outcome === 'unknown' ? OUTCOME_UNKNOWN_MESSAGE : UNAVAILABLE_MESSAGE,
    );
  }
  if (err instanceof ServiceError) return err;
  if (err instanceof BodyError) return protocol.codec.problem(err.kind, err.message);
  log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  if (String((err as { code?: unknown })?.code ?? '').startsWith('SQLITE_')) deps.metrics.storeError();
  return protocol.codec.problem('internal', 'The server had an internal error processing the request.');
}

async function answer(
  req: IncomingMessage,
  headers: Record<string, string>,
  deps: HandlerDeps,
  protocol: Protocol,
  requestId: string,
  resets: number,
): Promise<Outcome> {
  const outcome = await answerCall(req, headers, deps, protocol, requestId, resets);
  const extra = protocol.answerHeaders?.(headers);
  if (extra) outcome.response.headers = { ...outcome.response.headers, ...extra };
  return outcome;
}

function warningOf(protocol: Protocol, headers: Record<string, string>): { warning?: string } {
  const warning = protocol.warning?.(headers);
  return warning === undefined ? {} : { warning };
}

async function answerCall(
  req: IncomingMessage,
  headers: Record<string, string>,
  deps: HandlerDeps,
  protocol: Protocol,
  requestId: string,
  resets: number,
): Promise<Outcome> {
  let operation = '-';
  let call: Journaled | undefined;
  // A Host that does not name this server (DNS rebinding): refused before the body is read.
  const misdirected = hostRefusal(req, deps.hosts);
  if (misdirected) {
    const error = protocol.codec.problem('misdirected', misdirected);
    return { response: protocol.codec.encodeError(error, requestId), operation, close: true, errorCode: error.code };
  }
  // A body under a Content-Encoding: refused before it is read (as text it would be 'not valid UTF-8').
  const coded = codedBody(headers['content-encoding']);
  if (coded) {
    const error = protocol.codec.problem('bad-content-type', coded);
    return { response: protocol.codec.encodeError(error, requestId), operation, close: true, errorCode: error.code };
  }
  try {
    // UploadLayerPart's part is its request: a larger limit (core/input-rules.ts), named before the body is read.
    const target = headers['x-amz-target'] ?? '';
    const limits = target.endsWith('.UploadLayerPart')
      ? { ...deps.limits, maxBodyBytes: maxRequestBytes('UploadLayerPart', deps.limits.maxBodyBytes) }
      : deps.limits;
    const body = await readBody(req, limits, deps.budget);
    // The README's 8 KiB of URL, as the CLI's backends hold a request to it (wire/codecs.ts): one check.
    const longUrl = urlTooLong(protocol.codec, req.url ?? '/');
    if (longUrl) throw longUrl;
    const wire: WireRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers, body };
    // The meter event stream's session token, as every v2 key (authenticate.ts), is checked before its body and
    // its headers: when they are refused, the service's own check (callV2's keyOnly) answers a missing, unknown or
    // expired token's 401 first, before a connected account's 403 or the body's 400.
    let caller: ReturnType<typeof authenticate>;
    let decoded: ReturnType<Codec['decodeRequest']>;
    try {
      caller = authenticate(protocol.codec, wire, deps);
      const tooDeep = nestingProblem(protocol.codec.name, req.url ?? '/', body, deps.limits.maxNesting);
      if (tooDeep) throw protocol.codec.problem('bad-encoding', tooDeep);
      decoded = protocol.codec.decodeRequest(wire);
      operation = decoded.op.name;
      const refused = writeRefusal(req, decoded.op);
      if (refused) throw protocol.codec.problem('forbidden', refused);
      const unknown = unknownMemberError(decoded.op, decoded.params);
      if (unknown) throw unknown;
    } catch (err) {
      if (err instanceof ServiceError && sessionAuthenticated(wire))
        await deps.service.call('CreateMeterEventStream', {}, { ...protocol.callContext(wire), keyOnly: true });
      throw err;
    }
    const { op, params } = decoded;
    const context = { ...protocol.callContext(wire), ...caller, ...originOf(req) };
    call = {
      input: maskSecrets(op.input, params) as Record<string, unknown>,
      account: context.accountId ?? deps.service.accountId,
      principal: context.principal,
      region: context.region,
      // Only where it is kept: a key sent to the meter event stream (a client's SDK sends one with every POST) keeps
      // nothing, and the journal's --as-cli wrote it as an --idempotency-key the command refuses (hostile pass 17d).
      // An empty key is none already (router.ts).
      ...(context.idempotencyKey === undefined || !takesIdempotency(op)
        ? {}
        : { idempotencyKey: context.idempotencyKey }),
      ...warningOf(protocol, headers),
    };
    const dropped: Outcome = {
      response: { status: 0, headers: {}, body: '' },
      operation,
      close: true,
      drop: true,
      call,
    };
    // Begun before a reset (its body still coming when a test's reset() ran): dropped, not run after it.
    if (deps.service.resetSince(resets)) return dropped;
    // From here the request waits on the service (its fault rule, then the store): the idle limit does not
    // cut its connection (server.ts); it gets its answer (issue 41, item 2).
    answering.add(req.socket);
    let output: Record<string, unknown>;
    try {
      const fired = await deps.service.fault({
        service: op.service,
        operation: op.name,
        account: call.account,
        region: call.region,
      });
      if (fired) {
        call.fault = fired.label;
        // A latency's wait ends early when the client goes away, the store is reset or serve stops: the
        // request is then dropped, not run late (a fault never changes the store; a reset leaves nothing).
        if ((await actOnFault(fired, op.service, (ms) => faultDelay(req, deps.service, ms))) === 'close')
          return dropped;
      }
      if (deps.service.resetSince(resets)) return dropped;
      output = await deps.service.call(op.name, params, context);
      if (op.service === 'ecr') output = withServedRegistry(output, req);
    } catch (err) {
      // Ended by a reset or serve's stop (an account update's hold: leases.ts), nothing done: dropped as a latency
      // fault's request is. Any other error is answered, during a graceful stop too.
      if (err instanceof ServiceError && err.code === HOLD_ENDED) return dropped;
      if (err instanceof ServiceError && !(err instanceof StoreUnavailableError) && !(FAULT_FIRED in err))
        storeServed(deps, !op.readOnly);
      throw err;
    } finally {
      answering.delete(req.socket);
    }
    storeServed(deps, !op.readOnly);
    const response = protocol.codec.encodeResponse(op, output, requestId);
    // As Stripe marks an idempotent replay (the stored answer of the key's first request): compat.md #425.
    if (context.replayed) response.headers['idempotent-replayed'] = 'true';
    return { response, operation, close: false, call };
  } catch (err) {
    const op = operation === '-' ? undefined : modelOf(operation);
    const error = asServiceError(err, protocol, deps, op !== undefined && !op.readOnly);
    return {
      response: protocol.codec.encodeError(error, requestId, op),
      operation,
      close: err instanceof BodyError,
      call,
      errorCode: error.code,
    };
  }
}

/** After answering a request whose body was left unread: stop writing, drain a little, then close. */
function hangUp(req: IncomingMessage): void {
  req.resume();
  req.socket.end();
  setTimeout(() => req.socket.destroy(), 2_000).unref();
}

function send(res: ServerResponse, outcome: Outcome, closing: boolean): void {
  const body = Buffer.from(outcome.response.body, 'utf8');
  const headers: Record<string, string | number> = { ...outcome.response.headers, 'content-length': body.length };
  if (outcome.close || closing) headers.connection = 'close';
  res.writeHead(outcome.response.status, headers);
  res.end(body);
}

/**
 * Sockets whose request is in the service (a pool thread, the database): the idle limit does not cut them
 * (server.ts); their request gets its answer, however long the store takes within its time-outs.
 */
export const answering = new WeakSet<object>();

/**
 * The journal's row for a request that reached an operation (journal-writer.ts writes it); resolves once it
 * is written (or kept in memory because the store took none), at most a second later.
 */
function journal(
  deps: HandlerDeps,
  protocol: Protocol,
  outcome: Outcome,
  startedMs: number,
  latencyMs: number,
): Promise<void> {
  if (!outcome.call || deps.journalSize <= 0) return Promise.resolve();
  return deps.journal.record({
    timeMs: startedMs,
    ...outcome.call,
    protocol: protocol.codec.name,
    operation: modelOf(outcome.operation).name,
    status: outcome.response.status,
    errorCode: outcome.errorCode,
    latencyMs: Number(latencyMs.toFixed(3)),
  });
}

function adminRequest(req: IncomingMessage, res: ServerResponse, deps: HandlerDeps, started: number): void {
  answerAdmin(req, res, deps, deps.closing())
    .then((status) =>
      deps.log(
        `${req.socket.remoteAddress ?? '-'} ${req.method} ${loggedPath(req)} ${status} svcctl ${(performance.now() - started).toFixed(1)}ms`,
      ),
    )
    .catch((err: unknown) => {
      deps.log(
        `could not answer ${req.method} ${loggedPath(req)}: ${err instanceof Error ? err.message : String(err)}`,
      );
      res.destroy();
    });
}

/** A request HTTP/1.1's framing refuses (framing.ts): 400 (or 501), its reason as text, the connection closed. */
function refuseFraming(
  req: IncomingMessage,
  res: ServerResponse,
  deps: HandlerDeps,
  reason: string,
  started: number,
  status = 400,
): void {
  const body = Buffer.from(`${reason}\n`, 'utf8');
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': body.length,
    connection: 'close',
  });
  res.end(body);
  res.on('finish', () => hangUp(req));
  deps.log(
    `${req.socket.remoteAddress ?? '-'} ${req.method} ${loggedPath(req)} ${status} http ${(performance.now() - started).toFixed(1)}ms: ${reason}`,
  );
}

export function createHandler(deps: HandlerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = performance.now();
    const startedMs = deps.service.clock.now().getTime();
    const framing = framingProblem(req);
    if (framing) return refuseFraming(req, res, deps, framing, started);
    const coding = codingProblem(req);
    if (coding) return refuseFraming(req, res, deps, coding, started, 501);
    const pathname = (req.url ?? '/').split('?')[0]!;
    if (isAdminPath(pathname)) return adminRequest(req, res, deps, started);
    const registry = registryRoute(pathname);
    if (registry) return answerRegistry(req, res, { ...deps, answering }, registry);
    const headers = lowerHeaders(req);
    const protocol = pickProtocol(req.url ?? '/', headers);
    const requestId = protocol.requestId();
    const resets = deps.service.resets;
    answer(req, headers, deps, protocol, requestId, resets)
      .then(async (outcome) => {
        const elapsed = performance.now() - started;
        // The row before the answer: a client that got its answer finds it, through any instance. None for a
        // request begun before a reset (dropped, not run): the reset leaves nothing from before it.
        if (!deps.service.resetSince(resets)) await journal(deps, protocol, outcome, startedMs, elapsed);
        if (outcome.drop) req.socket.destroy();
        else {
          if (outcome.close) res.on('finish', () => hangUp(req));
          send(res, outcome, deps.closing());
        }
        deps.metrics.observe(protocol.codec.name, outcome.operation, outcome.response.status, elapsed / 1000);
        const ms = elapsed.toFixed(1);
        const path = loggedPath(req);
        const remote = req.socket.remoteAddress ?? '-';
        deps.log(
          `${remote} ${req.method} ${path} ${outcome.response.status} ${protocol.codec.name}:${outcome.operation} ${ms}ms`,
          {
            remote,
            method: req.method,
            path,
            status: outcome.response.status,
            protocol: protocol.codec.name,
            operation: outcome.operation,
            ms: Number(ms),
            requestId,
          },
        );
      })
      .catch((err: unknown) => {
        deps.log(
          `could not answer ${req.method} ${loggedPath(req)}: ${err instanceof Error ? err.message : String(err)}`,
        );
        res.destroy();
      });
  };
}

/** serve's address as the request named it (its Host header): where GetDownloadUrlForLayer's URL points. */
function originOf(req: IncomingMessage): { origin?: string } {
  const host = req.headers.host;
  if (host === undefined || !/^[A-Za-z0-9.:[\]-]+$/.test(host)) return {};
  return { origin: `${(req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'}://${host}` };
}
