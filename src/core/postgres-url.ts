/**
 * The PostgreSQL store URL as the driver (pg 8, pg-connection-string) reads it: which URL is one, and why one
 * cannot be used (a list of hosts, a parameter the driver ignores or svcctl sets, a value it would misread, an
 * sslmode it reads as another, a certificate file that cannot be read). Asked where a store URL is chosen
 * (backends/store-url.ts: --store, SVCCTL_STORE_URL, the profile's store_url) and by `configure set store_url`
 * (models/config-keys.ts), which is why it lives below both.
 */
import { accessSync, constants as fsConstants, statSync } from 'node:fs';
import { osErrorText } from './errors.js';
import { pyStrRepr } from './pytext.js';

/** A store URL serve and `store export|import` take: PostgreSQL (postgres:// or postgresql://). */
export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\/./.test(url);

/**
 * Whether a URL's user information goes on past what the driver reads as its host: a password with an
 * unencoded '/', '?' or '#' after a port-like start (u:2024#pw@host/db), or a user name with one
 * (u#x:pw@host/db), parses as host u and the rest as port, database, query or fragment. An '@' after the
 * authority with no '=' before it (so in no parameter's value), and a ':' before that '@'. Every echo masks it
 * from the ':' to the last '@' (models/secrets.ts's maskStoreUrl); the gate refuses one past a '?' or '#'.
 */
export function userInfoPastHost(url: string): boolean {
  const rest = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@]*)([/?#].*)$/is.exec(url);
  return rest !== null && /^[^=]*@/s.test(rest[2]) && `${rest[1]}${rest[2]}`.split('@')[0].includes(':');
}

/**
 * Why a postgres:// URL cannot be read as the driver reads it (pg-connection-string: spaces and stray '%'
 * encoded, then WHATWG's URL, again with an empty host allowed); undefined when it can. A URL the driver
 * cannot read is refused where it is chosen, not found out at the first connection (hostile pass 19c).
 */
export function postgresUrlProblem(url: string): string | undefined {
  // libpq's list of hosts (h1:5432,h2:5432, or ?host=h1,h2): the driver takes one host, and read the list as
  // a port that is no number, or as one host name to look up.
  const authority = /^[a-z]+:\/\/(?:[^/?#]*@)?([^/?#]*)/i.exec(url)?.[1] ?? '';
  const hosts = [authority, ...new URLSearchParams(url.split('?')[1]?.split('#')[0] ?? '').getAll('host')];
  if (hosts.some((h) => h.includes(',')))
    return 'it names more than one host (h1,h2), which the driver does not take: name one host';
  // WHATWG's URL (the driver's) drops a tab or line break anywhere and a control character at either end: a
  // password or database read as another (pa<TAB>ss as pass). Refused, as every setting with one is.
  const control = [...url].findIndex((ch) => /[\u0000-\u001f\u007f]/.test(ch));
  if (control >= 0) {
    const code = [...url][control].codePointAt(0)!.toString(16).toUpperCase().padStart(2, '0');
    return `its character ${control + 1} is U+00${code}, a control character, which the driver drops or reads as another: write it %${code}`;
  }
  // libpq reads user information up to the '@' past a '?' or '#' (not past a '/'), the driver as the host's
  // parameters or fragment: refused. Past a '/' both read a database (u:1234/x@h/db): taken, masked.
  if (userInfoPastHost(url) && /[?#]/.test(url.split('//')[1]?.split('@')[0] ?? ''))
    return "its '@' after the host is read as part of its parameters or fragment: a '?' or '#' in a user name or password is written %3F, %23";
  // The driver drops a fragment, and all after its '#': a '#' meant in a password (u:2024#pw@host, read as host
  // u, port 2024) or in a parameter's value (?password=a#b, read as a).
  if (url.includes('#'))
    return "its '#' begins a fragment, which the driver ignores with all that follows it: a '#' in a user name, password or parameter is written %23";
  let text = url;
  if (/ |%[^a-f0-9]|%[a-f0-9][^a-f0-9]/i.test(text)) text = encodeURI(text).replace(/%25(\d\d)/g, '%$1');
  let parsed: URL | undefined;
  for (const candidate of [text, text.replace('@/', '@___DUMMY___/')]) {
    try {
      parsed = new URL(candidate, 'postgres://base');
      break;
    } catch {}
  }
  if (parsed === undefined)
    return "it is not a URL (a port is a number up to 65535; an '@', ':' or '/' in the user name or password is written %40, %3A, %2F)";
  return (
    escapeProblem(parsed) ??
    paramProblem(parsed.searchParams) ??
    valueProblem(parsed.searchParams) ??
    sslModeProblem(parsed.searchParams) ??
    sslFileProblem(parsed.searchParams)
  );
}

/**
 * A user name, password, host or database whose %-escapes are no UTF-8 text (%C3%28, %FF), or that holds a %00
 * (as a parameter's name or value may not either): the driver decodes
 * them with decodeURIComponent (decodeURI for the database) at the first connection, and failed there with
 * 'URI malformed', as the store being unavailable (hostile pass 21a). Each is decoded only when the query does
 * not name it, as the driver does; the value is never quoted, a password among them.
 */
function escapeProblem(url: URL): string | undefined {
  const given = (name: string) => Boolean(url.searchParams.getAll(name).at(-1));
  const parts: Array<[string, string, boolean, (text: string) => string]> = [
    ['user name', url.username, given('user'), decodeURIComponent],
    ['password', url.password, given('password'), decodeURIComponent],
    ['host', url.hostname, given('host'), decodeURIComponent],
    ['database name', url.pathname.slice(1), false, decodeURI],
  ];
  // PostgreSQL's protocol ends each text it sends with U+0000: one inside cuts it there, and what follows is read
  // as the next (?application_name=a%00database%00b names another database).
  const nul = (part: string) =>
    `its ${part} holds %00 (U+0000), which PostgreSQL's protocol cannot send: it ends each text with one`;
  for (const [part, text, replaced, decode] of parts) {
    if (replaced) continue;
    let decoded: string;
    try {
      decoded = decode(text);
    } catch {
      return `its ${part} holds a %-escape that is no UTF-8 text (a character is written as the %XX of each of its UTF-8 bytes; a '%' itself is %25)`;
    }
    if (decoded.includes('\u0000')) return nul(part);
  }
  for (const [name, value] of url.searchParams)
    if (`${name}${value}`.includes('\u0000')) return nul(`parameter ${JSON.stringify(name.replace(/\u0000/g, '%00'))}`);
  return undefined;
}

/**
 * The query parameters the driver (pg 8, pg-connection-string) reads from a URL and svcctl leaves to it: TLS,
 * the connection's address and user, and settings sent to the server at start.
 */
const URL_PARAMS = new Set([
  'sslmode',
  'sslcert',
  'sslkey',
  'sslrootcert',
  'sslnegotiation',
  'ssl',
  'uselibpqcompat',
  'host',
  'port',
  'user',
  'password',
  'application_name',
  'fallback_application_name',
  'options',
  'statement_timeout',
  'lock_timeout',
  'idle_in_transaction_session_timeout',
]);
/** Parameters the driver would read in place of svcctl's own setting, or in a way svcctl cannot work with. */
const URL_PARAMS_OWNED: Record<string, string> = {
  connect_timeout: 'svcctl sets it: use --store-connect-timeout (milliseconds)',
  query_timeout: 'svcctl sets it: use --store-query-timeout (milliseconds)',
  client_encoding: 'svcctl reads and writes UTF8 only',
  binary: 'svcctl reads results as text only',
  replication: 'a replication connection runs no queries',
};

/**
 * A parameter the driver would ignore (libpq's keepalives, target_session_attrs, a misspelt one…), or read in
 * place of svcctl's own setting: refused, as libpq refuses an unknown one ('invalid URI query parameter').
 */
function paramProblem(params: URLSearchParams): string | undefined {
  for (const name of new Set(params.keys())) {
    const owned = URL_PARAMS_OWNED[name];
    if (owned !== undefined) return `its parameter ${name} is not taken: ${owned}`;
    if (!URL_PARAMS.has(name))
      return `its parameter ${JSON.stringify(name)} is none the driver reads (${[...URL_PARAMS].join(', ')})`;
  }
  return undefined;
}

/**
 * A value the driver cannot use, found only at the first connection, or reads as another: ?port= that is no
 * port (parseInt reads 5432x as 5432), a time-out that is no whole number of milliseconds (5s was 5 ms),
 * ?ssl= other than its words (ssl=false is a string, so TLS on) or one its sslmode, sslcert, sslkey or sslrootcert
 * replaces (ssl=0 beside sslrootcert is TLS on), and an ?sslnegotiation= other than postgres
 * or direct (direct needs TLS). The last one given is the one read.
 */
function valueProblem(params: URLSearchParams): string | undefined {
  const last = (name: string) => params.getAll(name).at(-1);
  const port = last('port');
  if (port !== undefined && port !== '' && !(/^\d{1,5}$/.test(port) && Number(port) <= 65535))
    return `its port ${JSON.stringify(port)} is not a number up to 65535`;
  // The driver sends parseInt of these: 5s was 5 (milliseconds, where the server reads 5s as seconds), abc NaN.
  for (const name of ['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout']) {
    const value = last(name);
    if (value !== undefined && value !== '' && !/^\d{1,10}$/.test(value))
      return `its ${name} ${JSON.stringify(value)} is not a whole number of milliseconds (the driver sends the number it starts with)`;
  }
  const ssl = last('ssl');
  if (ssl !== undefined && !['true', '1', '0', 'no-verify'].includes(ssl))
    return `its ssl ${JSON.stringify(ssl)} is none of true, 1, 0, no-verify (the driver reads any other as TLS on)`;
  // An sslmode, sslcert, sslkey or sslrootcert replaces ssl whole (ssl = {} or false): ssl=0 beside one is TLS on,
  // ssl=true beside sslmode=disable TLS off, ssl=no-verify beside one the certificate checked as they say.
  const named = ['sslmode', 'sslcert', 'sslkey', 'sslrootcert'].filter((name) => last(name));
  if (ssl !== undefined && named.length > 0) {
    const on = last('sslmode') !== 'disable';
    if ((ssl === '0') === on || (ssl === 'no-verify' && on && last('sslmode') !== 'no-verify'))
      return `its ssl=${ssl} is replaced by its ${named.join(', ')}, which the driver reads over it (TLS ${on ? 'on, as they say' : 'off'}): leave out ssl`;
  }
  const negotiation = last('sslnegotiation');
  if (negotiation !== undefined && !['postgres', 'direct'].includes(negotiation))
    return `its sslnegotiation ${JSON.stringify(negotiation)} is none of postgres, direct`;
  if (negotiation === 'direct' && (ssl === '0' || last('sslmode') === 'disable'))
    return 'its sslnegotiation=direct needs TLS, which its ssl=0 or sslmode=disable turns off';
  return undefined;
}

/**
 * A certificate or key file the URL names (sslcert, sslkey, sslrootcert) that cannot be read: the driver
 * reads it at the connection and failed there in node's words, as the store being unavailable.
 */
function sslFileProblem(params: URLSearchParams): string | undefined {
  for (const name of ['sslcert', 'sslkey', 'sslrootcert']) {
    const path = params.getAll(name).at(-1);
    if (path === undefined) continue;
    try {
      if (!statSync(path).isFile()) return `its ${name} ${pyStrRepr(path)} is not a file`;
      accessSync(path, fsConstants.R_OK);
    } catch (err) {
      return `its ${name} cannot be read: ${osErrorText(err as NodeJS.ErrnoException, path)}`;
    }
  }
  return undefined;
}

/** The sslmode values the driver knows; without uselibpqcompat=true it reads prefer, require and verify-ca as verify-full. */
const SSL_MODES = ['disable', 'no-verify', 'prefer', 'require', 'verify-ca', 'verify-full'];

/**
 * An sslmode the driver would take as another (prefer, require, verify-ca: as verify-full, the server's
 * certificate checked, with a warning of node's on stderr) or not at all (a TLS connection tried whatever the
 * word): refused, naming what to write instead. With uselibpqcompat=true the driver reads them as libpq does,
 * and no-verify, which libpq does not know, as verify-full.
 */
function sslModeProblem(params: URLSearchParams): string | undefined {
  const mode = params.getAll('sslmode').at(-1);
  if (mode === undefined) return undefined;
  if (!SSL_MODES.includes(mode)) return `its sslmode ${JSON.stringify(mode)} is none of ${SSL_MODES.join(', ')}`;
  if (['prefer', 'require', 'verify-ca'].includes(mode) && params.getAll('uselibpqcompat').at(-1) !== 'true')
    return `the driver reads sslmode=${mode} as verify-full (the server's certificate checked): write sslmode=verify-full, sslmode=no-verify for TLS without that check, or add uselibpqcompat=true for libpq's meaning of ${mode}`;
  // The driver's libpq reading knows no no-verify: the server's certificate is then checked, as verify-full.
  if (mode === 'no-verify' && params.getAll('uselibpqcompat').at(-1) === 'true')
    return "its sslmode=no-verify is none of libpq's, which uselibpqcompat=true asks for, and the driver then checks the server's certificate: write sslmode=require for TLS without that check, or leave out uselibpqcompat=true";
  // libpq's verify-ca checks the certificate against a CA of one's own: the driver refuses it without one.
  if (mode === 'verify-ca' && !params.getAll('sslrootcert').at(-1))
    return 'its sslmode=verify-ca checks the server against the CA its sslrootcert names, and it names none: add sslrootcert=FILE, or write sslmode=verify-full';
  return undefined;
}
