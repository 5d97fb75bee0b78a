/**
 * AWS JSON 1.1, for every service whose record (models/services.ts) says `json11`: `POST /` with
 * `X-Amz-Target: <targetPrefix>.<Operation>` (ECR: `AmazonEC2ContainerRegistry_V20150921.CreateRepository`)
 * and an `application/x-amz-json-1.1` body; timestamps as epoch seconds; errors as `{"__type": "...", "message": "..."}` plus `X-Amzn-Errortype`.
 */
import { echoBare, echoText } from '../core/input-rules.js';
import { json11ErrorFields, ServiceError } from '../core/errors.js';
import { stringifyJsonExact } from '../core/pynum.js';
import type { Operation } from '../models/operation.js';
import { OPERATIONS } from '../models/registry.js';
import { type Json11Service, serviceModel, servicesSpeaking } from '../models/services.js';
import { isPlainObject } from '../models/validate.js';
import { fromJson, toJson } from './json.js';
import {
  type Codec,
  charsetProblem,
  mediaType,
  parseJson,
  parseJsonResponse,
  type Problem,
  splitPath,
  WireFormatError,
} from './types.js';

export const JSON11_TYPE = 'application/x-amz-json-1.1';

/** The service a JSON 1.1 operation belongs to. */
function serviceOf(op: Operation): Json11Service {
  const service = serviceModel(op.service);
  if (service.protocol !== 'json11') throw new Error(`${op.name} is not an AWS JSON 1.1 operation`);
  return service;
}

const target = (op: Operation): string => `${serviceOf(op).targetPrefix}.${op.name}`;

const SERVICES = servicesSpeaking('json11');

/** JSON 1.1 operations by their X-Amz-Target (`<targetPrefix>.<Operation>`). */
const OPS = new Map(
  OPERATIONS.filter((op) => serviceModel(op.service).protocol === 'json11').map((op) => [target(op), op]),
);

const PROBLEMS: Record<Problem, readonly [number, string]> = {
  'unknown-operation': [400, 'UnknownOperationException'],
  'bad-encoding': [400, 'SerializationException'],
  'bad-content-type': [415, 'UnsupportedMediaTypeException'],
  'too-large': [413, 'RequestEntityTooLargeException'],
  timeout: [408, 'RequestTimeoutException'],
  'bad-signature': [403, 'IncompleteSignatureException'],
  internal: [500, 'InternalFailure'],
  unavailable: [503, 'ServiceUnavailableException'],
  misdirected: [421, 'MisdirectedRequestException'],
  forbidden: [403, 'AccessDeniedException'],
};

function problem(kind: Problem, detail: string): ServiceError {
  const [status, code] = PROBLEMS[kind];
  return new ServiceError(code, detail, status);
}

function headers(requestId: string): Record<string, string> {
  return { 'content-type': JSON11_TYPE, 'x-amzn-requestid': requestId };
}

/** `com.amazon.coral.service#UnknownOperationException` → `UnknownOperationException`; header `X:ns` → `X`. */
function errorCode(type: unknown, header: string | undefined): string | undefined {
  // What follows a ':' is no part of the code, in __type as in the header (the protocol's rule; botocore 1.43
  // drops it: 'ecr#RepositoryNotFoundException:http://…' is RepositoryNotFoundException, hostile pass 21c).
  if (typeof type === 'string' && type !== '') {
    const code = type.split(':')[0]!;
    return code.slice(code.lastIndexOf('#') + 1);
  }
  return header ? header.split(':')[0] : undefined;
}

export const json11Codec: Codec = {
  name: 'json11',

  encodeRequest(op, params) {
    return {
      method: 'POST',
      path: '/',
      headers: { 'content-type': JSON11_TYPE, 'x-amz-target': target(op) },
      body: stringifyJsonExact(toJson(op.input, params)),
    };
  },

  decodeRequest(req) {
    const named = req.headers['x-amz-target'] ?? '';
    const op = OPS.get(named);
    // The header that made this request AWS JSON 1.1 is named first: an empty or stray X-Amz-Target on a
    // Query GET is that header's mistake, not the method's.
    if (!op)
      throw problem(
        'unknown-operation',
        `Unknown operation: X-Amz-Target ${echoText(named)} names no operation of this service.`,
      );
    // AWS JSON 1.1 is POST alone (every SDK and the AWS CLI send POST /): another method was read as POST, so a DELETE, PUT or PATCH ran
    // CreateRepository unseen (hostile pass 23b).
    if (req.method !== 'POST')
      throw new ServiceError(
        'MethodNotAllowedException',
        `AWS JSON 1.1 takes POST requests, not ${echoBare(req.method)}.`,
        405,
      );
    const type = mediaType(req.headers['content-type']);
    if (type !== JSON11_TYPE)
      throw problem('bad-content-type', `Unsupported Content-Type ${echoText(type)}: expected ${JSON11_TYPE}.`);
    const charset = charsetProblem(req.headers['content-type']);
    if (charset) throw problem('bad-content-type', charset);
    // The protocol reads its body alone: a query-string parameter would be ignored whatever it said.
    const { query } = splitPath(req.path);
    const stray = query === '' ? undefined : new URLSearchParams(query).keys().next().value;
    if (stray !== undefined)
      throw problem(
        'bad-encoding',
        `The request's query string carries ${echoText(stray)}: AWS JSON 1.1 takes its parameters in its JSON body.`,
      );
    let body: unknown;
    try {
      body = req.body.trim() === '' ? {} : parseJson(req.body);
    } catch {
      throw problem('bad-encoding', 'The request body is not valid JSON.');
    }
    if (!isPlainObject(body)) throw problem('bad-encoding', 'The request body must be a JSON object.');
    return { op, params: fromJson(op.input, body, { keepUnknown: true }) as Record<string, unknown> };
  },

  encodeResponse(op, output, requestId) {
    return { status: 200, headers: headers(requestId), body: stringifyJsonExact(toJson(op.output, output)) };
  },

  decodeResponse(op, res) {
    // An empty body is an answer with no member, as botocore reads it and as decodeError reads an empty error
    // (hostile pass 21c: it was 'the body is not JSON', 255, where the AWS CLI exits 0).
    const doc = res.body.trim() === '' ? {} : parseJsonResponse(res.body);
    if (!isPlainObject(doc)) throw new WireFormatError('the response is not a JSON object');
    return fromJson(op.output, doc, { keepUnknown: false, answer: true, nullIsAbsent: true }) as Record<
      string,
      unknown
    >;
  },

  encodeError(err, requestId) {
    return {
      status: err.status,
      headers: { ...headers(requestId), 'x-amzn-errortype': err.code },
      // The members of the error's shape beyond its message (InvalidLayerPartException's lastValidByteReceived).
      body: stringifyJsonExact({ __type: err.code, message: err.message, ...err.extra }),
    };
  },

  decodeError(res) {
    const doc = res.body.trim() === '' ? {} : parseJsonResponse(res.body);
    if (!isPlainObject(doc)) throw new WireFormatError('the error response is not a JSON object');
    const code = errorCode(doc.__type ?? doc.code, res.headers['x-amzn-errortype']);
    if (!code) throw new WireFormatError('no __type in the error response');
    // botocore's body.get('message', body.get('Message', '')): a message that is null is None, not the other
    // key's, and the sentence says None where the structured formats print null.
    const raw = 'message' in doc ? doc.message : 'Message' in doc ? doc.Message : '';
    const message = raw === null ? 'None' : typeof raw === 'string' ? raw : stringifyJsonExact(raw);
    const { __type: _type, code: _code, message: _m, Message: _M, ...extra } = doc;
    const err = new ServiceError(code, message, res.status, extra);
    err.fields = json11ErrorFields(code, raw === null ? null : message, doc);
    return err;
  },

  /** The service whose target prefix the request's X-Amz-Target carries; else the first JSON 1.1 service. */
  serviceOf(req) {
    const named = req.headers['x-amz-target'] ?? '';
    const prefix = named.slice(0, named.lastIndexOf('.'));
    return SERVICES.find((s) => s.targetPrefix === prefix) ?? SERVICES[0]!;
  },

  problem,
};
