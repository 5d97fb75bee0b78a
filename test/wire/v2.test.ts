import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/core/errors.js';
import { createAccountToken, createMeterEventAdjustment, getAccountToken } from '../../src/models/stripe.js';
import { WireFormatError, type WireRequest } from '../../src/wire/types.js';
import { v2Codec } from '../../src/wire/v2.js';

const post = (path: string, body: string, type = 'application/json'): WireRequest => ({
  method: 'POST',
  path,
  headers: { 'content-type': type },
  body,
});

const token = {
  id: 'accttok_1',
  object: 'v2.core.account_token',
  created: '2026-11-20T23:21:51.327Z',
  expires_at: '2026-11-20T23:31:51.327Z',
  livemode: false,
  used: false,
};

describe('v2 codec', () => {
  it('POSTs JSON to the model path, in model order', () => {
    const req = v2Codec.encodeRequest(createMeterEventAdjustment, {
      type: 'cancel',
      event_name: 'e',
      cancel: { identifier: 'i' },
    });
    expect(req).toEqual({
      method: 'POST',
      path: '/v2/billing/meter_event_adjustments',
      headers: { 'content-type': 'application/json' },
      body: '{"cancel":{"identifier":"i"},"event_name":"e","type":"cancel"}',
    });
    expect(v2Codec.decodeRequest(req)).toEqual({
      op: createMeterEventAdjustment,
      params: { cancel: { identifier: 'i' }, event_name: 'e', type: 'cancel' },
    });
  });

  it('GETs with the id in the path, escaped, and reads it back', () => {
    const req = v2Codec.encodeRequest(getAccountToken, { id: 'a/b c' });
    expect(req).toEqual({ method: 'GET', path: '/v2/core/account_tokens/a%2Fb%20c', headers: {}, body: '' });
    expect(v2Codec.decodeRequest(req)).toEqual({ op: getAccountToken, params: { id: 'a/b c' } });
    expect(v2Codec.decodeRequest({ ...req, path: '/v2/core/account_tokens/x?expand=y' }).params).toEqual({
      expand: 'y',
      id: 'x',
    });
  });

  it('takes an empty POST body as no parameters, whatever its content type', () => {
    expect(
      v2Codec.decodeRequest(post('/v2/core/account_tokens', '', 'application/x-www-form-urlencoded')).params,
    ).toEqual({});
  });

  it.each([
    [
      'an unknown path',
      post('/v2/core/persons', '{}'),
      404,
      'unrecognized_request_url',
      'Unrecognized request URL (POST: /v2/core/persons).',
    ],
    [
      'the wrong method',
      { method: 'DELETE', path: '/v2/core/account_tokens/x', headers: {}, body: '' },
      404,
      'unrecognized_request_url',
      'Unrecognized request URL (DELETE: /v2/core/account_tokens/x).',
    ],
    [
      'a form body',
      post('/v2/core/account_tokens', 'display_name=x', 'application/x-www-form-urlencoded'),
      415,
      'unsupported_content_type',
      "Unsupported Content-Type 'application/x-www-form-urlencoded': v2 requests take application/json bodies.",
    ],
    ['bad JSON', post('/v2/core/account_tokens', '{"display_name": }'), 400, 'malformed_request', undefined],
    [
      'a JSON array',
      post('/v2/core/account_tokens', '[1]'),
      400,
      'malformed_request',
      'The request body must be a JSON object.',
    ],
    [
      'a bad escape in the path',
      { method: 'GET', path: '/v2/core/account_tokens/%E0%A4%A', headers: {}, body: '' },
      400,
      'malformed_request',
      'The request path /v2/core/account_tokens/%E0%A4%A has a bad percent-escape.',
    ],
  ])('rejects %s', (_n, req, status, code, message) => {
    const refused = { status, code, extra: { type: 'invalid_request_error' }, ...(message ? { message } : {}) };
    expect(() => v2Codec.decodeRequest(req)).toThrow(expect.objectContaining(refused));
  });

  it('encodes the object in model order and decodes it back, dropping unknown members', () => {
    const res = v2Codec.encodeResponse(createAccountToken, { ...token }, 'req_1');
    expect(res).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json', 'request-id': 'req_1' },
      body: JSON.stringify(token),
    });
    const back = v2Codec.decodeResponse(createAccountToken, { ...res, body: JSON.stringify({ extra: 1, ...token }) });
    expect(JSON.stringify(back)).toBe(JSON.stringify(token));
  });

  it('encodes errors as {"error": {type, code, message}} and decodes them to the same ServiceError', () => {
    const err = new ServiceError('token_must_be_created_with_publishable_key', 'In live mode...', 400, {
      type: 'invalid_request_error',
    });
    const res = v2Codec.encodeError(err, 'req_1');
    expect(res.status).toBe(400);
    expect(res.body).toBe(
      '{"error":{"type":"invalid_request_error","code":"token_must_be_created_with_publishable_key","message":"In live mode..."}}',
    );
    const back = v2Codec.decodeError(res);
    expect([back.code, back.message, back.status, back.extra]).toEqual([
      err.code,
      err.message,
      400,
      { type: 'invalid_request_error' },
    ]);
  });

  it('takes the type as the code when an error has none, and keeps other fields', () => {
    const back = v2Codec.decodeError({
      status: 400,
      headers: {},
      body: '{"error":{"type":"idempotency_error","message":"m","doc_url":"u"}}',
    });
    expect([back.code, back.message, back.extra]).toEqual([
      'idempotency_error',
      'm',
      { type: 'idempotency_error', doc_url: 'u' },
    ]);
  });

  it.each(['<html/>', '{"error": "x"}', '{"message": "m"}', ''])('rejects %j as an error body', (body) => {
    expect(() => v2Codec.decodeError({ status: 500, headers: {}, body })).toThrow(WireFormatError);
  });
});
