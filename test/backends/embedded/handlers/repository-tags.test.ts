/** ECR tags (issue 26, item 4; issue 25, item 10): list-tags-for-resource, tag-resource, untag-resource, and the tags of create-repository. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../../helpers/cli.js';
import { failed, ok, serviceError, missingArgs } from '../../../helpers/cli-results.js';
import { COUNT_REPOSITORIES, OTHER_REGISTRY } from '../../../helpers/command-argv.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const ARN = 'arn:aws:ecr:us-east-1:000000000000:repository/team/api';
const tagArgs = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `Key=k${from + i},Value=v${from + i}`);

const TOO_MANY =
  'The repository would have 51 tags: the maximum number of tags that can be applied to a repository is 50.';
/** `create-repository` of team/api with `tags`, then `more`. */
const createTagged = (tags: string[], ...more: string[]) =>
  sb.run(['create-repository', '--repository-name', 'team/api', '--tags', ...tags, ...more]);

/** `tag-resource` of team/api with `tags`. */
const tag = (...tags: string[]) => sb.run(['tag-resource', '--resource-arn', ARN, '--tags', ...tags]);

async function listTags(): Promise<string> {
  const r = await sb.run(['list-tags-for-resource', '--resource-arn', ARN, '--output', 'text']);
  expect(r.code).toBe(0);
  return r.stdout;
}

describe('tags of a repository', () => {
  it('lists the tags given at creation, and [] for a repository without any', async () => {
    expect((await createTagged(['Key=env,Value=prod', 'Key=team,Value='], '--output', 'off')).code).toBe(0);
    expect(await sb.run(['list-tags-for-resource', '--resource-arn', ARN])).toEqual(
      ok(
        '{\n    "tags": [\n        {\n            "Key": "env",\n            "Value": "prod"\n        },\n        {\n            "Key": "team",\n            "Value": ""\n        }\n    ]\n}\n',
      ),
    );
    await sb.run(['create-repository', '--repository-name', 'bare']);
    expect(
      await sb.run([
        'ecr',
        'list-tags-for-resource',
        '--resource-arn',
        'arn:aws:ecr:us-east-1:000000000000:repository/bare',
      ]),
    ).toEqual(ok('{\n    "tags": []\n}\n'));
  });

  it('tag-resource adds tags, overwrites the value of a key it already has, and prints nothing', async () => {
    await createTagged(['Key=env,Value=prod', 'Key=team,Value=core']);
    expect(await tag('Key=env,Value=staging', 'Key=owner,Value=platform')).toEqual(ok());
    expect(await listTags()).toBe('TAGS\tenv\tstaging\nTAGS\tteam\tcore\nTAGS\towner\tplatform\n');
    expect(
      await sb.run(['ecr', 'tag-resource', '--resource-arn', ARN, '--tags', '[{"Key":"team","Value":"web"}]']),
    ).toEqual(ok());
    expect(await listTags()).toBe('TAGS\tenv\tstaging\nTAGS\tteam\tweb\nTAGS\towner\tplatform\n');
  });

  it('untag-resource removes the keys named, ignores keys the repository does not have, and prints nothing', async () => {
    await createTagged(['Key=env,Value=prod', 'Key=team,Value=core', 'Key=owner,Value=me']);
    expect(await sb.run(['untag-resource', '--resource-arn', ARN, '--tag-keys', 'env', 'nope'])).toEqual(ok());
    expect(await listTags()).toBe('TAGS\tteam\tcore\nTAGS\towner\tme\n');
    expect(await sb.run(['ecr', 'untag-resource', '--resource-arn', ARN, '--tag-keys', 'team', 'owner'])).toEqual(ok());
    expect(await listTags()).toBe('');
  });

  it('the tags do not appear in the repository, and go with it when it is deleted', async () => {
    await createTagged(['Key=env,Value=prod']);
    expect(
      (await sb.run(['describe-repositories', '--query', 'keys(repositories[0])', '--output', 'text'])).stdout,
    ).toBe(
      'repositoryArn\tregistryId\trepositoryName\trepositoryUri\tcreatedAt\timageTagMutability\timageScanningConfiguration\tencryptionConfiguration\n',
    );
    await sb.run(['delete-repository', '--repository-name', 'team/api']);
    await sb.run(['create-repository', '--repository-name', 'team/api']);
    expect(await listTags()).toBe('');
  });

  it('holds 50 tags, and refuses the 51st with TooManyTagsException, changing nothing', async () => {
    await createTagged(tagArgs(49));
    expect(await tag('Key=k0,Value=new', 'Key=k49,Value=v49')).toEqual(ok());
    expect(await tag('Key=k1,Value=changed', 'Key=k50,Value=v50')).toEqual(
      failed(254, serviceError('TooManyTagsException', 'TagResource', TOO_MANY)),
    );
    const r = await sb.run([
      'list-tags-for-resource',
      '--resource-arn',
      ARN,
      '--query',
      '[length(tags), tags[0].Value, tags[1].Value]',
      '--output',
      'text',
    ]);
    expect(r).toEqual(ok('50\tnew\tv1\n'));
  });

  const create = 'CreateRepository';
  const tagRules: Array<[string, string[], string]> = [
    ['51 tags', tagArgs(51), serviceError('TooManyTagsException', create, TOO_MANY)],
    [
      'an empty key',
      ['Key=,Value=v'],
      serviceError(
        'InvalidTagParameterException',
        create,
        "The tag key at 'tags.1.Key' is 0 characters long: tag keys can have 1 to 128 characters.",
      ),
    ],
    [
      'a key over 128',
      ['Key=a,Value=b', `Key=${'k'.repeat(129)},Value=v`],
      serviceError(
        'InvalidTagParameterException',
        create,
        "The tag key at 'tags.2.Key' is 129 characters long: tag keys can have 1 to 128 characters.",
      ),
    ],
    [
      'a value over 256',
      [`Key=k,Value=${'v'.repeat(257)}`],
      serviceError(
        'InvalidTagParameterException',
        create,
        "The tag value of key 'k' is 257 characters long: tag values can have a maximum length of 256 characters.",
      ),
    ],
    [
      'an aws: key',
      ['Key=aws:cloudformation:stack-name,Value=x'],
      serviceError(
        'InvalidTagParameterException',
        create,
        "The tag key 'aws:cloudformation:stack-name' at 'tags.1.Key' is not valid: keys starting with 'aws:' (in any case) are reserved for AWS use.",
      ),
    ],
    [
      'an AWS: key in capitals',
      ['Key=AWS:x,Value=y'],
      serviceError(
        'InvalidTagParameterException',
        create,
        "The tag key 'AWS:x' at 'tags.1.Key' is not valid: keys starting with 'aws:' (in any case) are reserved for AWS use.",
      ),
    ],
  ];
  it.each(tagRules)('create-repository refuses %s and creates nothing (254)', async (_name, tags, stderr) => {
    expect(await createTagged(tags)).toEqual(failed(254, stderr));
    expect((await sb.run(COUNT_REPOSITORIES)).stdout).toBe('0\n');
  });

  it('create-repository accepts 50 tags, a 128-character key, a 256-character value and aws inside a key', async () => {
    const edge = [`Key=${'k'.repeat(128)},Value=${'v'.repeat(256)}`, 'Key=team-aws:x,Value=1', 'Key=aws,Value=2'];
    expect((await createTagged([...tagArgs(47), ...edge], '--output', 'off')).code).toBe(0);
    const r = await sb.run(['list-tags-for-resource', '--resource-arn', ARN, '--query', 'length(tags)']);
    expect(r).toEqual(ok('50\n'));
  });

  it.each([
    [
      'tag-resource',
      ['--tags', 'Key=aws:x,Value=1'],
      'TagResource',
      "The tag key 'aws:x' at 'tags.1.Key' is not valid: keys starting with 'aws:' (in any case) are reserved for AWS use.",
    ],
    [
      'tag-resource',
      ['--tags', 'Key=a,Value=1', `Key=${'k'.repeat(200)},Value=1`],
      'TagResource',
      "The tag key at 'tags.2.Key' is 200 characters long: tag keys can have 1 to 128 characters.",
    ],
    [
      'untag-resource',
      ['--tag-keys', 'ok', ''],
      'UntagResource',
      "The tag key at 'tagKeys.2' is 0 characters long: tag keys can have 1 to 128 characters.",
    ],
    [
      'untag-resource',
      ['--tag-keys', 'Aws:x'],
      'UntagResource',
      "The tag key 'Aws:x' at 'tagKeys.1' is not valid: keys starting with 'aws:' (in any case) are reserved for AWS use.",
    ],
  ])('%s %j: InvalidTagParameterException, tags unchanged (254)', async (command, args, op, msg) => {
    await createTagged(['Key=env,Value=prod']);
    expect(await sb.run([command, '--resource-arn', ARN, ...args])).toEqual(
      failed(254, serviceError('InvalidTagParameterException', op, msg)),
    );
    expect(await listTags()).toBe('TAGS\tenv\tprod\n');
  });

  it('refuses a duplicate key in one request with InvalidParameterException (254)', async () => {
    await sb.run(['create-repository', '--repository-name', 'team/api']);
    expect(await tag('Key=a,Value=1', 'Key=a,Value=2')).toEqual(
      failed(
        254,
        serviceError(
          'InvalidParameterException',
          'TagResource',
          "Duplicate tag key 'a': each tag key can be given only once",
        ),
      ),
    );
  });

  it.each([
    ['list-tags-for-resource', []],
    ['tag-resource', ['--tags', 'Key=a,Value=b']],
    ['untag-resource', ['--tag-keys', 'a']],
  ])('%s: an unknown repository, a malformed ARN, another region (254)', async (command, args) => {
    const op = {
      'list-tags-for-resource': 'ListTagsForResource',
      'tag-resource': 'TagResource',
      'untag-resource': 'UntagResource',
    }[command]!;
    const refused = (arn: string, code: string, msg: string) =>
      expect(sb.run([command, '--resource-arn', arn, ...args])).resolves.toEqual(
        failed(254, serviceError(code, op, msg)),
      );
    await refused(
      'arn:aws:ecr:us-east-1:000000000000:repository/nope',
      'RepositoryNotFoundException',
      "The repository with name 'nope' does not exist in the registry with id '000000000000'",
    );
    for (const arn of ['team/api', 'arn:aws:ecr:us-east-1:000000000000:team/api', 'arn:aws:s3:::bucket'])
      await refused(
        arn,
        'InvalidParameterException',
        "Invalid parameter at 'resourceArn' failed to satisfy constraint: 'Invalid ARN'",
      );
    await refused(
      'arn:aws:ecr:eu-west-1:000000000000:repository/team/api',
      'InvalidParameterException',
      "Invalid parameter at 'resourceArn' failed to satisfy constraint: 'The ARN is in region eu-west-1, not in the region of the request (us-east-1)'",
    );
  });

  it('finds the repository in the registry and region the ARN names', async () => {
    await sb.run(['create-repository', '--repository-name', 'ab', ...OTHER_REGISTRY, '--tags', 'Key=k,Value=v']);
    const arn = 'arn:aws:ecr:eu-west-1:123456789012:repository/ab';
    expect(
      await sb.run(['list-tags-for-resource', '--resource-arn', arn, '--region', 'eu-west-1', '--output', 'text']),
    ).toEqual(ok('TAGS\tk\tv\n'));
  });

  it('the client requires --resource-arn and --tags / --tag-keys (252)', async () => {
    expect(await sb.run(['tag-resource', '--resource-arn', ARN])).toEqual(failed(252, missingArgs('--tags')));
    expect(await sb.run(['untag-resource', '--tag-keys', 'a'])).toEqual(failed(252, missingArgs('--resource-arn')));
  });
});
