/**
 * What a web page open in the user's browser may make a local serve do: nothing it did not mean to.
 *
 * - DNS rebinding: a page of `http://evil.example:PORT`, whose name is made to resolve to 127.0.0.1, is
 *   same-origin with serve for the browser. Its requests carry `Host: evil.example:PORT`, so serve answers
 *   only Host values that name it (`hostRefusal`): an IP address (a rebinding needs a name), `localhost`,
 *   the `--host` it was given and the names of `--allowed-hosts`, each on the port serve listens on
 *   (without a port where that is the scheme's default). Anything else gets 421 Misdirected Request before
 *   anything is read or changed.
 * - Cross-site requests: a page of another origin can send a form POST, a no-cors fetch or an `<img>` GET
 *   to serve; the browser names the page in `Origin` and `Sec-Fetch-Site`. An operation that changes the
 *   store (one its model does not mark readOnly) is refused from another site's page, and over GET or
 *   HEAD unless it is signed (a presigned URL or an Authorization header, which no page can add without a
 *   CORS preflight that serve never grants).
 *
 * svcctl, the AWS CLI, the SDKs and curl send neither `Origin` nor `Sec-Fetch-Site`, and a Host they took
 * from the endpoint URL: they are not affected.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { UsageError } from '../core/errors.js';
import type { Operation } from '../models/operation.js';
import { echoBare, echoText } from '../core/input-rules.js';

/** The Host values serve answers besides IP addresses and `localhost` (from --host and --allowed-hosts). */
export interface HostRules {
  /** `--allowed-hosts '*'`: any Host (the check is off). */
  any: boolean;
  /** Names accepted on serve's own port. */
  names: ReadonlySet<string>;
  /** `name:port` accepted as they are (a port forwarded to serve's). */
  withPort: ReadonlySet<string>;
  /** `.example.com`: that name and every name under it, on serve's own port. */
  suffixes: readonly string[];
}

const NAME = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*)$/;
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/;

function splitHost(value: string): { name: string; port?: number } | undefined {
  const m = HOST.exec(value.toLowerCase());
  return m ? { name: m[1]!, port: m[2] === undefined ? undefined : Number(m[2]) } : undefined;
}

function isAddress(name: string): boolean {
  return isIP(name.startsWith('[') ? name.slice(1, -1) : name) !== 0;
}

/**
 * `--allowed-hosts LIST`: comma-separated `name`, `name:port`, `.domain` (it and its subdomains) or `*`
 * (any Host, the check off). A word that is none of them is a usage error (252).
 */
export function hostRules(listenHost: string, allowedHosts: string | undefined): HostRules {
  const names = new Set<string>();
  const withPort = new Set<string>();
  const suffixes: string[] = [];
  let any = false;
  const own = listenHost.toLowerCase();
  if (NAME.test(own) && !isAddress(own)) names.add(own);
  for (const word of (allowedHosts ?? '').split(',').map((w) => w.trim().toLowerCase())) {
    if (word === '') continue;
    if (word === '*') any = true;
    else if (word.startsWith('.') && NAME.test(word.slice(1))) suffixes.push(word);
    else {
      const host = splitHost(word);
      if (!host || !NAME.test(host.name) || (host.port !== undefined && host.port > 65535)) {
        throw new UsageError(
          `argument --allowed-hosts: invalid host: ${echoText(word)} (a name, name:port, .domain for it and its subdomains, or * for any)`,
        );
      }
      if (host.port === undefined) names.add(host.name);
      else withPort.add(`${host.name}:${host.port}`);
    }
  }
  return { any, names, withPort, suffixes };
}

/**
 * The Host a request named, when it is an IP address or `localhost` (with its port, as the client wrote
 * it): a name that reaches this server from the client's machine with no DNS entry. Undefined otherwise.
 */
export function addressHost(req: IncomingMessage): string | undefined {
  const host = req.headers.host;
  const parsed = host === undefined ? undefined : splitHost(host);
  if (!parsed || !(isAddress(parsed.name) || parsed.name === 'localhost')) return undefined;
  return host!.toLowerCase();
}

function encrypted(req: IncomingMessage): boolean {
  return (req.socket as TLSSocket).encrypted === true;
}

function namesServe(host: string, localPort: number, secure: boolean, rules: HostRules): boolean {
  if (rules.any) return true;
  const parsed = splitHost(host);
  if (!parsed) return false;
  const defaultPort = secure ? 443 : 80;
  if (rules.withPort.has(`${parsed.name}:${parsed.port ?? defaultPort}`)) return true;
  if ((parsed.port ?? defaultPort) !== localPort) return false;
  const { name } = parsed;
  return (
    isAddress(name) ||
    name === 'localhost' ||
    rules.names.has(name) ||
    rules.suffixes.some((s) => name === s.slice(1) || name.endsWith(s))
  );
}

/**
 * Why a request's Host does not name this server (the message of its 421), or undefined when it does. A
 * request without Host (HTTP/1.0) is no browser's and goes on.
 */
export function hostRefusal(req: IncomingMessage, rules: HostRules): string | undefined {
  const host = req.headers.host;
  const port = req.socket.localPort ?? 0;
  if (host === undefined || namesServe(host, port, encrypted(req), rules)) return undefined;
  return (
    `Host ${echoBare(host)} does not name this server: it answers IP addresses, localhost and the names of --host and --allowed-hosts, ` +
    `on port ${port}. A page whose name was made to resolve here (DNS rebinding) gets this answer; to reach serve by that name, start it with --allowed-hosts NAME.`
  );
}

/** The page of another site a request came from (its `Origin`, or `Sec-Fetch-Site`), or undefined. */
export function otherSite(req: IncomingMessage): string | undefined {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return `Sec-Fetch-Site: ${site}`;
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  try {
    const own = new URL(`${encrypted(req) ? 'https' : 'http'}://${req.headers.host ?? ''}`).origin;
    if (new URL(origin).origin === own) return undefined;
  } catch {
    // An Origin or Host that is no URL: not this server's page.
  }
  return `Origin: ${echoBare(origin)}`;
}

/** A GET or HEAD that carries a SigV4 signature (presigned URL, or header): no page can add either. */
function signed(req: IncomingMessage): boolean {
  const query = (req.url ?? '').split('?')[1] ?? '';
  return /(?:^|&)X-Amz-Signature=/.test(query) || (req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ');
}

/**
 * Why serve refuses a request that changes the store (the operation `name`) because a page of another site
 * sent it (403), or undefined. The API's operations (writeRefusal) and the registry's writes alike.
 */
export function crossSiteWrite(req: IncomingMessage, name: string): string | undefined {
  const site = otherSite(req);
  return site && `${name} changes the store and this request came from a page of another site (${site}): refused.`;
}

/** Why serve refuses to run an operation that changes the store for this request (403), or undefined. */
export function writeRefusal(req: IncomingMessage, op: Operation): string | undefined {
  if (op.readOnly) return undefined;
  const site = crossSiteWrite(req, op.name);
  if (site) return site;
  if ((req.method === 'GET' || req.method === 'HEAD') && !signed(req)) {
    return `${op.name} changes the store: over ${req.method} it is taken only when signed (a presigned URL with X-Amz-Signature, or an Authorization header); send it as POST.`;
  }
  return undefined;
}
