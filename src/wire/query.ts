/**
 * The AWS Query protocol, for every service whose record (models/services.ts) says `query`: a form body
 * (`Action=…&Version=<apiVersion>&Names.member.1=…`), XML answers in the service's namespace, and errors as
 * `<ErrorResponse><Error><Type>Sender</Type><Code>…</Code><Message>…</Message></Error>…`.
 */
import { echoBare, echoText } from '../core/input-rules.js';
import { ServiceError } from '../core/errors.js';
import { OPERATIONS } from '../models/registry.js';
import type { Operation } from '../models/operation.js';
import { type QueryService, serviceModel, servicesSpeaking } from '../models/services.js';
import type { Shape } from '../models/shapes.js';
import { isPlainObject } from '../models/validate.js';
import { decodeForm, encodeForm, flatten, FormIndexError, unflatten } from './form.js';
import { parsePyInt, pyFloat } from '../core/pynum.js';
import { Timestamp } from '../core/timestamp.js';
import { readTimestamp } from './json.js';
import {
  type Codec,
  charsetProblem,
  mediaType,
  type Problem,
  splitPath,
  type WireRequest,
  type WireResponse,
  WireFormatError,
} from './types.js';
import { child, escapeXml, findDeep, parseXml, type XmlElement } from './xml.js';

export const FORM_TYPE = 'application/x-www-form-urlencoded';
/** The methods the Query protocol is sent with: a GET's query string, a POST's form, and HEAD, a GET without its body. */
const QUERY_METHODS: readonly string[] = ['GET', 'HEAD', 'POST'];

/** The service a Query operation belongs to. */
function serviceOf(op: Operation): QueryService {
  const service = serviceModel(op.service);
  if (service.protocol !== 'query') throw new Error(`${op.name} is not an AWS Query operation`);
  return service;
}

const SERVICES = servicesSpeaking('query');
/**
 * The service a request is taken to address when it does not say (no Version, or one no service has), and
 * whose namespace an error before its operation is known is answered in: the first Query service.
 */
const FIRST = SERVICES[0]!;

/** Query operations by `<Version> <Action>`. */
const OPS = new Map(
  OPERATIONS.filter((op) => serviceModel(op.service).protocol === 'query').map((op) => [
    `${serviceOf(op).apiVersion} ${op.name}`,
    op,
  ]),
);

const PROBLEMS: Record<Problem, readonly [number, string]> = {
  'unknown-operation': [400, 'InvalidAction'],
  'bad-encoding': [400, 'MalformedQueryString'],
  'bad-content-type': [415, 'UnsupportedMediaType'],
  'too-large': [413, 'RequestEntityTooLarge'],
  timeout: [408, 'RequestTimeout'],
  'bad-signature': [403, 'IncompleteSignature'],
  internal: [500, 'InternalFailure'],
  unavailable: [503, 'ServiceUnavailable'],
  misdirected: [421, 'MisdirectedRequest'],
  forbidden: [403, 'AccessDenied'],
};

/** A presigned URL's SigV4 parameters: the signature's, not the operation's. */
const PRESIGN_PARAMS = new Set([
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Security-Token',
]);

function problem(kind: Problem, detail: string): ServiceError {
  const [status, code] = PROBLEMS[kind];
  return new ServiceError(code, detail, status);
}

function xmlOf(shape: Shape, v: unknown): string {
  if (shape.type === 'structure' && isPlainObject(v)) {
    return Object.entries(shape.members)
      .filter(([name]) => v[name] !== undefined && v[name] !== null)
      .map(([name, member]) => `<${name}>${xmlOf(member, v[name])}</${name}>`)
      .join('');
  }
  if (shape.type === 'list' && Array.isArray(v))
    return v.map((x) => `<member>${xmlOf(shape.member, x)}</member>`).join('');
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  return escapeXml(String(v));
}

function fromXml(shape: Shape, el: XmlElement): unknown {
  switch (shape.type) {
    case 'structure': {
      const out: Record<string, unknown> = {};
      for (const [name, member] of Object.entries(shape.members)) {
        const c = child(el, name);
        if (c) out[name] = fromXml(member, c);
      }
      return out;
    }
    case 'list':
      return el.children.filter((c) => c.name === 'member').map((c) => fromXml(shape.member, c));
    case 'integer': {
      if (!/^\s*-?\d+\s*$/.test(el.text)) throw new WireFormatError(`<${el.name}> is not an integer: ${el.text}`);
      return parsePyInt(el.text.trim());
    }
    case 'double': {
      const n = Number(el.text.trim());
      if (el.text.trim() === '' || Number.isNaN(n))
        throw new WireFormatError(`<${el.name}> is not a number: ${el.text}`);
      return pyFloat(n);
    }
    case 'boolean':
      return el.text.trim() === 'true';
    case 'timestamp': {
      const d = readTimestamp(el.text.trim());
      if (!(d instanceof Timestamp)) throw new WireFormatError(`<${el.name}> is not a timestamp: ${el.text}`);
      return d;
    }
    default:
      return el.text;
  }
}

function parse(body: string): XmlElement {
  return parseXml(body);
}

export const queryCodec: Codec = {
  name: 'query',

  encodeRequest(op, params) {
    const pairs: Array<[string, string]> = [
      ['Action', op.name],
      ['Version', serviceOf(op).apiVersion],
    ];
    flatten(op.input, params, '', pairs);
    return {
      method: 'POST',
      path: '/',
      headers: { 'content-type': `${FORM_TYPE}; charset=utf-8` },
      body: encodeForm(pairs),
    };
  },

  decodeRequest(req: WireRequest) {
    // The Query protocol is a GET's query string or a POST's form (HEAD is a GET without its body); another method
    // was read as one of them, so a DELETE or PUT ran CreateLaunchConfiguration unseen (hostile pass 23b).
    if (!QUERY_METHODS.includes(req.method))
      throw new ServiceError(
        'MethodNotAllowed',
        `The Query protocol takes GET or POST requests, not ${echoBare(req.method)}.`,
        405,
      );
    // A GET reads its query string alone, as on the v2 API (v2.ts): a body was read as more parameters, even
    // its Action, where no SDK nor the AWS CLI sends one (hostile pass 23b).
    if (req.method !== 'POST' && req.body.trim() !== '')
      throw problem(
        'bad-encoding',
        `A ${req.method} request takes its parameters in the query string, not a request body.`,
      );
    const type = mediaType(req.headers['content-type']);
    if (req.body !== '' && type !== FORM_TYPE) {
      throw problem(
        'bad-content-type',
        `Unsupported Content-Type ${echoText(type)}: the Query protocol takes ${FORM_TYPE} bodies.`,
      );
    }
    const charset = req.body === '' ? undefined : charsetProblem(req.headers['content-type']);
    if (charset) throw problem('bad-content-type', charset);
    let pairs: Array<[string, string]>;
    try {
      pairs = [...decodeForm(splitPath(req.path).query), ...decodeForm(req.body)];
    } catch {
      throw problem(
        'bad-encoding',
        'The request body is not valid application/x-www-form-urlencoded data (bad percent-escape or UTF-8).',
      );
    }
    // A name given twice (`Action=A&Action=B`, `Names.member.1` twice) is refused: which one was meant is not told.
    const fields = new Map<string, string>();
    for (const [name, value] of pairs) {
      if (fields.has(name))
        throw new ServiceError(
          'MalformedQueryString',
          `The parameter ${echoText(name)} is given more than once; each parameter may be given once.`,
          400,
        );
      fields.set(name, value);
    }
    // A name given both as a value and with members (`Names=a&Names.member.1=b`): the value was dropped unseen,
    // whichever came first. Refused as a name given twice is. (serve's nesting check, before this, bounds the dots.)
    for (const name of fields.keys()) {
      for (let dot = name.indexOf('.'); dot !== -1; dot = name.indexOf('.', dot + 1)) {
        const prefix = name.slice(0, dot);
        if (fields.has(prefix))
          throw new ServiceError(
            'MalformedQueryString',
            `The parameter ${echoText(prefix)} is given both as a value and with members (${echoText(name)}); a parameter is one or the other.`,
            400,
          );
      }
    }
    const action = fields.get('Action');
    const version = fields.get('Version') ?? FIRST.apiVersion;
    const op = action !== undefined ? OPS.get(`${version} ${action}`) : undefined;
    if (!op) {
      throw problem(
        'unknown-operation',
        action === undefined
          ? 'The request has no Action parameter.'
          : `Could not find operation ${echoBare(action)} for version ${echoBare(version)}`,
      );
    }
    try {
      return {
        op,
        params: unflatten(
          op.input,
          pairs.filter(([k]) => k !== 'Action' && k !== 'Version' && !PRESIGN_PARAMS.has(k)),
        ),
      };
    } catch (err) {
      // A list index that is no 1..999999 (`member.0`, `member.1000000`, `member.01`): in the service's words.
      if (err instanceof FormIndexError)
        throw new ServiceError(
          'ValidationError',
          `1 validation error detected: Value ${echoText(err.index)} at '${err.path}' failed to satisfy constraint: Member must be a list index from 1 to 999999 (member.1, member.2, ...)`,
          400,
        );
      throw err;
    }
  },

  encodeResponse(op: Operation, output, requestId) {
    const members = Object.keys(op.output.members).length > 0;
    const result = members ? `<${op.name}Result>${xmlOf(op.output, output)}</${op.name}Result>` : '';
    const body = `<${op.name}Response xmlns="${serviceOf(op).xmlNamespace}">${result}<ResponseMetadata><RequestId>${escapeXml(requestId)}</RequestId></ResponseMetadata></${op.name}Response>`;
    return { status: 200, headers: { 'content-type': 'text/xml', 'x-amzn-requestid': requestId }, body };
  },

  decodeResponse(op, res: WireResponse) {
    const root = parse(res.body);
    if (root.name !== `${op.name}Response`)
      throw new WireFormatError(`expected <${op.name}Response>, got <${root.name}>`);
    const result = child(root, `${op.name}Result`);
    return result ? (fromXml(op.output, result) as Record<string, unknown>) : {};
  },

  encodeError(err, requestId, op) {
    const type = err.status >= 500 ? 'Receiver' : 'Sender';
    const body = `<ErrorResponse xmlns="${(op ? serviceOf(op) : FIRST).xmlNamespace}"><Error><Type>${type}</Type><Code>${escapeXml(err.code)}</Code><Message>${escapeXml(err.message)}</Message></Error><RequestId>${escapeXml(requestId)}</RequestId></ErrorResponse>`;
    return { status: err.status, headers: { 'content-type': 'text/xml', 'x-amzn-requestid': requestId }, body };
  },

  decodeError(res) {
    const error = findDeep(parse(res.body), 'Error');
    const code = error && child(error, 'Code');
    // An empty <Code/> names no error, as an empty __type does (docs/compat.md #446; botocore prints None).
    if (!error || !code || code.text === '') throw new WireFormatError('no <Error><Code> in the error response');
    // As botocore reads an element: no <Message> is Unknown in the sentence and no member, an empty one
    // (ElementTree's text None) None in the sentence and null in the structured formats.
    const message = child(error, 'Message');
    const text = message === undefined ? 'Unknown' : message.text === '' ? 'None' : message.text;
    const err = new ServiceError(code.text, text, res.status);
    err.fields = message === undefined ? { Code: code.text } : { Code: code.text, Message: message.text || null };
    return err;
  },

  serviceOf(req) {
    let version: string | undefined;
    try {
      version = new Map([...decodeForm(splitPath(req.path).query), ...decodeForm(req.body)]).get('Version');
    } catch {
      version = undefined;
    }
    return SERVICES.find((s) => s.apiVersion === version) ?? FIRST;
  },

  problem,
};
