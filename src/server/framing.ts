/**
 * HTTP/1.1 message framing that Node's parser leaves to the server (RFC 9112), checked before anything else
 * reads the request:
 *
 * - Host (section 3.2): a request with more than one Host field line is 400 Bad Request, whichever comes
 *   first. Node keeps the first one in `req.headers.host`, so a second would otherwise ride past the Host
 *   check (browsers.ts) and reach whatever reads the raw headers.
 * - Fields that take one value (RFC 9110, section 5.3) and that serve reads: a request with two Authorization,
 *   Content-Type, Idempotency-Key, version, X-Amz-*, Content-Range, Origin or Sec-Fetch-Site field lines is 400. Node keeps the first
 *   of some (Authorization, Content-Type: the second dropped unseen) and joins the others with ", "
 *   (Idempotency-Key `one, two`, a key neither retry would send); either way the request would act on a
 *   value the client may not have meant.
 * - Transfer codings (section 6.1): Node frames `Transfer-Encoding: gzip, chunked` by its last coding and hands
 *   the body over as if the others were not there, so a plain body labelled gzip was served and a really
 *   gzipped one read as garbage. A request with any coding but chunked is 501 Not Implemented
 *   (`codingProblem`), as the section says; `Content-Encoding` is the body's own (`codedBody`, 415).
 * - Absolute-form request targets (section 3.2.2): `POST http://127.0.0.1:4566/_svcctl/reset HTTP/1.1`, as a
 *   client sends it to a proxy, names the host in the target; the server takes the host from there, ignoring
 *   Host, and routes the path as if it had come in origin form (`/_svcctl/reset`). A target with another
 *   scheme is 400.
 */
import type { IncomingMessage } from 'node:http';
import { echoBare, echoJsonString, echoText } from '../core/input-rules.js';

/** The fields serve reads that take one value, by their lower-case name, as the reason spells them. */
const SINGLE = new Map(
  [
    'Authorization',
    'Content-Type',
    'Content-Range',
    'Idempotency-Key',
    'Stripe-Version',
    'Service-Version',
    'X-Amz-Target',
    'X-Amz-Date',
    'X-Amz-Security-Token',
    'X-Amz-Content-Sha256',
    // What tells a page of another site (browsers.ts): two Sec-Fetch-Site fields were joined into
    // 'same-origin, cross-site', which is neither, and a reset from them was done.
    'Origin',
    'Sec-Fetch-Site',
  ].map((name) => [name.toLowerCase(), name]),
);

const ABSOLUTE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)(.*)$/s;

/**
 * Why the request is refused (the reason of its 400), or undefined; an absolute-form target is rewritten
 * to origin form in place (`req.url`, and `req.headers.host` from its authority).
 */
export function framingProblem(req: IncomingMessage): string | undefined {
  let hosts = 0;
  const seen = new Map<string, number>();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    if (name === 'host') hosts++;
    else if (SINGLE.has(name)) seen.set(name, (seen.get(name) ?? 0) + 1);
  }
  if (hosts > 1)
    return `The request has ${hosts} Host header fields; HTTP/1.1 allows exactly one (RFC 9112, section 3.2).`;
  for (const [name, n] of seen)
    if (n > 1)
      return `The request has ${n} ${SINGLE.get(name)} header fields; this field takes one value (RFC 9110, section 5.3).`;
  const m = ABSOLUTE.exec(req.url ?? '/');
  if (!m) return undefined;
  const [, scheme, authority, rest] = m as unknown as [string, string, string, string];
  if (!/^https?$/i.test(scheme))
    return `The request target's scheme ${echoBare(scheme)}: is not http or https (RFC 9112, section 3.2.2).`;
  if (authority === '' || authority.includes('@'))
    return `The request target's authority ${echoJsonString(authority)} is not a host[:port] (RFC 9112, section 3.2.2).`;
  const path = rest.split('#')[0]!;
  req.url = path.startsWith('/') ? path : `/${path}`;
  req.headers.host = authority;
  return undefined;
}

/**
 * Why a request's Transfer-Encoding is refused (the reason of its 501), or undefined: serve implements chunked
 * alone (Node refuses a request whose last coding is not chunked, or that says chunked twice, with a bare 400).
 */
export function codingProblem(req: IncomingMessage): string | undefined {
  const coding = req.headers['transfer-encoding'];
  if (coding === undefined || /^\s*chunked\s*$/i.test(coding)) return undefined;
  return `The request's Transfer-Encoding ${echoText(coding)} is not implemented: serve reads chunked only (RFC 9112, section 6.1).`;
}

/**
 * Why a request body under a Content-Encoding is refused (415), or undefined: serve reads a body as it comes,
 * so a compressed one would be read as if it were not (`not valid UTF-8`), and a plain one labelled `gzip`
 * served as if the label were not there. `identity` is a body as it is. One rule for the protocols'
 * requests (handler.ts) and serve's own endpoints (admin.ts); the registry's uploads are bytes, as
 * distribution takes them.
 */
export function codedBody(coding: string | undefined): string | undefined {
  if (coding === undefined || /^\s*(identity)?\s*$/i.test(coding)) return undefined;
  return `Unsupported Content-Encoding ${echoText(coding)}: serve reads request bodies as they are (identity), not compressed.`;
}

/**
 * Waits out a latency fault (EmbeddedService.faultDelay), cut short when the request's connection closes (or
 * a reset or serve's stop cuts it): false when cut short, and the request must not run. The API's routes and
 * the registry's alike.
 */
export async function faultDelay(
  req: IncomingMessage,
  service: { faultDelay(ms: number, gone: AbortSignal): Promise<boolean> },
  ms: number,
): Promise<boolean> {
  const gone = new AbortController();
  const onClose = () => gone.abort();
  if (req.socket.destroyed) gone.abort();
  req.socket.once('close', onClose);
  try {
    return await service.faultDelay(ms, gone.signal);
  } finally {
    req.socket.off('close', onClose);
  }
}

/**
 * What serve's log writes of a request's target: its path only (a query string may carry a secret: a
 * presigned URL's X-Amz-Signature and X-Amz-Credential, a token), and a path past MAX_ECHO characters as its
 * start and its length, as every error quotes a value (core/input-rules.ts echoBare): one line per request,
 * not 16 KB of it.
 */
export function loggedPath(req: IncomingMessage): string {
  return echoBare((req.url ?? '/').split('?')[0]!);
}
