import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/core/errors.js';
import { Timestamp } from '../../src/core/timestamp.js';
import { createLaunchConfiguration, describeLaunchConfigurations } from '../../src/models/autoscaling.js';
import { decodeForm, encodeForm } from '../../src/wire/form.js';
import { queryCodec } from '../../src/wire/query.js';
import { WireFormatError, type WireRequest } from '../../src/wire/types.js';

const form = (body: string, extra: Partial<WireRequest> = {}): WireRequest => ({
  method: 'POST',
  path: '/',
  headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
  body,
  ...extra,
});

const lcParams = {
  LaunchConfigurationName: 'web server',
  ImageId: 'ami-1',
  InstanceType: 't3.micro',
  SecurityGroups: [],
  BlockDeviceMappings: [
    { DeviceName: '/dev/xvda', Ebs: { VolumeSize: 20, VolumeType: 'gp3', DeleteOnTermination: false } },
    { DeviceName: '/dev/xvdb', NoDevice: true },
  ],
  MetadataOptions: { HttpTokens: 'required', HttpPutResponseHopLimit: 2 },
};

describe('query codec: requests', () => {
  it('encodes lists as X.member.N and nested structures with dots, RFC 3986 escaped', () => {
    const req = queryCodec.encodeRequest(createLaunchConfiguration, lcParams);
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
    expect(req.body).toBe(
      [
        'Action=CreateLaunchConfiguration',
        'Version=2011-01-01',
        'LaunchConfigurationName=web%20server',
        'ImageId=ami-1',
        'InstanceType=t3.micro',
        'SecurityGroups=',
        'BlockDeviceMappings.member.1.DeviceName=%2Fdev%2Fxvda',
        'BlockDeviceMappings.member.1.Ebs.VolumeSize=20',
        'BlockDeviceMappings.member.1.Ebs.VolumeType=gp3',
        'BlockDeviceMappings.member.1.Ebs.DeleteOnTermination=false',
        'BlockDeviceMappings.member.2.DeviceName=%2Fdev%2Fxvdb',
        'BlockDeviceMappings.member.2.NoDevice=true',
        'MetadataOptions.HttpTokens=required',
        'MetadataOptions.HttpPutResponseHopLimit=2',
      ].join('&'),
    );
  });

  it('decodes back to the model types (integers, booleans, empty lists, nested structures)', () => {
    const req = queryCodec.encodeRequest(createLaunchConfiguration, lcParams);
    const { op, params } = queryCodec.decodeRequest(req);
    expect(op).toBe(createLaunchConfiguration);
    expect(params).toEqual(lcParams);
  });

  it('orders list members by index, takes + as space and reads the query string too', () => {
    const body =
      'Action=DescribeLaunchConfigurations&LaunchConfigurationNames.member.2=b+c&LaunchConfigurationNames.member.1=a';
    const { params } = queryCodec.decodeRequest(form(body, { path: '/?MaxRecords=2&Version=2011-01-01' }));
    expect(params).toEqual({ MaxRecords: 2, LaunchConfigurationNames: ['a', 'b c'] });
    expect(
      queryCodec.decodeRequest({ method: 'GET', path: '/?Action=DescribeLaunchConfigurations', headers: {}, body: '' })
        .params,
    ).toEqual({});
  });

  it('keeps values the model cannot type as given, for the service to reject', () => {
    const body = 'Action=DescribeLaunchConfigurations&MaxRecords=ten&Bogus.Deep=1';
    expect(queryCodec.decodeRequest(form(body)).params).toEqual({
      MaxRecords: 'ten',
      Bogus: { Deep: '1' },
    });
  });

  it('refuses a list index that is no 1..999999 in the service words, not the decoder form (issue 31, item 8)', () => {
    const body = 'Action=DescribeLaunchConfigurations&LaunchConfigurationNames.member.x=a';
    expect(() => queryCodec.decodeRequest(form(body))).toThrow(
      "1 validation error detected: Value 'member.x' at 'launchConfigurationNames' failed to satisfy constraint: Member must be a list index from 1 to 999999 (member.1, member.2, ...)",
    );
  });

  it.each([
    [
      'an unknown action',
      'Action=CreateRepository&Version=2011-01-01',
      400,
      'InvalidAction',
      'Could not find operation CreateRepository for version 2011-01-01',
    ],
    [
      'another version',
      'Action=DescribeLaunchConfigurations&Version=2010-08-01',
      400,
      'InvalidAction',
      'Could not find operation DescribeLaunchConfigurations for version 2010-08-01',
    ],
    ['no action', 'Version=2011-01-01', 400, 'InvalidAction', 'The request has no Action parameter.'],
    [
      'a bad percent-escape',
      'Action=DescribeLaunchConfigurations&X=%zz',
      400,
      'MalformedQueryString',
      'The request body is not valid application/x-www-form-urlencoded data (bad percent-escape or UTF-8).',
    ],
    [
      'bad UTF-8',
      'Action=DescribeLaunchConfigurations&X=%ff',
      400,
      'MalformedQueryString',
      'The request body is not valid application/x-www-form-urlencoded data (bad percent-escape or UTF-8).',
    ],
  ])('rejects %s', (_n, body, status, code, message) => {
    expect(() => queryCodec.decodeRequest(form(body))).toThrow(new ServiceError(code, message, status));
    try {
      queryCodec.decodeRequest(form(body));
    } catch (err) {
      expect((err as ServiceError).status).toBe(status);
    }
  });

  it('rejects a body of another content type with 415', () => {
    const err = (() => {
      try {
        queryCodec.decodeRequest(form('{"Action": 1}', { headers: { 'content-type': 'application/json' } }));
      } catch (e) {
        return e as ServiceError;
      }
    })();
    expect([err?.status, err?.code, err?.message]).toEqual([
      415,
      'UnsupportedMediaType',
      "Unsupported Content-Type 'application/json': the Query protocol takes application/x-www-form-urlencoded bodies.",
    ]);
  });

  it('round-trips form pairs', () => {
    const pairs: Array<[string, string]> = [
      ['a b', 'c&d=e'],
      ['ü', "!'()*~"],
    ];
    expect(encodeForm(pairs)).toBe('a%20b=c%26d%3De&%C3%BC=%21%27%28%29%2A~');
    expect(decodeForm(encodeForm(pairs))).toEqual(pairs);
  });
});

const created = new Date(Date.UTC(2026, 10, 20, 23, 21, 51, 327));
const lc = {
  LaunchConfigurationName: 'web',
  LaunchConfigurationARN:
    'arn:aws:autoscaling:us-east-1:000000000000:launchConfiguration:u:launchConfigurationName/web',
  ImageId: 'ami-1',
  KeyName: '',
  SecurityGroups: [],
  UserData: 'a<b&c',
  InstanceType: 't3.micro',
  BlockDeviceMappings: [{ DeviceName: '/dev/xvda', Ebs: { VolumeSize: 20, DeleteOnTermination: true } }],
  InstanceMonitoring: { Enabled: true },
  CreatedTime: created,
  EbsOptimized: false,
};

describe('query codec: responses and errors', () => {
  it('encodes the result in the model order, in the service namespace, with ISO 8601 timestamps', () => {
    const res = queryCodec.encodeResponse(
      describeLaunchConfigurations,
      { NextToken: 'n', LaunchConfigurations: [lc] },
      'rid',
    );
    expect(res.status).toBe(200);
    expect(res.headers).toEqual({ 'content-type': 'text/xml', 'x-amzn-requestid': 'rid' });
    expect(res.body).toBe(
      '<DescribeLaunchConfigurationsResponse xmlns="http://autoscaling.amazonaws.com/doc/2011-01-01/"><DescribeLaunchConfigurationsResult>' +
        '<LaunchConfigurations><member><LaunchConfigurationName>web</LaunchConfigurationName>' +
        `<LaunchConfigurationARN>${lc.LaunchConfigurationARN}</LaunchConfigurationARN><ImageId>ami-1</ImageId><KeyName></KeyName>` +
        '<SecurityGroups></SecurityGroups><UserData>a&lt;b&amp;c</UserData><InstanceType>t3.micro</InstanceType>' +
        '<BlockDeviceMappings><member><DeviceName>/dev/xvda</DeviceName><Ebs><VolumeSize>20</VolumeSize><DeleteOnTermination>true</DeleteOnTermination></Ebs></member></BlockDeviceMappings>' +
        '<InstanceMonitoring><Enabled>true</Enabled></InstanceMonitoring><CreatedTime>2026-11-20T23:21:51.327Z</CreatedTime>' +
        '<EbsOptimized>false</EbsOptimized></member></LaunchConfigurations><NextToken>n</NextToken>' +
        '</DescribeLaunchConfigurationsResult><ResponseMetadata><RequestId>rid</RequestId></ResponseMetadata></DescribeLaunchConfigurationsResponse>',
    );
  });

  it('decodes it back: same values, same member order, Timestamps for timestamps, empty strings and lists kept', () => {
    const output = { LaunchConfigurations: [lc], NextToken: 'n' };
    const decoded = queryCodec.decodeResponse(
      describeLaunchConfigurations,
      queryCodec.encodeResponse(describeLaunchConfigurations, output, 'r'),
    );
    const expected = {
      LaunchConfigurations: [{ ...lc, CreatedTime: Timestamp.fromDate(lc.CreatedTime as Date) }],
      NextToken: 'n',
    };
    expect(decoded).toEqual(expected);
    expect(Object.keys((decoded.LaunchConfigurations as object[])[0]!)).toEqual(Object.keys(lc));
  });

  it('has no Result element for an operation without output members', () => {
    const res = queryCodec.encodeResponse(createLaunchConfiguration, {}, 'r');
    expect(res.body).toBe(
      '<CreateLaunchConfigurationResponse xmlns="http://autoscaling.amazonaws.com/doc/2011-01-01/"><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></CreateLaunchConfigurationResponse>',
    );
    expect(queryCodec.decodeResponse(createLaunchConfiguration, res)).toEqual({});
  });

  it('encodes errors as ErrorResponse (Sender for 4xx, Receiver for 5xx) and decodes them back', () => {
    const res = queryCodec.encodeError(new ServiceError('ValidationError', "Value 'x' at 'a' <bad>", 400), 'rid');
    expect(res).toEqual({
      status: 400,
      headers: { 'content-type': 'text/xml', 'x-amzn-requestid': 'rid' },
      body:
        '<ErrorResponse xmlns="http://autoscaling.amazonaws.com/doc/2011-01-01/"><Error><Type>Sender</Type><Code>ValidationError</Code>' +
        "<Message>Value 'x' at 'a' &lt;bad&gt;</Message></Error><RequestId>rid</RequestId></ErrorResponse>",
    });
    const back = queryCodec.decodeError(res);
    expect([back.code, back.message, back.status, back.extra]).toEqual([
      'ValidationError',
      "Value 'x' at 'a' <bad>",
      400,
      {},
    ]);
    expect(queryCodec.encodeError(new ServiceError('InternalFailure', 'x', 500), 'r').body).toContain(
      '<Type>Receiver</Type>',
    );
  });

  it.each([
    ['a body that is not XML', '<html><body>oops', true],
    ['XML of another operation', '<OtherResponse/>', false],
  ])('rejects %s as a response', (_n, body) => {
    expect(() => queryCodec.decodeResponse(describeLaunchConfigurations, { status: 200, headers: {}, body })).toThrow(
      WireFormatError,
    );
  });

  it('rejects an error body without a Code', () => {
    expect(() =>
      queryCodec.decodeError({ status: 500, headers: {}, body: '<ErrorResponse><Error/></ErrorResponse>' }),
    ).toThrow(WireFormatError);
  });
});
