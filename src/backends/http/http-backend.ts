/**
 * The HTTP backend: the same operations over the wire, with the same codecs `svcctl serve` uses. AWS
 * requests are signed with SigV4 (credentials and region as the AWS CLI finds them); v2 requests carry
 * a Bearer key, the version header and an Idempotency-Key on every POST (kept across retries). Errors
 * on the wire become the ServiceErrors the local backend throws, so the CLI prints exactly the same.
 */
import { randomUUID } from 'node:crypto';
import { readConfigBytes } from '../../core/config-text.js';
import type { ProcessContext } from '../../core/context.js';
import { versionLine } from '../../core/version.js';
import { ConfigError, ServiceError, TransportError } from '../../core/errors.js';
import { type Operation, takesIdempotency } from '../../models/operation.js';
import { holdsSecret, maskValuesInText, secretValues } from '../../models/secrets.js';
import { serviceModel } from '../../models/services.js';
import { CODECS, oversizeRequest } from '../../wire/codecs.js';
import { type Codec, WireFormatError, type WireResponse } from '../../wire/types.js';
import type { Backend, CallContext } from '../backend.js';
import { debugLogger } from './debug.js';
import { type AwsCredentials, sign } from '../../wire/sigv4.js';
import { type HttpRequest, Transport } from './transport.js';
import { echoText } from '../../core/input-rules.js';

const PROTOCOLS: Record<Codec['name'], string> = { query: 'AWS Query', json11: 'AWS JSON 1.1', v2: 'v2 JSON' };
const BACKOFF_MS = 100;

/** Where credentials can come from, all of it: the AWS CLI's own words ("aws login") would lead nowhere. */
export const NO_CREDENTIALS =
  'Unable to locate credentials. You can configure credentials by running "svcctl configure" ' +
  '(or "svcctl configure set aws_access_key_id ..." and "svcctl configure set aws_secret_access_key ..."), ' +
  'by setting AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or in ~/.aws/credentials; ' +
  'a server that does not check signatures also takes --no-sign-request.';

/** What the HTTP backend is given, resolved (cli/call.ts): nothing else of the global options. */
export interface HttpConfig {
  /** The endpoint URL, checked (parseEndpoint). */
  endpoint: URL;
  debug: boolean;
  signRequest: boolean;
  verifySsl: boolean;
  caBundle?: string;
  /** 0: no limit. */
  readTimeoutMs: number;
  /** 0: no limit. */
  connectTimeoutMs: number;
  /** The first attempt and its retries (max_attempts, AWS_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** The credentials of the selected profile, loaded at the first AWS call (profile/credentials.ts). */
  credentials(): AwsCredentials | undefined;
  /** The profile --profile named, when it did: its keys are the only ones read (the AWS_* variables are not). */
  namedProfile?: string;
}

/** NO_CREDENTIALS for a profile named by --profile, which hides the AWS_* variables (as in botocore). */
export function noCredentialsFor(profile: string): string {
  return (
    `Unable to locate credentials for the profile '${profile}' that --profile names: its keys are read from ` +
    `svcctl's config file ("svcctl configure set aws_access_key_id ... --profile ${profile}" and ` +
    `"svcctl configure set aws_secret_access_key ... --profile ${profile}"), ~/.aws/credentials or ~/.aws/config, ` +
    'never from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, which --profile sets aside; ' +
    'a server that does not check signatures also takes --no-sign-request.'
  );
}

export class HttpBackend implements Backend {
  private readonly base: URL;
  private transport?: Transport;
  private aws?: { credentials?: AwsCredentials };

  constructor(
    private readonly config: HttpConfig,
    private readonly ctx: ProcessContext,
  ) {
    this.base = config.endpoint;
  }

  async invoke(op: Operation, params: Record<string, unknown>, call: CallContext): Promise<Record<string, unknown>> {
    const codec = CODECS[op.service];
    // The service's size limits, as the embedded backend applies them: what serve would refuse is not sent.
    const oversize = oversizeRequest(op, params);
    if (oversize) throw oversize;
    const wire = codec.encodeRequest(op, params);
    const req: HttpRequest = {
      url: this.urlFor(wire.path),
      method: wire.method,
      headers: { ...wire.headers, 'user-agent': versionLine() },
      body: wire.body,
    };
    if (this.config.debug && (holdsSecret(op.input) || holdsSecret(op.output)))
      req.maskBody = (body, res) =>
        maskValuesInText(body, res ? answerSecrets(codec, op, res) : secretValues(op.input, params));
    const service = serviceModel(op.service);
    const prepare =
      service.protocol === 'v2' ? this.v2Headers(req, op, call) : this.awsSigner(service.signingName, call.region);
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

  private v2Headers(req: HttpRequest, op: Operation, call: CallContext): (req: HttpRequest) => void {
    req.headers.authorization = `Bearer ${call.apiKey ?? ''}`;
    if (call.serviceVersion) req.headers['service-version'] = call.serviceVersion;
    // Not to the meter event stream, which keeps none: serve journalled the key, and --as-cli replayed it as an
    // --idempotency-key the command refuses (hostile pass 17d).
    if (takesIdempotency(op)) req.headers['idempotency-key'] = call.idempotencyKey ?? randomUUID();
    return () => {};
  }

  /**
   * Loads the credentials once; signs every attempt afresh (new date) in the call's region, the one the
   * embedded backend and `configure list` use (us-east-1 when nothing sets one: docs/compat.md #74).
   */
  private awsSigner(service: string, region: string): (req: HttpRequest) => void {
    if (!this.config.signRequest) return () => {};
    this.aws ??= { credentials: this.config.credentials() };
    const { credentials } = this.aws;
    if (!credentials)
      throw new ConfigError(
        this.config.namedProfile === undefined ? NO_CREDENTIALS : noCredentialsFor(this.config.namedProfile),
        'NoCredentials',
      );
    return (req) => {
      delete req.headers.authorization;
      req.headers.host = req.url.host;
      sign(req, credentials, region, service, this.ctx.clock.now());
    };
  }

  private getTransport(): Transport {
    this.transport ??= new Transport({
      connectTimeoutMs: this.config.connectTimeoutMs,
      readTimeoutMs: this.config.readTimeoutMs,
      verifySsl: this.config.verifySsl,
      ca: this.caBundle(),
      attempts: this.config.maxAttempts,
      backoffMs: BACKOFF_MS,
      signal: this.ctx.signal,
      debug: this.config.debug ? debugLogger(this.ctx.stderr) : undefined,
    });
    return this.transport;
  }

  private caBundle(): Buffer | undefined {
    const path = this.config.caBundle;
    if (path === undefined || this.base.protocol !== 'https:') return undefined;
    try {
      return readConfigBytes(path);
    } catch {
      throw new TransportError(`Could not find a suitable TLS CA certificate bundle, invalid path: ${path}`);
    }
  }

  private decode(codec: Codec, op: Operation, req: HttpRequest, res: WireResponse): Record<string, unknown> {
    const ok = res.status >= 200 && res.status < 300;
    const url = echoText(req.url.href, '"');
    const protocol = PROTOCOLS[codec.name];
    const unreadable = (why: string) =>
      new TransportError(
        ok
          ? `Unable to parse the response from the endpoint URL: ${url} as ${protocol} (HTTP ${res.status}): ${why}`
          : `The endpoint URL ${url} answered HTTP ${res.status} with no error in the ${protocol} shape (${why}).`,
      );
    // A body that is no text is no answer, whatever its status (hostile pass 21c).
    if (res.notText) throw unreadable(`the body is ${res.notText}`);
    let error;
    try {
      if (ok) return codec.decodeResponse(op, res);
      error = codec.decodeError(res);
    } catch (err) {
      if (!(err instanceof WireFormatError)) throw err;
      throw unreadable(err.message);
    }
    if (error instanceof ServiceError && codec.name !== 'v2') error.retriesExhausted = res.retriesExhausted;
    throw error;
  }
}

/** The secret values an answer holds (none when it is no answer of the operation). */
function answerSecrets(codec: Codec, op: Operation, res: WireResponse): string[] {
  if (res.status < 200 || res.status >= 300) return [];
  try {
    return secretValues(op.output, codec.decodeResponse(op, res));
  } catch {
    return [];
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
