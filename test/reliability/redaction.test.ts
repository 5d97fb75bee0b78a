/**
 * `--debug` redaction (src/backends/http/debug.ts): credentials in headers and URLs are replaced by
 * REDACTED; everything else is printed as sent, so that the debug output still explains the exchange.
 */
import { describe, expect, it } from 'vitest';
import { redactHeaders, redactUrl } from '../../src/backends/http/debug.js';

describe('--debug redaction', () => {
  it.each([
    [{ authorization: 'Bearer sk_test_SECRET1234' }, { authorization: 'Bearer REDACTED' }],
    [{ authorization: 'Basic c2tfdGVzdF9TRUNSRVQ6' }, { authorization: 'Basic REDACTED' }],
    [
      {
        authorization:
          'AWS4-HMAC-SHA256 Credential=AKIDSECRET/20261120/us-east-1/ecr/aws4_request, SignedHeaders=host, Signature=0badc0de',
      },
      {
        authorization:
          'AWS4-HMAC-SHA256 Credential=REDACTED/20261120/us-east-1/ecr/aws4_request, SignedHeaders=host, Signature=REDACTED',
      },
    ],
    [
      {
        'x-amz-security-token': 'SESSION',
        'proxy-authorization': 'Basic eA==',
        'x-api-key': 'k',
        'x-auth-token': 't',
        cookie: 'a=b',
        'set-cookie': 'a=b',
      },
      {
        'x-amz-security-token': 'REDACTED',
        'proxy-authorization': 'REDACTED',
        'x-api-key': 'REDACTED',
        'x-auth-token': 'REDACTED',
        cookie: 'REDACTED',
        'set-cookie': 'REDACTED',
      },
    ],
    [
      {
        'idempotency-key': 'k1',
        'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.CreateRepository',
        'content-type': 'application/json',
        'service-version': '2025-12-15.clover',
      },
      {
        'idempotency-key': 'k1',
        'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.CreateRepository',
        'content-type': 'application/json',
        'service-version': '2025-12-15.clover',
      },
    ],
  ])('headers %j', (headers, expected) => {
    expect(redactHeaders(headers)).toEqual(expected);
  });

  it.each([
    ['http://127.0.0.1:4566/', 'http://127.0.0.1:4566/'],
    [
      'http://user:pass@127.0.0.1:4566/v2/core/account_tokens',
      'http://REDACTED:REDACTED@127.0.0.1:4566/v2/core/account_tokens',
    ],
    [
      'https://h/?Action=DescribeLaunchConfigurations&NextToken=abc',
      'https://h/?Action=DescribeLaunchConfigurations&NextToken=abc',
    ],
    [
      'https://h/x?X-Amz-Credential=AKID%2F2026&X-Amz-Signature=ff&X-Amz-Security-Token=tok&api_key=sk_test_1&a=1',
      'https://h/x?X-Amz-Credential=REDACTED&X-Amz-Signature=REDACTED&X-Amz-Security-Token=REDACTED&api_key=REDACTED&a=1',
    ],
  ])('URL %s', (url, expected) => {
    expect(redactUrl(new URL(url))).toBe(expected);
  });
});
