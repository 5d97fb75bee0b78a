/**
 * The HTTP backend: the same operations over the wire, with the same codecs `svcctl serve` uses. AWS
 * requests are signed with SigV4 (credentials and region as the AWS CLI finds them); v2 requests carry
 * a Bearer key, the version header and an Idempotency-Key on every POST (kept across retries). Errors
 * on the wire become the ServiceErrors the local backend throws, so the CLI prints exactly the same.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ProcessContext } from '../../core/context.js';
import type { HttpOptions } from '../../core/options.js';
import { versionLine } from '../../core/version.js';
import { ConfigError, InputError, TransportError } from '../../core/errors.js';
import type { Operation } from '../../models/operation.js';
import { serviceModel } from '../../models/services.js';
import { CODECS } from '../../wire/codecs.js';
import { type Codec, WireFormatError, type WireResponse } from '../../wire/types.js';
import type { Backend, CallContext } from '../backend.js';
import { loadAwsSettings, NO_CREDENTIALS, type AwsSettings } from './credentials.js';
import { debugLogger } from './debug.js';
import { sign } from '../../wire/sigv4.js';
import { type HttpRequest, Transport } from './transport.js';

const PROTOCOLS: Record<Codec['name'], string> = { query: 'AWS Query', json11: 'AWS JSON 1.1', v2: 'v2 JSON' };
const DEFAULT_ATTEMPTS = 3;
const BACKOFF_MS = 100;

/**
 * The endpoint URL, checked as the AWS CLI checks it. A bad one from the environment or the config file
 * is a configuration error (253) naming where it came from, not the flag the user never typed.
 */
export function parseEndpoint(value: string, origin?: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    if (origin !== undefined) {
      throw new ConfigError(
        `Bad value for the endpoint URL "${value}" (from ${origin}): scheme is missing.  Must be of the form http://<hostname>/ or https://<hostname>/`,
      );
    }
    throw new InputError(
      `Bad value for --endpoint-url "${value}": scheme is missing.  Must be of the form http://<hostname>/ or https://<hostname>/`,
    );
  }
  return url;
}

export class HttpBackend implements Backend {
  private readonly base: URL;
  private transport?: Transport;
  private aws?: AwsSettings;

  constructor(
    private readonly globals: HttpOptions,
    private readonly ctx: ProcessContext,
  ) {
    this.base = parseEndpoint(globals.endpointUrl ?? '', globals.endpointUrlOrigin);
  }

  async invoke(op: Operation, params: Record<string, unknown>, call: CallContext): Promise<Record<string, unknown>> {
    const codec = CODECS[op.service];
    const wire = codec.encodeRequest(op, params);
    const req: HttpRequest = {
      url: this.urlFor(wire.path),
      method: wire.method,
      headers: { ...wire.headers, 'user-agent': versionLine() },
      body: wire.body,
    };
    const service = serviceModel(op.service);
    const prepare =
      service.protocol === 'v2' ? this.v2Headers(req, call) : this.awsSigner(service.signingName, call.region);
    const res = await this.getTransport().send(req, prepare, service.protocol === 'v2' ? undefined : codeOf(codec));
    return this.decode(codec, op, req, res);
  }

  close(): void {
    this.transport?.close();
  }

  private urlFor(path: string): URL {
    const prefix = this.base.pathname.replace(/\/+$/, '');
    return new URL(`${prefix}${path}`, this.base.origin);
  }

  private v2Headers(req: HttpRequest, call: CallContext): (req: HttpRequest) => void {
    req.headers.authorization = `Bearer ${call.apiKey ?? ''}`;
    if (call.serviceVersion) req.headers['service-version'] = call.serviceVersion;
    if (req.method === 'POST') req.headers['idempotency-key'] = call.idempotencyKey ?? randomUUID();
    return () => {};
  }

  /**
   * Loads the credentials once; signs every attempt afresh (new date) in the call's region, the one the
   * embedded backend and `configure list` use (us-east-1 when nothing sets one: docs/compat.md #74).
   */
  private awsSigner(service: string, region: string): (req: HttpRequest) => void {
    this.aws ??= loadAwsSettings(this.globals, this.ctx, this.globals.signRequest);
    const { credentials } = this.aws;
    if (!this.globals.signRequest) return () => {};
    if (!credentials) throw new ConfigError(NO_CREDENTIALS, 'NoCredentials');
    return (req) => {
      delete req.headers.authorization;
      req.headers.host = req.url.host;
      sign(req, credentials, region, service, this.ctx.clock.now());
    };
  }

  private getTransport(): Transport {
    this.transport ??= new Transport({
      connectTimeoutMs: this.globals.connectTimeoutMs,
      readTimeoutMs: this.globals.readTimeoutMs,
      verifySsl: this.globals.verifySsl,
      ca: this.caBundle(),
      attempts: attemptsFrom(this.ctx.env.AWS_MAX_ATTEMPTS),
      backoffMs: BACKOFF_MS,
      signal: this.ctx.signal,
      debug: this.globals.debug ? debugLogger(this.ctx.stderr) : undefined,
    });
    return this.transport;
  }

  private caBundle(): Buffer | undefined {
    const path = this.globals.caBundle;
    if (path === undefined || this.base.protocol !== 'https:') return undefined;
    try {
      return readFileSync(path);
    } catch {
      throw new TransportError(`Could not find a suitable TLS CA certificate bundle, invalid path: ${path}`);
    }
  }

  private decode(codec: Codec, op: Operation, req: HttpRequest, res: WireResponse): Record<string, unknown> {
    const ok = res.status >= 200 && res.status < 300;
    try {
      if (ok) return codec.decodeResponse(op, res);
    } catch (err) {
      if (!(err instanceof WireFormatError)) throw err;
      throw new TransportError(
        `Unable to parse the response from the endpoint URL: "${req.url.href}" as ${PROTOCOLS[codec.name]} (HTTP ${res.status}): ${err.message}`,
      );
    }
    let error;
    try {
      error = codec.decodeError(res);
    } catch (err) {
      if (!(err instanceof WireFormatError)) throw err;
      throw new TransportError(
        `The endpoint URL "${req.url.href}" answered HTTP ${res.status} with no error in the ${PROTOCOLS[codec.name]} shape (${err.message}).`,
      );
    }
    throw error;
  }
}

/** An AWS error answer's code, as the codec decodes it (undefined when the body is no error of the protocol). */
function codeOf(codec: Codec): (res: WireResponse) => string | undefined {
  return (res) => {
    try {
      return codec.decodeError(res).code;
    } catch {
      return undefined;
    }
  };
}

function attemptsFrom(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= 1 ? n : DEFAULT_ATTEMPTS;
}
