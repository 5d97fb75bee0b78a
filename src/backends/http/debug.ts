/**
 * `--debug` for the HTTP backend: each request and response on stderr, secrets redacted: credentials in
 * headers and URLs here, the operation's secret members in bodies by the request's `maskBody`
 * (models/secrets.ts, set by http-backend.ts).
 */
import type { OutStream } from '../../core/context.js';
import { terminalText } from '../../core/input-rules.js';
import type { WireResponse } from '../../wire/types.js';
import type { HttpRequest, TransportDebug } from './transport.js';

const SECRET_HEADERS = new Set(['x-amz-security-token', 'cookie', 'set-cookie']);
/** Any other header whose name says it carries a credential (`proxy-authorization`, `x-api-key`, `x-auth-token`...). */
const SECRET_HEADER_NAME =
  /authorization|(^|-)(auth|access|session|security|api)-?token$|secret|password|passwd|cookie|api-?key|credential|signature/i;
/** Query parameters that carry credentials (presigned AWS URLs, `?api_key=`): their values are dropped. NextToken is not one. */
const SECRET_PARAM =
  /signature|credential|security-token|^(access|auth|id|session)[-_]?token$|secret|password|api[-_]?key|access[-_]?key/i;

/** Keeps the scheme and the credential scope; drops keys, tokens and signatures. */
export function redactAuthorization(value: string): string {
  if (value.startsWith('AWS4-HMAC-SHA256 ')) {
    return value
      .replace(/Credential=[^/,\s]+/, 'Credential=REDACTED')
      .replace(/Signature=[0-9a-fA-F]+/, 'Signature=REDACTED');
  }
  const scheme = /^(\w+)\s/.exec(value)?.[1];
  return scheme ? `${scheme} REDACTED` : 'REDACTED';
}

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    out[k] =
      k === 'authorization'
        ? redactAuthorization(v)
        : SECRET_HEADERS.has(k) || SECRET_HEADER_NAME.test(k)
          ? 'REDACTED'
          : v;
  }
  return out;
}

/** The URL without user information and with the values of credential-like query parameters dropped. */
export function redactUrl(url: URL): string {
  if (url.username === '' && url.password === '' && url.search === '') return url.href;
  const copy = new URL(url.href);
  if (copy.username !== '') copy.username = 'REDACTED';
  if (copy.password !== '') copy.password = 'REDACTED';
  for (const name of [...new Set(copy.searchParams.keys())]) {
    if (SECRET_PARAM.test(name)) copy.searchParams.set(name, 'REDACTED');
  }
  return copy.href;
}

function headerLines(headers: Record<string, string>): string {
  return Object.entries(redactHeaders(headers))
    .map(([k, v]) => `  ${k}: ${v}\n`)
    .join('');
}

export function debugLogger(out: OutStream): TransportDebug {
  // What an endpoint answered is logged whole but never raw: a control character (an answer's ESC or BEL) is
  // written as its escape, as on every line svcctl writes to stderr (core/input-rules.ts terminalText).
  const stderr = { write: (text: string) => out.write(terminalText(text)) };
  return {
    request(req: HttpRequest, attempt: number) {
      stderr.write(
        `DEBUG http request (attempt ${attempt}): ${req.method} ${redactUrl(req.url)}\n${headerLines(req.headers)}  body: ${req.maskBody?.(req.body) ?? req.body}\n`,
      );
    },
    response(res: WireResponse, req: HttpRequest) {
      stderr.write(
        `DEBUG http response: ${res.status} from ${req.method} ${redactUrl(req.url)}\n${headerLines(res.headers)}  body: ${req.maskBody?.(res.body, res) ?? res.body}\n`,
      );
    },
    retry(reason: string, delayMs: number) {
      stderr.write(`DEBUG retrying in ${delayMs} ms: ${reason}\n`);
    },
  };
}
