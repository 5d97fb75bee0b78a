/**
 * The service records (models/services.ts): every operation's service has one, every command group is
 * described by the service whose operations live under it, the codecs address each operation as its
 * record says, and a v2 operation without a key rule does not compile.
 */
import { describe, expect, it } from 'vitest';
import type { V2Operation } from '../../src/models/operation.js';
import { OPERATIONS } from '../../src/models/registry.js';
import { groupDescription, SERVICES, serviceModel } from '../../src/models/services.js';
import { CODECS } from '../../src/wire/codecs.js';

describe('service records', () => {
  it('each command group is described by the service of the operations under it', () => {
    const groups = new Map<string, Set<string>>();
    for (const op of OPERATIONS) {
      for (const path of op.paths.filter((p) => p.length > 1))
        groups.set(path[0]!, (groups.get(path[0]!) ?? new Set()).add(op.service));
    }
    for (const [group, services] of groups) {
      expect([group, [...services]]).toEqual([group, [expect.any(String)]]);
      const [service] = [...services] as Array<keyof typeof SERVICES>;
      expect([group, Object.hasOwn(SERVICES[service!].groups, group)]).toEqual([group, true]);
    }
    expect(groupDescription('ecr')).toBe("Image repositories (the AWS CLI's ecr commands).");
    expect(groupDescription('nope')).toBeUndefined();
    expect(groupDescription('toString')).toBeUndefined();
  });

  it('each operation is encoded by its protocol codec, addressed as its record says', () => {
    for (const op of OPERATIONS) {
      const service = serviceModel(op.service);
      const codec = CODECS[op.service];
      expect([op.name, codec.name]).toEqual([op.name, service.protocol]);
      const req = codec.encodeRequest(op, {});
      if (service.protocol === 'json11') expect(req.headers['x-amz-target']).toBe(`${service.targetPrefix}.${op.name}`);
      if (service.protocol === 'query') expect(new URLSearchParams(req.body).get('Version')).toBe(service.apiVersion);
      expect(codec.serviceOf(req)).toBe(service);
      expect(codec.decodeRequest(req).op).toBe(op);
    }
  });

  it('a request that names no service of its protocol is taken as the first one speaking it', () => {
    const form = (body: string) => ({
      method: 'POST',
      path: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(CODECS.autoscaling.serviceOf(form('Action=DescribeLaunchConfigurations'))).toBe(SERVICES.autoscaling);
    expect(CODECS.autoscaling.serviceOf(form('Action=DescribeLaunchConfigurations&Version=2099-01-01'))).toBe(
      SERVICES.autoscaling,
    );
    expect(CODECS.autoscaling.serviceOf(form('Version=%zz'))).toBe(SERVICES.autoscaling);
    const target = (name: string) => ({ method: 'POST', path: '/', headers: { 'x-amz-target': name }, body: '{}' });
    expect(CODECS.ecr.serviceOf(target('Bogus_20990101.CreateRepository'))).toBe(SERVICES.ecr);
    expect(CODECS.ecr.serviceOf(target(''))).toBe(SERVICES.ecr);
  });

  it('a v2 operation without a key rule fails tsc (checked by `npx tsc --noEmit`)', () => {
    // @ts-expect-error: keyRule is missing
    const model: V2Operation = {
      name: 'RetrieveThing',
      service: 'stripe',
      paths: [['thing', 'get']],
      summary: 'x',
      http: { method: 'GET', path: '/v2/things/{id}' },
      input: { type: 'structure', members: {} },
      output: { type: 'structure', members: {} },
    };
    expect(model.keyRule).toBeUndefined();
  });
});
