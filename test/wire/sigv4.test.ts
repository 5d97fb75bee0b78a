import { describe, expect, it } from 'vitest';
import { redactAuthorization, redactHeaders } from '../../src/backends/http/debug.js';
import { amzDate, sign, type SignInput } from '../../src/wire/sigv4.js';

const creds = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const now = new Date(Date.UTC(2026, 10, 20, 23, 21, 51));

describe('sigv4', () => {
  it('formats the date as x-amz-date', () => {
    expect(amzDate(new Date(Date.UTC(2026, 10, 20, 23, 21, 51, 327)))).toBe('20261120T232151Z');
  });

  // Vectors made with botocore's own SigV4Auth (the AWS CLI's), same request, same instant.
  it('signs a Query request as botocore does', () => {
    const req: SignInput = {
      method: 'POST',
      url: new URL('http://127.0.0.1:4566/'),
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', 'user-agent': 'svcctl' },
      body: 'Action=DescribeLaunchConfigurations&Version=2011-01-01&MaxRecords=2',
    };
    sign(req, creds, 'us-east-1', 'autoscaling', now);
    expect(req.headers['x-amz-date']).toBe('20261120T232151Z');
    expect(req.headers.host).toBe('127.0.0.1:4566');
    expect(req.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261120/us-east-1/autoscaling/aws4_request, SignedHeaders=content-type;host;x-amz-date, ' +
        'Signature=95f7079b41773e1c717d3e1fdbed85be37223080dc0dda3c463bd62f23b62011',
    );
  });

  it('signs a JSON 1.1 request with a session token as botocore does', () => {
    const req: SignInput = {
      method: 'POST',
      url: new URL('http://127.0.0.1:4566/'),
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.CreateRepository',
      },
      body: '{"repositoryName":"ab"}',
    };
    sign(req, { ...creds, sessionToken: 'SESSIONTOKEN' }, 'us-east-1', 'ecr', now);
    expect(req.headers['x-amz-security-token']).toBe('SESSIONTOKEN');
    expect(req.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261120/us-east-1/ecr/aws4_request, ' +
        'SignedHeaders=content-type;host;x-amz-date;x-amz-security-token;x-amz-target, ' +
        'Signature=973355d09cf366267e6913b283de4d78398e245ceb189cbe368fc0c17a3e6c01',
    );
  });

  it('matches the AWS test suite vector get-vanilla', () => {
    const req: SignInput = { method: 'GET', url: new URL('https://example.amazonaws.com/'), headers: {}, body: '' };
    sign(req, creds, 'us-east-1', 'service', new Date(Date.UTC(2015, 7, 30, 12, 36, 0)));
    expect(req.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });
});

describe('debug redaction', () => {
  it('drops keys and signatures, keeps the scope', () => {
    expect(
      redactAuthorization(
        'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261120/us-east-1/ecr/aws4_request, SignedHeaders=host, Signature=abc123',
      ),
    ).toBe(
      'AWS4-HMAC-SHA256 Credential=REDACTED/20261120/us-east-1/ecr/aws4_request, SignedHeaders=host, Signature=REDACTED',
    );
    expect(redactAuthorization('Bearer sk_live_123')).toBe('Bearer REDACTED');
    expect(redactAuthorization('sk_live_123')).toBe('REDACTED');
    expect(redactHeaders({ 'x-amz-security-token': 't', host: 'h' })).toEqual({
      'x-amz-security-token': 'REDACTED',
      host: 'h',
    });
  });
});
