/**
 * The one input gate (issue 44): every registered operation, sent raw through serve's own protocol with one
 * member broken at a time (empty or too long lists, out-of-range numbers, lengths, patterns, enums, wrong
 * types), is refused with the service's documented 400 and stores nothing. The cases are made from each
 * operation's model, so a new operation is covered without an edit here, and a handler that is not behind
 * the gate answers 200 and fails this file.
 */
import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES } from '../../src/core/input-rules.js';
import type { Operation } from '../../src/models/operation.js';
import { OPERATIONS } from '../../src/models/registry.js';
import type { Shape } from '../../src/models/shapes.js';
import { serviceModel } from '../../src/models/services.js';
import { CODECS } from '../../src/wire/codecs.js';
import { isV1Path } from '../../src/wire/v2.js';
import { inProcessServeForFile } from '../helpers/in-process-serve.js';
import { requiredValues, sampleValue } from '../helpers/model-values.js';
import { send } from '../helpers/wire-client.js';

interface Broken {
  why: string;
  value: unknown;
}

/** Strings tried as a pattern's counter-example: the first its pattern refuses is used. */
const OFF_PATTERN = ['!', ' ', '-', 'ab cd', '%%'];

/** Values of `shape` that break one of its own rules; `json` when the protocol carries types (not Query's text). */
function broken(shape: Shape, json: boolean): Broken[] {
  const out: Broken[] = [];
  switch (shape.type) {
    case 'string': {
      if (shape.enum) out.push({ why: 'not one of its enum', value: 'NOT_ONE_OF_THEM' });
      // A string longer than a request may be (PutImage's imageManifest, 4 MiB) meets serve's size limit
      // first: 413 (test/server/wire.test.ts).
      if (shape.max !== undefined && shape.max < MAX_REQUEST_BYTES)
        out.push({ why: `longer than ${shape.max}`, value: 'a'.repeat(shape.max + 1) });
      if ((shape.min ?? 0) > 0) out.push({ why: `shorter than ${shape.min}`, value: '' });
      if (shape.pattern !== undefined && !shape.enum) {
        const re = new RegExp(`^(?:${shape.pattern})$`, 'u');
        const off = OFF_PATTERN.find((s) => !re.test(s) && s.length >= (shape.min ?? 0));
        if (off !== undefined) out.push({ why: `off its pattern (${JSON.stringify(off)})`, value: off });
      }
      if (json) out.push({ why: 'a number for a string', value: 12 });
      break;
    }
    case 'integer':
      if (shape.min !== undefined) out.push({ why: `below ${shape.min}`, value: shape.min - 1 });
      if (shape.max !== undefined) out.push({ why: `above ${shape.max}`, value: shape.max + 1 });
      out.push({ why: 'text for a number', value: 'many' });
      break;
    case 'boolean':
      if (json) out.push({ why: 'text for a boolean', value: 'yes' });
      break;
    case 'list':
      if ((shape.min ?? 0) > 0) out.push({ why: 'an empty list', value: [] });
      if (shape.max !== undefined && shape.max < 1000)
        out.push({
          why: `${shape.max + 1} items`,
          value: Array.from({ length: shape.max + 1 }, (_, i) => sampleValue(shape.member, i)),
        });
      if (json) out.push({ why: 'text for a list', value: 'one' });
      break;
    case 'structure':
      if (json) out.push({ why: 'text for a structure', value: 'one' });
      for (const [name, member] of Object.entries(shape.members)) {
        for (const b of broken(member, json).slice(0, 2)) {
          const whole = sampleValue(shape) as Record<string, unknown>;
          out.push({ why: `.${name} ${b.why}`, value: { ...whole, [name]: b.value } });
        }
      }
      break;
    default:
      break;
  }
  return out;
}

/** The codes a service answers a rejected input with (its documented 400). */
const VALIDATION_CODES: Record<string, string[]> = {
  json11: ['InvalidParameterException', 'SerializationException'],
  query: ['ValidationError', 'MalformedInput', 'InvalidParameterValue'],
  v2: [
    'parameter_invalid',
    'parameter_missing',
    'parameter_unknown',
    'parameter_invalid_integer',
    'parameter_invalid_empty',
  ],
};

function codeOf(protocol: string, body: string): string | undefined {
  if (protocol === 'query') return /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
  const parsed = JSON.parse(body) as { __type?: string; error?: { code?: string } };
  return protocol === 'json11' ? parsed.__type?.split('#').pop() : parsed.error?.code;
}

const cases = OPERATIONS.flatMap((op: Operation) => {
  const protocol = serviceModel(op.service).protocol;
  // A member in a v2 path is text in the URL, and an empty one is another route: what can break it is its body's kin.
  const inPath = (member: string) => 'http' in op && (op.http as { path: string }).path.includes(`{${member}}`);
  return Object.entries(op.input.members)
    .filter(([member]) => !inPath(member))
    .flatMap(([member, shape]) =>
      // Stripe's v1 paths (meters) are form-encoded as Query is, and a v2 GET's parameters are its query
      // string's: every value is text on the wire.
      broken(shape, protocol !== 'query' && !isV1Path(op) && !(op.http?.method === 'GET')).map((b) => ({
        op,
        protocol,
        member,
        ...b,
      })),
    );
});

/**
 * The key of a v2 request to serve: the meter event stream's is a meter event session's token, which serve checks
 * before the body as it checks an API key (hostile pass 19b), so that its body reaches the gate.
 */
async function v2Key(url: string, op: Operation): Promise<string> {
  if (op.name !== 'CreateMeterEventStream') return 'sk_test_gate';
  const session = await send(url, {
    method: 'POST',
    path: '/v2/billing/meter_event_session',
    headers: { authorization: 'Bearer sk_test_gate', 'content-type': 'application/json' },
    body: '{}',
  });
  return JSON.parse(session.body).authentication_token as string;
}

describe('every operation, each member broken, through serve', () => {
  const serve = inProcessServeForFile();

  it('covers every operation with a member', () => {
    const withMembers = OPERATIONS.filter((op) =>
      Object.keys(op.input.members).some(
        (m) => !('http' in op) || !(op.http as { path: string }).path.includes(`{${m}}`),
      ),
    ).map((op) => op.name);
    expect([...new Set(cases.map((c) => c.op.name))].sort()).toEqual(withMembers.sort());
  });

  it.each(cases.map((c) => [`${c.op.name} ${c.member}: ${c.why}`, c] as const))('%s → 400', async (_name, c) => {
    const params = { ...requiredValues(c.op), [c.member]: c.value };
    const req = CODECS[c.op.service].encodeRequest(c.op, params);
    const key = c.protocol === 'v2' ? await v2Key(serve.url, c.op) : undefined;
    const before = await serve.service.admin({ what: 'resources' });
    const headers = { ...req.headers, ...(key ? { authorization: `Bearer ${key}` } : {}) };
    const res = await send(serve.url, { method: req.method, path: req.path, headers, body: req.body });
    expect([res.status, VALIDATION_CODES[c.protocol]!.includes(codeOf(c.protocol, res.body) ?? '')]).toEqual([
      400,
      true,
    ]);
    // Nothing stored: the gate stands before the handler's transaction.
    expect(await serve.service.admin({ what: 'resources' })).toEqual(before);
  });
});

/** Members a protocol carries as JSON (not Query's or a form's text, nor a URL path's). */
const jsonCases = OPERATIONS.flatMap((op: Operation) => {
  const protocol = serviceModel(op.service).protocol;
  if (protocol === 'query' || isV1Path(op) || op.http?.method === 'GET') return [];
  const inPath = (member: string) => 'http' in op && (op.http as { path: string }).path.includes(`{${member}}`);
  return Object.keys(op.input.members)
    .filter((m) => !inPath(m))
    .map((member) => ({ op, protocol, member, required: (op.input.required ?? []).includes(member) }));
});

describe('a member sent as JSON null is an absent one, on every operation (issue 44 final pass; compat row 411)', () => {
  const serve = inProcessServeForFile();
  const call = async (opName: string, params: Record<string, unknown>) => {
    const op = OPERATIONS.find((o) => o.name === opName)!;
    const req = CODECS[op.service].encodeRequest(op, params);
    const v2 = serviceModel(op.service).protocol === 'v2';
    const headers = { ...req.headers, ...(v2 ? { authorization: `Bearer ${await v2Key(serve.url, op)}` } : {}) };
    return send(serve.url, { method: req.method, path: req.path, headers, body: req.body });
  };

  it.each(jsonCases.map((c) => [`${c.op.name} ${c.member}`, c] as const))(
    '%s: null → never a server error; a required one is missing',
    async (_name, c) => {
      const res = await call(c.op.name, { ...requiredValues(c.op), [c.member]: null });
      expect(res.status, res.body).toBeLessThan(500);
      if (c.required)
        expect([res.status, codeOf(c.protocol, res.body)]).toEqual([
          400,
          c.protocol === 'v2' ? 'parameter_missing' : 'InvalidParameterException',
        ]);
    },
  );

  it('a null inside a list or a map is no absent member: refused (was stored, and printed as null)', async () => {
    const before = await serve.service.admin({ what: 'resources' });
    const event = await call('CreateMeterEvent', {
      event_name: 'api_calls',
      payload: { stripe_customer_id: null, value: '1' },
    });
    expect([event.status, event.body]).toEqual([
      400,
      '{"error":{"type":"invalid_request_error","code":"parameter_missing","message":"Missing required param: payload.stripe_customer_id."}}',
    ]);
    const repo = await call('CreateRepository', { repositoryName: 'null/tags', tags: [null] });
    expect([repo.status, repo.body]).toEqual([
      400,
      '{"__type":"InvalidParameterException","message":"Invalid parameter at \'tags.1\' failed to satisfy constraint: \'Member must not be null\'"}',
    ]);
    expect(await serve.service.admin({ what: 'resources' })).toEqual(before);
  });

  it('a meter event whose timestamp is null is received now, as without one (was a 500 internal_error)', async () => {
    const res = await call('CreateMeterEvent', {
      event_name: 'api_calls',
      identifier: 'null-ts',
      payload: { stripe_customer_id: 'cus_1', value: '1' },
      timestamp: null,
    });
    const event = JSON.parse(res.body) as { created: string; timestamp: string };
    expect([res.status, event.timestamp]).toEqual([200, event.created]);
  });

  it('a repository whose scanOnPush is null scans on push as without it (false), and never stores null', async () => {
    const res = await call('CreateRepository', {
      repositoryName: 'null/scan',
      imageScanningConfiguration: { scanOnPush: null },
    });
    expect([res.status, JSON.parse(res.body).repository.imageScanningConfiguration]).toEqual([
      200,
      { scanOnPush: false },
    ]);
  });
});

describe('a map key the gate names follows the echo rule (hostile pass 8b: a payload key of 5,000 characters was echoed whole)', () => {
  const serve = inProcessServeForFile();
  const event = (payload: Record<string, unknown>) => {
    const op = OPERATIONS.find((o) => o.name === 'CreateMeterEvent')!;
    const req = CODECS[op.service].encodeRequest(op, { event_name: 'api_calls', payload });
    const headers = { ...req.headers, authorization: 'Bearer sk_test_gate' };
    return send(serve.url, { method: req.method, path: req.path, headers, body: req.body });
  };
  const key = 'k'.repeat(5000);
  const cut = `${'k'.repeat(64)}... (5000 characters)`;

  it.each([
    ['a null entry', null, `Missing required param: payload.${cut}.`, 'parameter_missing'],
    ['an entry of another type', 5, `Invalid payload.${cut}: must be of type string`, 'parameter_invalid'],
  ])('%s: its key cut to its first 64 characters and its length', async (_name, value, message, code) => {
    const res = await event({ [key]: value });
    expect([res.status, JSON.parse(res.body)]).toEqual([
      400,
      { error: { type: 'invalid_request_error', code, message } },
    ]);
  });
});
