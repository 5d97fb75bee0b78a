/**
 * serve's registry: the OCI Distribution Specification (v1.1; the Docker Registry HTTP API V2 that ECR
 * implements) for every repository the store holds, at `/v2/`: the version check, blob uploads (monolithic,
 * chunked, resumed, mounted from another repository), blob pulls with Range, manifests by tag and digest
 * with content negotiation, tag lists with `n`/`last`, and deletes. docs/operating-serve.md ("The registry") says what it does.
 *
 * Serve's v2 REST API (Stripe's) lives under `/v2/` too: a path is the registry's only when it is `/v2/` itself
 * or has the registry's shape (a name, then `manifests/`, `blobs/` or `tags/list`), which no Stripe path has
 * (test/server/registry.test.ts); a name there that is not a repository name is answered NAME_INVALID.
 *
 * Authentication is ECR's: HTTP Basic, user `AWS`, the password that GetAuthorizationToken returns
 * (`svcctl ecr get-login-password`), signed with the store's secret; it names the account and region the
 * client acts in. With --credentials, its principal must still be one of serve's, of the same account.
 * Bodies are streamed into the store in pieces (registry-store.ts), never whole in memory.
 */
import { createHash, type Hash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  actOnFault,
  CHUNK_BYTES,
  type EmbeddedService,
  type FiredFault,
  type Piece,
  RECLAIM_EVERY_MS,
  type RegistryRequest,
  type RepoRef,
  referencedReason,
  segmentOf,
  type StoredImage,
  type Upload,
} from '../backends/embedded/index.js';
import { StoreUnavailableError } from '../core/errors.js';
import { echoBare, echoText } from '../core/input-rules.js';
import {
  ANY_DIGEST,
  IMAGE_TAG,
  MANIFEST_MEDIA_TYPES,
  MANIFEST_TYPES,
  MAX_MANIFEST_BYTES,
  readManifest,
} from '../models/image-manifest.js';
import type { Credentials } from './credentials.js';
import { faultDelay, loggedPath } from './framing.js';
import type { JournalWriter } from './journal-writer.js';
import type { Metrics } from './metrics.js';
import { addressHost, crossSiteWrite, hostRefusal, type HostRules } from './browsers.js';

export interface RegistryDeps {
  service: EmbeddedService;
  credentials?: Credentials;
  log: (line: string, fields?: Record<string, unknown>) => void;
  metrics: Metrics;
  hosts: HostRules;
  closing: () => boolean;
  /** Sockets whose request waits on the store: the idle limit does not cut them (handler.ts). */
  answering: WeakSet<object>;
  /** The request journal's writer: a request whose caller is known gets its entry before its answer. */
  journal: JournalWriter;
}

/** Who sent a request: the account and region its password (or download URL) names, its principal with --credentials. */
interface Caller {
  account: string;
  region: string;
  principal?: string;
}

/** What a registry request's journal entry needs besides its answer. */
interface Journaling {
  /** Set once the caller is known: a request refused before (no or a wrong password) has no entry. */
  who?: Caller;
  errorCode?: string;
  fault?: string;
}

/** The query parameters an entry keeps: what a push or a tag list names; never a download URL's token. */
const JOURNALED_QUERY = ['digest', 'mount', 'from', 'n', 'last'];

/**
 * A registry request as its journal entry's Input: method, path (no query), repository, and the query
 * parameters of JOURNALED_QUERY it had. The password is in a header, which no entry keeps.
 */
function journalInput(req: IncomingMessage, r: Route): Record<string, unknown> {
  const url = new URL(req.url ?? '/', 'http://x');
  const input: Record<string, unknown> = { method: req.method ?? 'GET', path: url.pathname };
  if (r.name !== '') input.repository = r.name;
  for (const name of JOURNALED_QUERY) {
    const value = url.searchParams.get(name);
    if (value !== null) input[name] = value;
  }
  return input;
}

/** Distribution's repository name: path components of lower-case letters and digits joined by separators. */
const NAME = '[a-z0-9]+(?:(?:\\.|_|__|-+)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:\\.|_|__|-+)[a-z0-9]+)*)*';
/** The registry's paths after `/v2/<name>`. */
const SHAPES: Array<[string, Route['kind']]> = [
  ['/tags/list', 'tags'],
  ['/manifests/([^/]+)', 'manifest'],
  ['/blobs/uploads/?', 'uploads'],
  ['/blobs/uploads/([^/]+)', 'upload'],
  ['/blobs/([^/]+)', 'blob'],
];
const ROUTES = SHAPES.map(([rest, kind]) => [new RegExp(`^/v2/(${NAME})${rest}$`), kind] as const);
/**
 * The same shapes with any name: a registry client's path whose name is not a repository name (`IMG`, `-x`,
 * `a%2Fb`) gets the registry's NAME_INVALID, not Stripe's 404 (no Stripe path ends in these; compat.md #384).
 */
const ANY_NAME_ROUTES = SHAPES.map(([rest, kind]) => [new RegExp(`^/v2/(.*?)${rest}$`), kind] as const);

interface Route {
  kind: 'base' | 'tags' | 'manifest' | 'uploads' | 'upload' | 'blob';
  name: string;
  ref: string;
  /** The name is not a repository name: answered NAME_INVALID once the client is authenticated. */
  invalidName?: true;
}

/** The registry's route of a path, or undefined when the path is not the registry's (then it is Stripe's v2 API). */
export function registryRoute(pathname: string): Route | undefined {
  if (pathname === '/v2/') return { kind: 'base', name: '', ref: '' };
  for (const [re, kind] of ROUTES) {
    const m = re.exec(pathname);
    if (m) return { kind, name: m[1]!, ref: m[2] ?? '' };
  }
  for (const [re, kind] of ANY_NAME_ROUTES) {
    const m = re.exec(pathname);
    if (m) return { kind, name: m[1]!, ref: m[2] ?? '', invalidName: true };
  }
  return undefined;
}

export const MEDIA = MANIFEST_MEDIA_TYPES;
const TAG = IMAGE_TAG;
const DIGEST = /^sha256:[a-f0-9]{64}$/;

/** The distribution spec's errors: status, and the message its reference implementation gives. */
const ERRORS = {
  BLOB_UNKNOWN: [404, 'blob unknown to registry'],
  BLOB_UPLOAD_INVALID: [400, 'blob upload invalid'],
  BLOB_UPLOAD_UNKNOWN: [404, 'blob upload unknown to registry'],
  DIGEST_INVALID: [400, 'provided digest did not match uploaded content'],
  MANIFEST_BLOB_UNKNOWN: [400, 'blob unknown to registry'],
  MANIFEST_INVALID: [400, 'manifest invalid'],
  MANIFEST_UNKNOWN: [404, 'manifest unknown'],
  NAME_INVALID: [400, 'invalid repository name'],
  NAME_UNKNOWN: [404, 'repository name not known to registry'],
  SIZE_INVALID: [400, 'provided length did not match content length'],
  TAG_INVALID: [400, 'manifest tag did not match URI'],
  UNAUTHORIZED: [401, 'authentication required'],
  DENIED: [403, 'requested access to the resource is denied'],
  UNSUPPORTED: [405, 'The operation is unsupported.'],
  RANGE_INVALID: [416, 'invalid content range'],
  PAGINATION_NUMBER_INVALID: [400, 'invalid number of results requested'],
  TOOMANYREQUESTS: [429, 'too many requests'],
  UNAVAILABLE: [503, 'service unavailable'],
  UNKNOWN: [500, 'unknown error'],
} as const satisfies Record<string, readonly [number, string]>;
type ErrorCode = keyof typeof ERRORS;

class RegistryError extends Error {
  readonly detail?: unknown;
  constructor(
    readonly code: ErrorCode,
    detail?: unknown,
    readonly headers: Record<string, string | number> = {},
    readonly status: number = ERRORS[code][0],
    message?: string,
  ) {
    super(message ?? ERRORS[code][1]);
    this.detail = cutDetail(detail);
  }
}

/**
 * A detail's text values are the request's (a digest, a name, a tag, `n`): one longer than MAX_ECHO is cut to
 * its start and its length, as every error of the API quotes a value (input-rules.ts echoBare). No valid
 * digest, name or tag comes near it; a 5,000-character one was echoed whole.
 */
function cutDetail(detail: unknown): unknown {
  if (detail === null || typeof detail !== 'object') return detail;
  return Object.fromEntries(
    Object.entries(detail).map(([key, value]) => [key, typeof value === 'string' ? echoBare(value) : value]),
  );
}

/** An answer: status, headers and a body (a buffer, or pieces read from the store one at a time). */
interface Answer {
  status: number;
  headers: Record<string, string | number>;
  body?: Buffer | AsyncIterable<Buffer>;
}

const json = (status: number, value: unknown, headers: Record<string, string | number> = {}): Answer => {
  const body = Buffer.from(`${JSON.stringify(value)}\n`, 'utf8');
  return {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': body.length },
    body,
  };
};

const errorAnswer = (err: RegistryError): Answer =>
  json(err.status, { errors: [{ code: err.code, message: err.message, detail: err.detail ?? null }] }, err.headers);

/** Which ECR operation a registry request is, as ECR's own logs name them: what fault rules match. */
function operationOf(method: string, route: Route): string {
  switch (route.kind) {
    case 'base':
      return 'GetAuthorizationToken';
    case 'tags':
      return 'ListImages';
    case 'manifest':
      return method === 'PUT' ? 'PutImage' : method === 'DELETE' ? 'BatchDeleteImage' : 'BatchGetImage';
    case 'uploads':
      return 'InitiateLayerUpload';
    case 'upload':
      return method === 'PUT' ? 'CompleteLayerUpload' : 'UploadLayerPart';
    case 'blob':
      return method === 'HEAD' ? 'BatchCheckLayerAvailability' : 'GetDownloadUrlForLayer';
  }
}

/** The password's payload (GetAuthorizationToken, repositories.ts makes it). */
export interface TokenPayload {
  /** Account. */
  a: string;
  /** Region. */
  r: string;
  /** The principal's name (serve with --credentials). */
  p?: string;
  /** Expiry, epoch ms. */
  e: number;
  /** A download URL's (GetDownloadUrlForLayer): the one blob it reads, and its repository. */
  d?: string;
  n?: string;
}

/** ECR's registry host at the start of a repositoryUri or proxyEndpoint: `<account>.dkr.ecr.<region>.<domain>`. */
const ECR_REGISTRY = /^(https:\/\/)?\d{12}\.dkr\.ecr\.[a-z0-9-]+\.[a-z0-9.-]+?(?=\/|$)/;

/**
 * An ECR operation's output as serve answers it: each `repositoryUri` and `proxyEndpoint` names serve's own
 * registry, at the Host the client reached serve by (`127.0.0.1:4566/team/app`, `http://127.0.0.1:4566`),
 * so that the URI works verbatim with docker, podman and skopeo on this machine; ECR's name
 * (`<account>.dkr.ecr.<region>.amazonaws.com`) resolves to AWS, not here. Kept as ECR prints it when the
 * Host is a name other than `localhost` (serve cannot know it reaches serve), and on the embedded backend
 * (no registry). docs/compat.md row 307.
 */
export function withServedRegistry(output: Record<string, unknown>, req: IncomingMessage): Record<string, unknown> {
  const host = addressHost(req);
  if (host === undefined) return output;
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const served = (value: unknown): unknown =>
    typeof value === 'string'
      ? value.replace(ECR_REGISTRY, (_m, https: string | undefined) => (https ? `${scheme}://${host}` : host))
      : value;
  const repo = (r: unknown) =>
    r !== null && typeof r === 'object' && 'repositoryUri' in r
      ? { ...(r as Record<string, unknown>), repositoryUri: served((r as Record<string, unknown>).repositoryUri) }
      : r;
  const out = { ...output };
  if ('repository' in out) out.repository = repo(out.repository);
  if (Array.isArray(out.repositories)) out.repositories = out.repositories.map(repo);
  if (Array.isArray(out.authorizationData))
    out.authorizationData = out.authorizationData.map((d: unknown) =>
      d !== null && typeof d === 'object' && 'proxyEndpoint' in d
        ? { ...(d as Record<string, unknown>), proxyEndpoint: served((d as Record<string, unknown>).proxyEndpoint) }
        : d,
    );
  return out;
}

const CHALLENGE = { 'www-authenticate': 'Basic realm="svcctl",service="ecr.amazonaws.com"' };

/**
 * A download URL of GetDownloadUrlForLayer (src/backends/embedded/handlers/layers.ts): a GET or HEAD of the one blob its token names,
 * without credentials, until it expires, as ECR's presigned URLs are.
 */
async function downloader(req: IncomingMessage, deps: RegistryDeps, r: Route, token: string): Promise<Caller> {
  const refused = (why: string) => new RegistryError('DENIED', null, {}, 403, why);
  if (r.kind !== 'blob' || (req.method !== 'GET' && req.method !== 'HEAD'))
    throw refused('a download URL only reads the layer it was given for');
  const payloadText = await deps.service.registry<string | undefined>({ op: 'check-token', token });
  const payload = payloadText === undefined ? undefined : (JSON.parse(payloadText) as TokenPayload);
  if (payload?.d === undefined || payload.d !== r.ref || payload.n !== r.name)
    throw refused('the download URL is not one this registry issued for this layer');
  if (payload.e <= deps.service.clock.now().getTime())
    throw refused('the download URL has expired: get a new one with get-download-url-for-layer');
  return { account: payload.a, region: payload.r };
}

async function caller(req: IncomingMessage, deps: RegistryDeps, r: Route): Promise<Caller> {
  const download = new URL(req.url ?? '/', 'http://x').searchParams.get('download');
  if (download !== null && req.headers.authorization === undefined) return downloader(req, deps, r, download);
  const m = /^Basic[ \t]+([A-Za-z0-9+/=]+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!m) throw new RegistryError('UNAUTHORIZED', null, CHALLENGE);
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  const user = colon < 0 ? text : text.slice(0, colon);
  const password = colon < 0 ? '' : text.slice(colon + 1);
  const refused = (why: string) => new RegistryError('UNAUTHORIZED', null, CHALLENGE, 401, why);
  if (user !== 'AWS') throw refused(`the user name must be AWS, not ${echoText(user)}`);
  const payloadText = await deps.service.registry<string | undefined>({ op: 'check-token', token: password });
  if (payloadText === undefined)
    throw refused('the password is not one this registry issued (svcctl ecr get-login-password gives one)');
  const payload = JSON.parse(payloadText) as TokenPayload;
  if (payload.d !== undefined) throw refused("a download URL's token is no password");
  if (payload.e <= deps.service.clock.now().getTime())
    throw refused('the authorization token has expired: get a new one with svcctl ecr get-login-password');
  if (deps.credentials) {
    const principal = [...deps.credentials.aws.values()].find((p) => p.name === payload.p);
    if (!principal || principal.accountId !== payload.a)
      throw refused("the authorization token's principal is not one of serve's --credentials");
    return { account: payload.a, region: payload.r, principal: principal.name };
  }
  return { account: payload.a, region: payload.r };
}

const uploadPath = (name: string, id: string) => `/v2/${name}/blobs/uploads/${id}`;
const rangeOf = (size: number) => `0-${size > 0 ? size - 1 : 0}`;

function uploadHeaders(name: string, upload: { id: string; size: number }): Record<string, string | number> {
  return {
    location: uploadPath(name, upload.id),
    range: rangeOf(upload.size),
    'docker-upload-uuid': upload.id,
    'content-length': 0,
  };
}

/**
 * The running hash of each upload this process has written, by id and size: a finished upload whose size
 * matches is not read back; one another serve wrote (or this one forgot) is hashed from the store.
 */
const hashes = new Map<string, { size: number; hash: Hash }>();

async function* pieces(
  service: EmbeddedService,
  read: (at: number) => RegistryRequest,
  from: number,
  to: number,
): AsyncGenerator<Buffer> {
  let at = from;
  while (at < to) {
    const piece = await service.registry<Piece | undefined>(read(at));
    if (!piece) throw new Error(`the store has no bytes at offset ${at}`);
    const bytes = Buffer.from(piece.bytes.buffer, piece.bytes.byteOffset, piece.bytes.byteLength);
    const slice = bytes.subarray(at - piece.start, Math.min(bytes.length, to - piece.start));
    at += slice.length;
    yield slice;
  }
}

/**
 * Sockets whose request is a blob's body being stored: a layer of a gigabyte may take longer than serve's
 * whole-request limit (requestTimeoutMs), which ECR and distribution do not have; server.ts lets such a
 * request go on (a stalled one is still cut by socketIdleMs, and only a logged-in client gets here).
 */
const receivingBlob = new WeakSet<object>();

/** Whether this socket's request is a blob upload's body being stored (server.ts's clientError). */
export const receivingBlobBody = (socket: object): boolean => receivingBlob.has(socket);

/**
 * A request's body, into the store: appended in pieces under a segment of its own, then given to the upload
 * in one step if the upload still ends where the body begins. A body cut short (fewer bytes than its Content-Length, or a connection lost) stages
 * nothing that stays.
 */
async function appendBody(
  req: IncomingMessage,
  deps: RegistryDeps,
  upload: Upload,
  name: string,
): Promise<{ size: number }> {
  const segment = segmentOf(upload.id, randomUUID());
  const known = hashes.get(upload.id);
  const hash =
    upload.size === 0 ? createHash('sha256') : known && known.size === upload.size ? known.hash.copy() : undefined;
  const expected = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
  let at = upload.size;
  // The pieces are gathered in one buffer of shared memory, reused piece after piece (the next is copied in
  // only once the store has written this one): on PostgreSQL the operation thread and the driver's thread read
  // it where it is, so that no thread makes a copy of each piece for its garbage collector to find later
  // (issue 45: serve's peak RSS during a push).
  let slot: Buffer | undefined;
  let filled = 0;
  // A body shorter than a piece gets a buffer of its size (HTTP's parser holds a body to its Content-Length).
  const pieceBytes = expected !== undefined && expected > 0 && expected < CHUNK_BYTES ? expected : CHUNK_BYTES;
  const flush = async () => {
    if (filled === 0) return;
    const bytes = slot!.subarray(0, filled);
    hash?.update(bytes);
    await deps.service.registry({ op: 'stage', segment, start: at, bytes });
    at += filled;
    filled = 0;
  };
  receivingBlob.add(req.socket);
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      for (let from = 0; from < chunk.length; ) {
        slot ??= Buffer.from(new SharedArrayBuffer(pieceBytes));
        const n = chunk.copy(slot, filled, from, from + Math.min(chunk.length - from, slot.length - filled));
        filled += n;
        from += n;
        if (filled === slot.length) await flush();
      }
    }
    await flush();
    if (expected !== undefined && at - upload.size !== expected) throw new RegistryError('SIZE_INVALID');
  } catch (err) {
    await deps.service.registry({ op: 'drop-stage', segment }).catch(() => {});
    if (err instanceof RegistryError || err instanceof StoreUnavailableError) throw err;
    throw new RegistryError('BLOB_UPLOAD_INVALID', { reason: 'the request body ended early' });
  } finally {
    receivingBlob.delete(req.socket);
  }
  if (at === upload.size) return { size: upload.size };
  const done = await deps.service.registry<{ ok: boolean; size?: number }>({
    op: 'commit-stage',
    id: upload.id,
    segment,
    from: upload.size,
    to: at,
    nowMs: deps.service.clock.now().getTime(),
  });
  if (!done.ok) {
    if (done.size === undefined) throw new RegistryError('BLOB_UPLOAD_UNKNOWN');
    throw new RegistryError('RANGE_INVALID', null, uploadHeaders(name, { id: upload.id, size: done.size }));
  }
  if (hash) hashes.set(upload.id, { size: at, hash });
  return { size: at };
}

async function uploadDigest(deps: RegistryDeps, upload: Upload): Promise<string> {
  const known = hashes.get(upload.id);
  if (known && known.size === upload.size) return `sha256:${known.hash.copy().digest('hex')}`;
  const h = createHash('sha256');
  for await (const b of pieces(deps.service, (p) => ({ op: 'upload-piece', id: upload.id, at: p }), 0, upload.size))
    h.update(b);
  return `sha256:${h.digest('hex')}`;
}

/** The upload of this repository, by id, or BLOB_UPLOAD_UNKNOWN. */
async function uploadIn(deps: RegistryDeps, repo: RepoRef, id: string): Promise<Upload> {
  const upload = await deps.service.registry<Upload | undefined>({ op: 'upload', id });
  if (
    !upload ||
    upload.account !== repo.account ||
    upload.region !== repo.region ||
    upload.repository !== repo.repository
  )
    throw new RegistryError('BLOB_UPLOAD_UNKNOWN');
  return upload;
}

/** A digest of another algorithm, in the specification's grammar (`sha512:…`): well formed, not taken. */
const OTHER_ALGORITHM = /^[a-z0-9]+(?:[+._-][a-z0-9]+)*:[a-zA-Z0-9=_-]+$/;

function checkDigest(digest: string | null): string {
  if (digest !== null && DIGEST.test(digest)) return digest;
  // A well-formed digest says why it is refused: a sha256 one whose hex is not 64 lowercase digits is malformed,
  // any other is of another algorithm.
  const reason =
    digest === null || !OTHER_ALGORITHM.test(digest)
      ? undefined
      : digest.startsWith('sha256:')
        ? 'a sha256 digest is 64 lowercase hexadecimal digits'
        : 'serve takes sha256 digests only, as ECR does';
  throw new RegistryError(
    'DIGEST_INVALID',
    reason === undefined ? null : { digest, reason },
    {},
    400,
    'provided digest is invalid',
  );
}

/** Finishes an upload: its digest checked against the client's; on a mismatch, the upload is gone and nothing stored. */
async function finish(deps: RegistryDeps, upload: Upload, digest: string, name: string): Promise<Answer> {
  const actual = await uploadDigest(deps, upload);
  if (actual !== digest) {
    hashes.delete(upload.id);
    await deps.service.registry({ op: 'cancel-upload', id: upload.id });
    throw new RegistryError('DIGEST_INVALID');
  }
  const done = await deps.service.registry<{ size: number } | undefined>({
    op: 'finish-upload',
    id: upload.id,
    digest,
    nowMs: deps.service.clock.now().getTime(),
  });
  hashes.delete(upload.id);
  if (!done) throw new RegistryError('BLOB_UPLOAD_UNKNOWN');
  return {
    status: 201,
    headers: { location: `/v2/${name}/blobs/${digest}`, 'docker-content-digest': digest, 'content-length': 0 },
  };
}

/** When this process last reclaimed what nothing holds (0: not yet). */
let reclaimedMs = 0;

/**
 * Reclaims what nothing holds (registry-store.ts's reclaim: expired uploads and the bytes of requests cut
 * short, blobs no image named for a day) at the first upload a serve starts, then at most every
 * RECLAIM_EVERY_MS; the upload does not wait for it.
 */
function reclaimNow(deps: RegistryDeps): void {
  const nowMs = deps.service.clock.now().getTime();
  if (reclaimedMs !== 0 && nowMs - reclaimedMs < RECLAIM_EVERY_MS) return;
  reclaimedMs = nowMs;
  deps.service
    .registry<number>({ op: 'reclaim', nowMs })
    .then((n) => {
      if (n > 0) deps.log(`registry: reclaimed ${n} piece${n === 1 ? '' : 's'} of bytes nothing held`);
    })
    .catch((err: unknown) =>
      deps.log(`registry: could not reclaim: ${err instanceof Error ? err.message : String(err)}`),
    );
}

async function startUpload(deps: RegistryDeps, repo: RepoRef): Promise<Upload> {
  reclaimNow(deps);
  return deps.service.registry<Upload>({
    op: 'start-upload',
    id: randomUUID(),
    ...repo,
    nowMs: deps.service.clock.now().getTime(),
  });
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` over a blob of `size` bytes: [from, to) or 'invalid'; undefined: no Range. */
function byteRange(header: string | undefined, size: number): [number, number] | 'invalid' | undefined {
  if (header === undefined) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'invalid';
    return [Math.max(0, size - n), size];
  }
  const from = Number(m[1]);
  const to = m[2] === '' ? size : Math.min(size, Number(m[2]) + 1);
  if (from >= size || to <= from) return 'invalid';
  return [from, to];
}

async function blob(req: IncomingMessage, deps: RegistryDeps, repo: RepoRef, ref: string): Promise<Answer> {
  const method = req.method ?? 'GET';
  if (method === 'DELETE') throw new RegistryError('UNSUPPORTED');
  if (method !== 'GET' && method !== 'HEAD') throw new RegistryError('UNSUPPORTED');
  if (!ANY_DIGEST.test(ref)) throw new RegistryError('DIGEST_INVALID', null, {}, 400, 'provided digest is invalid');
  const found = await deps.service.registry<{ size: number } | undefined>({ op: 'blob', ...repo, digest: ref });
  if (!found) throw new RegistryError('BLOB_UNKNOWN', { digest: ref });
  const headers: Record<string, string | number> = {
    'content-type': 'application/octet-stream',
    'docker-content-digest': ref,
    'accept-ranges': 'bytes',
    etag: `"${ref}"`,
    'cache-control': 'max-age=31536000',
  };
  const range = method === 'GET' ? byteRange(req.headers.range, found.size) : undefined;
  if (range === 'invalid') {
    const text = Buffer.from('invalid range: failed to overlap\n');
    return {
      status: 416,
      headers: {
        'content-range': `bytes */${found.size}`,
        'content-type': 'text/plain; charset=utf-8',
        'content-length': text.length,
      },
      body: method === 'HEAD' ? undefined : text,
    };
  }
  const [from, to] = range ?? [0, found.size];
  if (range) headers['content-range'] = `bytes ${from}-${to - 1}/${found.size}`;
  headers['content-length'] = to - from;
  return {
    status: range ? 206 : 200,
    headers,
    body:
      method === 'HEAD' ? undefined : pieces(deps.service, (at) => ({ op: 'blob-piece', digest: ref, at }), from, to),
  };
}

async function uploads(req: IncomingMessage, deps: RegistryDeps, repo: RepoRef, name: string): Promise<Answer> {
  if (req.method !== 'POST') throw new RegistryError('UNSUPPORTED');
  const query = new URL(req.url ?? '/', 'http://x').searchParams;
  const mount = query.get('mount');
  if (mount !== null) {
    const from = query.get('from');
    if (DIGEST.test(mount) && from !== null) {
      const mounted = await deps.service.registry<{ size: number } | undefined>({
        op: 'mount',
        ...repo,
        from,
        digest: mount,
        nowMs: deps.service.clock.now().getTime(),
      });
      if (mounted)
        return {
          status: 201,
          headers: { location: `/v2/${name}/blobs/${mount}`, 'docker-content-digest': mount, 'content-length': 0 },
        };
    }
  }
  // A POST's bytes are not a push (distribution 2.8 starts an upload whatever the POST carries): the client
  // sends them again with PATCH or PUT.
  const upload = await startUpload(deps, repo);
  return { status: 202, headers: uploadHeaders(name, upload) };
}

/** `Content-Range: start-end` of a chunk: its start must be where the upload ends. */
function chunkStart(header: string | undefined): number | 'invalid' | undefined {
  if (header === undefined) return undefined;
  const m = /^(?:bytes[ =])?(\d+)-(\d+)$/.exec(header.trim());
  if (!m || Number(m[2]) < Number(m[1])) return 'invalid';
  return Number(m[1]);
}

async function upload(
  req: IncomingMessage,
  deps: RegistryDeps,
  repo: RepoRef,
  name: string,
  id: string,
): Promise<Answer> {
  const method = req.method ?? 'GET';
  const found = await uploadIn(deps, repo, id);
  switch (method) {
    case 'GET':
      return { status: 204, headers: uploadHeaders(name, found) };
    case 'DELETE':
      hashes.delete(id);
      await deps.service.registry({ op: 'cancel-upload', id });
      return { status: 204, headers: { 'docker-upload-uuid': id, 'content-length': 0 } };
    case 'PATCH': {
      const start = chunkStart(req.headers['content-range']);
      if (start === 'invalid' || (start !== undefined && start !== found.size))
        throw new RegistryError('RANGE_INVALID', null, uploadHeaders(name, found), 416);
      const { size } = await appendBody(req, deps, found, name);
      return { status: 202, headers: uploadHeaders(name, { id, size }) };
    }
    case 'PUT': {
      const digest = checkDigest(new URL(req.url ?? '/', 'http://x').searchParams.get('digest'));
      const { size } = await appendBody(req, deps, found, name);
      return finish(deps, { ...found, size }, digest, name);
    }
    default:
      throw new RegistryError('UNSUPPORTED');
  }
}

/** A manifest's body, at most MAX_MANIFEST_BYTES. */
async function manifestBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  let n = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    n += chunk.length;
    if (n > MAX_MANIFEST_BYTES)
      throw new RegistryError('MANIFEST_INVALID', { limit: MAX_MANIFEST_BYTES }, {}, 400, 'manifest invalid');
    parts.push(chunk);
  }
  return Buffer.concat(parts, n);
}

/** What a manifest names (models/image-manifest.ts); MANIFEST_INVALID when it is not a manifest serve stores. */
function parseManifest(bytes: Buffer, contentType: string | undefined): { mediaType: string; refs: string[] } {
  const given = contentType === undefined ? undefined : contentType.split(';')[0]!.trim();
  const read = readManifest(bytes, given && MANIFEST_TYPES.includes(given) ? given : undefined);
  if ('problem' in read) throw new RegistryError('MANIFEST_INVALID', { reason: read.problem });
  return read;
}

/** Whether a stored manifest of this media type may answer a request with this Accept header. */
function accepts(accept: string | undefined, mediaType: string): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  const types = accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase());
  return types.includes(mediaType) || types.includes('*/*');
}

async function manifest(
  req: IncomingMessage,
  deps: RegistryDeps,
  repo: RepoRef,
  name: string,
  ref: string,
): Promise<Answer> {
  const method = req.method ?? 'GET';
  const byDigest = ANY_DIGEST.test(ref);
  if (!byDigest && !TAG.test(ref))
    throw new RegistryError('TAG_INVALID', { tag: ref }, {}, 400, 'manifest tag did not match URI');
  if (method === 'GET' || method === 'HEAD') {
    const image = await deps.service.registry<StoredImage | undefined>({ op: 'image', ...repo, reference: ref });
    if (!image || !accepts(req.headers.accept, image.mediaType))
      throw new RegistryError('MANIFEST_UNKNOWN', byDigest ? { Digest: ref } : { Tag: ref });
    const body = Buffer.from(image.manifest.buffer, image.manifest.byteOffset, image.manifest.byteLength);
    return {
      status: 200,
      headers: {
        'content-type': image.mediaType,
        'content-length': body.length,
        'docker-content-digest': image.digest,
        etag: `"${image.digest}"`,
      },
      body: method === 'HEAD' ? undefined : body,
    };
  }
  if (method === 'PUT') {
    const bytes = await manifestBody(req);
    const { mediaType, refs } = parseManifest(bytes, req.headers['content-type']);
    const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    if (byDigest && ref !== digest) throw new RegistryError('DIGEST_INVALID');
    const image: StoredImage = {
      digest,
      mediaType,
      manifest: bytes,
      size: 0,
      refs,
      pushedMs: deps.service.clock.now().getTime(),
    };
    const put = await deps.service.registry<{ missing: string[]; refused?: string }>({
      op: 'put-image',
      ...repo,
      image,
      ...(byDigest ? {} : { tag: ref }),
    });
    // ECR's answer to a tag its repository's mutability keeps on another image
    // (backends/embedded/store/tag-mutability.ts).
    if (put.refused !== undefined) throw new RegistryError('TAG_INVALID', { tag: ref }, {}, 400, put.refused);
    // The specification's code-5, "manifest references a manifest or blob unknown to registry": an index's
    // manifests as an image's blobs (it was MANIFEST_UNKNOWN, 404, for an index; distribution 2.8 says this).
    if (put.missing.length > 0)
      throw new RegistryErrors(put.missing.map((d) => new RegistryError('MANIFEST_BLOB_UNKNOWN', { digest: d })));
    return {
      status: 201,
      headers: { location: `/v2/${name}/manifests/${digest}`, 'docker-content-digest': digest, 'content-length': 0 },
    };
  }
  if (method === 'DELETE') {
    if (!byDigest) throw new RegistryError('UNSUPPORTED');
    const gone = await deps.service.registry<boolean | { referencedBy: string[] }>({
      op: 'delete-image',
      ...repo,
      digest: ref,
    });
    if (!gone) throw new RegistryError('MANIFEST_UNKNOWN', { Digest: ref });
    // An image a manifest list names stays, as BatchDeleteImage keeps it (ImageReferencedByManifestList).
    if (typeof gone === 'object')
      throw new RegistryError('DENIED', { digest: ref }, {}, 409, referencedReason(gone.referencedBy));
    return { status: 202, headers: { 'content-length': 0 } };
  }
  throw new RegistryError('UNSUPPORTED');
}

/** Several errors in one answer (a manifest naming several blobs the repository does not hold). */
class RegistryErrors extends Error {
  constructor(readonly errors: RegistryError[]) {
    super(errors[0]!.message);
  }
}

async function tags(req: IncomingMessage, deps: RegistryDeps, repo: RepoRef, name: string): Promise<Answer> {
  if (req.method !== 'GET' && req.method !== 'HEAD') throw new RegistryError('UNSUPPORTED');
  const query = new URL(req.url ?? '/', 'http://x').searchParams;
  const all = await deps.service.registry<string[]>({ op: 'tags', ...repo });
  const last = query.get('last');
  const after = last === null ? all : all.filter((t) => t > last);
  const nText = query.get('n');
  // A decimal integer of 64 bits, as distribution's strconv.Atoi reads it (not Number(): `1e3`, `0x2`, ``).
  const exact = nText !== null && /^[+-]?\d+$/.test(nText) ? BigInt(nText) : undefined;
  if (nText !== null && (exact === undefined || exact < 0n || exact > 0x7fffffffffffffffn))
    throw new RegistryError('PAGINATION_NUMBER_INVALID', { n: nText });
  const n = exact === undefined ? undefined : Number(exact);
  const page = n === undefined ? after : after.slice(0, n);
  const headers: Record<string, string> = {};
  if (n !== undefined && n > 0 && after.length > n)
    headers.link = `</v2/${name}/tags/list?last=${encodeURIComponent(page[page.length - 1]!)}&n=${n}>; rel="next"`;
  return json(200, { name, tags: page }, headers);
}

async function route(req: IncomingMessage, deps: RegistryDeps, r: Route, who: { account: string; region: string }) {
  // As distribution writes it: `{}`, no newline.
  if (r.kind === 'base')
    return {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': 2 },
      body: Buffer.from('{}'),
    };
  if (r.invalidName) throw new RegistryError('NAME_INVALID', { name: r.name });
  const repo: RepoRef = { account: who.account, region: who.region, repository: r.name };
  if (!(await deps.service.registry<boolean>({ op: 'repository', ...repo })))
    throw new RegistryError('NAME_UNKNOWN', { name: r.name });
  switch (r.kind) {
    case 'tags':
      return tags(req, deps, repo, r.name);
    case 'manifest':
      return manifest(req, deps, repo, r.name, r.ref);
    case 'uploads':
      return uploads(req, deps, repo, r.name);
    case 'upload':
      return upload(req, deps, repo, r.name, r.ref);
    case 'blob':
      return blob(req, deps, repo, r.ref);
  }
}

const FAULT_ERRORS: Record<string, ErrorCode> = { throttle: 'TOOMANYREQUESTS', '500': 'UNKNOWN', '503': 'UNAVAILABLE' };

/** A fault rule's error, as the registry answers it. */
function registryFault(fired: FiredFault): never {
  throw new RegistryError(FAULT_ERRORS[fired.rule.action.kind]!);
}

async function answer(
  req: IncomingMessage,
  deps: RegistryDeps,
  r: Route,
  operation: string,
  j: Journaling,
  resets: number,
): Promise<Answer | 'drop'> {
  try {
    const misdirected = hostRefusal(req, deps.hosts);
    if (misdirected) throw new RegistryError('DENIED', null, {}, 421, misdirected);
    // A write from a page of another site (a form POST that a browser sends with the Basic credentials it
    // remembers), as the API's operations refuse one; reads stay open (the page cannot read the answer).
    const crossSite = req.method === 'GET' || req.method === 'HEAD' ? undefined : crossSiteWrite(req, operation);
    if (crossSite) throw new RegistryError('DENIED', null, {}, 403, crossSite);
    // Answering from here on: the idle-connection timer does not cut a request waiting for its fault decision.
    deps.answering.add(req.socket);
    try {
      const who = await caller(req, deps, r);
      j.who = who;
      const fired = await deps.service.fault({ service: 'ecr', operation, account: who.account, region: who.region });
      if (fired) j.fault = fired.label;
      // The one fault action of serve and the embedded backend (faults.ts); its errors in the registry's words.
      // A latency's wait ends early when the client goes away, the store is reset or serve stops, as an
      // operation's does (handler.ts): the request is then dropped, never run late.
      const wait = (ms: number) => faultDelay(req, deps.service, ms);
      if (fired && (await actOnFault(fired, 'ecr', wait).catch(() => registryFault(fired))) === 'close') return 'drop';
      // Begun before a reset (a test's reset() while it waited): dropped, not run after it.
      if (deps.service.resetSince(resets)) return 'drop';
      return await route(req, deps, r, who);
    } finally {
      deps.answering.delete(req.socket);
    }
  } catch (err) {
    j.errorCode =
      err instanceof RegistryErrors ? err.errors[0]!.code : err instanceof RegistryError ? err.code : undefined;
    if (err instanceof RegistryErrors)
      return json(err.errors[0]!.status, {
        errors: err.errors.map((e) => ({ code: e.code, message: e.message, detail: e.detail ?? null })),
      });
    if (err instanceof RegistryError) return errorAnswer(err);
    if (err instanceof StoreUnavailableError) {
      j.errorCode = 'UNAVAILABLE';
      return errorAnswer(new RegistryError('UNAVAILABLE'));
    }
    deps.log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    j.errorCode = 'UNKNOWN';
    return errorAnswer(new RegistryError('UNKNOWN'));
  }
}

async function send(req: IncomingMessage, res: ServerResponse, a: Answer, closing: boolean): Promise<void> {
  const headers: Record<string, string | number> = {
    'docker-distribution-api-version': 'registry/2.0',
    ...a.headers,
  };
  // An absolute Location, as distribution gives it, on the host the client named.
  const location = headers.location;
  if (typeof location === 'string' && location.startsWith('/') && req.headers.host !== undefined)
    headers.location = `${(req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'}://${req.headers.host}${location}`;
  if (closing) headers.connection = 'close';
  if (!req.complete) {
    // A body left unread (an error before it was read): the connection cannot be reused.
    headers.connection = 'close';
    req.resume();
  }
  res.writeHead(a.status, headers);
  if (a.body === undefined) {
    res.end();
    return;
  }
  if (Buffer.isBuffer(a.body)) {
    res.end(a.body);
    return;
  }
  for await (const piece of a.body) {
    if (!res.write(piece)) await new Promise<void>((resolve) => res.once('drain', resolve));
    if (res.destroyed) return;
  }
  res.end();
}

/**
 * A registry request's journal entry, as an operation's (handler.ts): written before the answer is sent, for
 * a request whose caller is known and that began after the last reset.
 */
function journal(
  req: IncomingMessage,
  deps: RegistryDeps,
  r: Route,
  j: Journaling,
  at: { operation: string; status: number; startedMs: number; started: number; resets: number },
): Promise<void> {
  if (!j.who || deps.service.resetSince(at.resets)) return Promise.resolve();
  return deps.journal.record({
    timeMs: at.startedMs,
    account: j.who.account,
    ...(j.who.principal === undefined ? {} : { principal: j.who.principal }),
    region: j.who.region,
    protocol: 'registry',
    operation: at.operation,
    input: journalInput(req, r),
    status: at.status,
    errorCode: j.errorCode,
    latencyMs: Number((performance.now() - at.started).toFixed(3)),
    ...(j.fault === undefined ? {} : { fault: j.fault }),
  });
}

/** Answers one registry request, journals it, logs it and counts it. */
export function answerRegistry(req: IncomingMessage, res: ServerResponse, deps: RegistryDeps, r: Route): void {
  const started = performance.now();
  const startedMs = deps.service.clock.now().getTime();
  const resets = deps.service.resets;
  // Read now: once the answer is sent, a connection that closes leaves req.socket null.
  const socket = req.socket;
  const remote = socket.remoteAddress ?? '-';
  const operation = operationOf(req.method ?? 'GET', r);
  const j: Journaling = {};
  answer(req, deps, r, operation, j, resets)
    .then(async (a) => {
      const status = a === 'drop' ? 0 : a.status;
      await journal(req, deps, r, j, { operation, status, startedMs, started, resets });
      if (a === 'drop') {
        socket.destroy();
        return 0;
      }
      await send(req, res, a, deps.closing());
      return a.status;
    })
    .then((status) => {
      const elapsed = performance.now() - started;
      deps.metrics.observe('registry', operation, status, elapsed / 1000);
      const path = loggedPath(req);
      deps.log(`${remote} ${req.method} ${path} ${status} registry:${operation} ${elapsed.toFixed(1)}ms`, {
        remote,
        method: req.method,
        path,
        status,
        protocol: 'registry',
        operation,
        ms: Number(elapsed.toFixed(1)),
      });
    })
    .catch((err: unknown) => {
      deps.log(
        `could not answer ${req.method} ${loggedPath(req)}: ${err instanceof Error ? err.message : String(err)}`,
      );
      res.destroy();
    });
}
