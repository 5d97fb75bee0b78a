import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/core/errors.js';
import { Timestamp } from '../../src/core/timestamp.js';
import { createRepository, describeRepositories } from '../../src/models/ecr.js';
import { json11Codec } from '../../src/wire/json11.js';
import { WireFormatError, type WireRequest } from '../../src/wire/types.js';

const request = (target: string, body: string, type = 'application/x-amz-json-1.1'): WireRequest => ({
  method: 'POST',
  path: '/',
  headers: { 'x-amz-target': target, 'content-type': type },
  body,
});

const repo = {
  repositoryArn: 'arn:aws:ecr:us-east-1:000000000000:repository/team/app',
  registryId: '000000000000',
  repositoryName: 'team/app',
  repositoryUri: '000000000000.dkr.ecr.us-east-1.amazonaws.com/team/app',
  createdAt: new Date(1795216211954),
  imageScanningConfiguration: { scanOnPush: true },
};

describe('json 1.1 codec', () => {
  it('encodes the target header, the content type and the body in model order', () => {
    const req = json11Codec.encodeRequest(createRepository, { imageTagMutability: 'IMMUTABLE', repositoryName: 'ab' });
    expect(req).toEqual({
      method: 'POST',
      path: '/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.CreateRepository',
      },
      body: '{"repositoryName":"ab","imageTagMutability":"IMMUTABLE"}',
    });
    expect(json11Codec.decodeRequest(req)).toEqual({
      op: createRepository,
      params: { repositoryName: 'ab', imageTagMutability: 'IMMUTABLE' },
    });
  });

  it('keeps unknown members and wrong types for the service to reject; an empty body is {}', () => {
    const target = 'AmazonEC2ContainerRegistry_V20150921.CreateRepository';
    expect(json11Codec.decodeRequest(request(target, '{"repositoryName": 5, "bogus": true}')).params).toEqual({
      repositoryName: 5,
      bogus: true,
    });
    expect(
      json11Codec.decodeRequest(request('AmazonEC2ContainerRegistry_V20150921.DescribeRepositories', '')).params,
    ).toEqual({});
  });

  it('writes timestamps as epoch seconds with a fraction and reads them back as Timestamps (microseconds kept), in model order', () => {
    const res = json11Codec.encodeResponse(describeRepositories, { repositories: [repo] }, 'rid');
    expect(res.status).toBe(200);
    expect(res.headers).toEqual({ 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': 'rid' });
    expect(res.body).toContain('"createdAt":1795216211.954,');
    const back = json11Codec.decodeResponse(describeRepositories, {
      ...res,
      body: JSON.stringify({ repositories: [{ ...JSON.parse(res.body).repositories[0], extra: 1 }] }),
    });
    expect(back).toEqual({ repositories: [{ ...repo, createdAt: Timestamp.fromDate(repo.createdAt as Date) }] });
    expect(Object.keys((back.repositories as object[])[0]!)).toEqual(Object.keys(repo));
  });

  it('encodes errors with __type, message and X-Amzn-Errortype and decodes them back', () => {
    const err = new ServiceError(
      'RepositoryAlreadyExistsException',
      "The repository with name 'ab' already exists",
      400,
    );
    const res = json11Codec.encodeError(err, 'rid');
    expect(res).toEqual({
      status: 400,
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-requestid': 'rid',
        'x-amzn-errortype': 'RepositoryAlreadyExistsException',
      },
      body: '{"__type":"RepositoryAlreadyExistsException","message":"The repository with name \'ab\' already exists"}',
    });
    const back = json11Codec.decodeError(res);
    expect([back.code, back.message, back.status, back.extra]).toEqual([err.code, err.message, 400, {}]);
  });

  it('reads namespaced __type, Message and the header as botocore does', () => {
    const a = json11Codec.decodeError({
      status: 400,
      headers: {},
      body: '{"__type":"com.amazon.coral.service#UnknownOperationException","Message":"m"}',
    });
    expect([a.code, a.message]).toEqual(['UnknownOperationException', 'm']);
    const b = json11Codec.decodeError({
      status: 503,
      headers: { 'x-amzn-errortype': 'ThrottlingException:http://internal/' },
      body: '',
    });
    expect([b.code, b.message, b.status]).toEqual(['ThrottlingException', '', 503]);
  });

  it.each([
    [
      'an unknown operation',
      request('AmazonEC2ContainerRegistry_V20150921.DeleteEverything', '{}'),
      400,
      'UnknownOperationException',
    ],
    ['another service', request('AnyScale_Frontend.DescribeScalableTargets', '{}'), 400, 'UnknownOperationException'],
    [
      'another content type',
      request('AmazonEC2ContainerRegistry_V20150921.CreateRepository', '{}', 'application/json'),
      415,
      'UnsupportedMediaTypeException',
    ],
    [
      'bad JSON',
      request('AmazonEC2ContainerRegistry_V20150921.CreateRepository', '{"repositoryName": '),
      400,
      'SerializationException',
    ],
    [
      'a JSON array',
      request('AmazonEC2ContainerRegistry_V20150921.CreateRepository', '[]'),
      400,
      'SerializationException',
    ],
  ])('rejects %s', (_n, req, status, code) => {
    expect(() => json11Codec.decodeRequest(req)).toThrow(expect.objectContaining({ status, code }));
  });

  it.each([
    ['HTML', '<html>502</html>'],
    ['a JSON string', '"x"'],
  ])('rejects %s as a response', (_n, body) => {
    expect(() => json11Codec.decodeResponse(createRepository, { status: 200, headers: {}, body })).toThrow(
      WireFormatError,
    );
    expect(() => json11Codec.decodeError({ status: 500, headers: {}, body })).toThrow(WireFormatError);
  });
});
