/**
 * The v2 REST JSON API (spec 4.1-4.3): method and path from the model's `http` template (`{id}` from an
 * input member), JSON bodies for POST, query parameters for GET, errors as
 * `{"error": {"type": "...", "code": "...", "message": "..."}}` with the HTTP status of the error.
 */
import { echoBare, echoText } from '../core/input-rules.js';
import { ServiceError } from '../core/errors.js';
import { stringifyJsonExact } from '../core/pynum.js';
import { OPERATIONS } from '../models/registry.js';
import type { Operation, V2Operation } from '../models/operation.js';
import { servicesSpeaking } from '../models/services.js';
import { checkPathMembers, isPlainObject } from '../models/validate.js';
import { decodeForm, encodeForm } from './form.js';
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
import { setOwn } from '../core/keys.js';
import { fromStripeForm, toStripeForm } from './stripe-form.js';

/**
 * A path of Stripe's v1 API (`/v1/billing/meters`): form-encoded parameters (stripe-form.ts) instead of JSON,
 * and a `param` in its errors; otherwise spoken as the v2 paths are (keys, versions, the error shape).
 */
export const isV1Path = (op: Operation): boolean => op.http?.path.startsWith('/v1/') === true;

interface Route {
  op: Operation;
  method: string;
  pattern: RegExp;
  names: string[];
}

const ROUTES: Route[] = OPERATIONS.filter((op): op is V2Operation => op.http !== undefined).map((op) => {
  const names: string[] = [];
  const source = op.http.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { op, method: op.http.method, pattern: new RegExp(`^${source}/?$`), names };
});

const PROBLEMS: Record<Problem, readonly [number, string, string]> = {
  'unknown-operation': [404, 'invalid_request_error', 'unrecognized_request_url'],
  'bad-encoding': [400, 'invalid_request_error', 'malformed_request'],
  'bad-content-type': [415, 'invalid_request_error', 'unsupported_content_type'],
  'too-large': [413, 'invalid_request_error', 'request_too_large'],
  timeout: [408, 'invalid_request_error', 'request_timeout'],
  'bad-signature': [401, 'invalid_request_error', 'api_key_invalid'],
  internal: [500, 'api_error', 'internal_error'],
  unavailable: [503, 'api_error', 'service_unavailable'],
  misdirected: [421, 'invalid_request_error', 'misdirected_request'],
  forbidden: [403, 'invalid_request_error', 'cross_site_request'],
};

function problem(kind: Problem, detail: string): ServiceError {
  const [status, type, code] = PROBLEMS[kind];
  return new ServiceError(code, detail, status, { type });
}

function pathParams(route: Route, pathname: string): Record<string, unknown> | undefined {
  const m = route.pattern.exec(pathname);
  if (!m) return undefined;
  const out: Record<string, unknown> = {};
  try {
    route.names.forEach((name, i) => (out[name] = decodeURIComponent(m[i + 1]!)));
  } catch {
    throw problem('bad-encoding', `The request path ${pathname} has a bad percent-escape.`);
  }
  return out;
}

function formPairs(text: string, where: string): Array<[string, string]> {
  try {
    return decodeForm(text);
  } catch {
    throw problem('bad-encoding', `The ${where} has a bad percent-escape.`);
  }
}

function bodyParams(op: Operation, headers: Record<string, string>, body: string): Record<string, unknown> {
  if (body.trim() === '') return {};
  const type = mediaType(headers['content-type']);
  const charset = charsetProblem(headers['content-type']);
  if (charset) throw problem('bad-content-type', charset);
  if (isV1Path(op)) {
    if (type !== 'application/x-www-form-urlencoded')
      throw problem(
        'bad-content-type',
        `Unsupported Content-Type ${echoText(type)}: v1 requests take application/x-www-form-urlencoded bodies.`,
      );
    return fromStripeForm(op.input, formPairs(body, 'request body'));
  }
  if (type !== 'application/json')
    throw problem(
      'bad-content-type',
      `Unsupported Content-Type ${echoText(type)}: v2 requests take application/json bodies.`,
    );
  let doc: unknown;
  try {
    doc = parseJson(body);
  } catch {
    throw problem('bad-encoding', 'Invalid JSON in the request body.');
  }
  if (!isPlainObject(doc)) throw problem('bad-encoding', 'The request body must be a JSON object.');
  return fromJson(op.input, doc, { keepUnknown: true }) as Record<string, unknown>;
}

function queryParams(query: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  try {
    for (const [k, v] of decodeForm(query)) setOwn(out, k, v);
  } catch {
    throw problem('bad-encoding', 'The query string has a bad percent-escape.');
  }
  return out;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Whether a request names an operation (its method and path): serve authenticates such a request before its body. */
export function namesV2Operation(req: { method: string; path: string }): boolean {
  const { pathname } = splitPath(req.path);
  return ROUTES.some((route) => route.method === req.method && pathParams(route, pathname) !== undefined);
}

export const v2Codec: Codec = {
  name: 'v2',

  encodeRequest(op, params) {
    const http = op.http!;
    const rest: Record<string, unknown> = { ...params };
    checkPathMembers(op, params);
    const path = http.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      delete rest[name];
      return encodeURIComponent(String(params[name]));
    });
    if (isV1Path(op)) {
      const form = encodeForm(toStripeForm(rest));
      const none: Record<string, string> = {};
      if (http.method === 'GET')
        return { method: 'GET', path: form ? `${path}?${form}` : path, headers: none, body: '' };
      return {
        method: http.method,
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      };
    }
    if (http.method === 'GET') {
      const pairs = Object.entries(rest)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)] as const);
      return { method: 'GET', path: pairs.length > 0 ? `${path}?${encodeForm(pairs)}` : path, headers: {}, body: '' };
    }
    return {
      method: http.method,
      path,
      headers: { ...JSON_HEADERS },
      body: stringifyJsonExact(toJson(op.input, rest)),
    };
  },

  decodeRequest(req) {
    const { pathname, query } = splitPath(req.path);
    for (const route of ROUTES) {
      const fromPath = route.method === req.method ? pathParams(route, pathname) : undefined;
      if (!fromPath) continue;
      // One rule for both methods: a GET's parameters are its query string's, a POST's its JSON body's; a
      // query-string parameter a POST carries is one it does not take, refused as a GET's unknown one is.
      const fromQuery = queryParams(query);
      // And a GET reads no body: one it carries would be ignored whatever it held.
      if (route.method === 'GET' && req.body.trim() !== '')
        throw problem('bad-encoding', 'A GET request takes its parameters in the query string, not a request body.');
      const stray = route.method === 'GET' ? undefined : Object.keys(fromQuery)[0];
      // The body it names is the one the path takes: v1's is a form (a JSON body there is a 415).
      const body = isV1Path(route.op) ? 'form body' : 'JSON body';
      if (stray !== undefined)
        throw new ServiceError(
          'parameter_unknown',
          `Received unknown parameter: ${echoBare(stray)} (a ${route.method} request takes its parameters in its ${body}, not the query string)`,
          400,
          { type: 'invalid_request_error' },
        );
      // A GET's query string is text, v1 or v2 (`GET /v2/core/events?limit=5`): the model says which values are
      // integers, read as v1's are (stripe-form.ts).
      const fromWire =
        route.method !== 'GET'
          ? bodyParams(route.op, req.headers, req.body)
          : fromStripeForm(route.op.input, formPairs(query, 'query string'));
      return { op: route.op, params: Object.assign(fromWire, fromPath) };
    }
    // The path as any echo (core/input-rules.ts): a 5,000-character one came back whole (final hostile pass 11c).
    throw problem('unknown-operation', `Unrecognized request URL (${req.method}: ${echoBare(pathname)}).`);
  },

  encodeResponse(op, output, requestId) {
    return {
      status: 200,
      headers: { ...JSON_HEADERS, 'request-id': requestId },
      body: stringifyJsonExact(toJson(op.output, output)),
    };
  },

  decodeResponse(op, res) {
    const doc = parseJsonResponse(res.body);
    if (!isPlainObject(doc)) throw new WireFormatError('the response is not a JSON object');
    return fromJson(op.output, doc, { keepUnknown: false, answer: true }) as Record<string, unknown>;
  },

  encodeError(err, requestId) {
    const { type, ...rest } = err.extra;
    const error = {
      type: type ?? (err.status >= 500 ? 'api_error' : 'invalid_request_error'),
      code: err.code,
      message: err.message,
      ...rest,
    };
    return {
      status: err.status,
      headers: { ...JSON_HEADERS, 'request-id': requestId },
      body: stringifyJsonExact({ error }),
    };
  },

  decodeError(res) {
    const doc = res.body.trim() === '' ? undefined : parseJsonResponse(res.body);
    const error = isPlainObject(doc) ? doc.error : undefined;
    if (!isPlainObject(error)) throw new WireFormatError('no "error" object in the error response');
    const { code, message, ...extra } = error;
    const name = typeof code === 'string' ? code : typeof extra.type === 'string' ? extra.type : undefined;
    if (name === undefined) throw new WireFormatError('no error code in the error response');
    return new ServiceError(name, typeof message === 'string' ? message : '', res.status, extra);
  },

  serviceOf() {
    return servicesSpeaking('v2')[0]!;
  },

  problem,
};
