/**
 * Pagination of describe-launch-configurations and describe-repositories through the whole CLI
 * (in-process, embedded backend): --max-items, --starting-token, --page-size, --no-paginate, merged and
 * per-page output, and refused tokens. Service tokens are computed from the store's own signing secret.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedToken } from '../../src/backends/embedded/handlers/page-token.js';
import { encodeToken } from '../../src/paginate/token.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, ok, paramValidation, serviceError } from '../helpers/cli-results.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';

/** issue 44, item 17: the token --no-paginate prints is the service's own, which --next-token takes. */
const NOT_BASE64 = "not base64; a NextToken that --no-paginate printed is the service's own: give it to --next-token";

let sb: Sandbox;
beforeEach(async () => {
  sb = sandbox();
  secretMade = false;
  for (const name of NAMES) await sb.run(createLaunchConfiguration(name));
});
afterEach(() => sb.cleanup());

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
const DESCRIBE = 'describe-launch-configurations';

/** The item of `create-launch-configuration --image-id ami-1 --instance-type t3.micro`, the n-th uuid of the sandbox. */
const item = (name: string) => `        {
            "LaunchConfigurationName": "${name}",
            "LaunchConfigurationARN": "arn:aws:autoscaling:us-east-1:000000000000:launchConfiguration:00000000-0000-4000-8000-${String(NAMES.indexOf(name) + 1).padStart(12, '0')}:launchConfigurationName/${name}",
            "ImageId": "ami-1",
            "KeyName": "",
            "SecurityGroups": [],
            "ClassicLinkVPCSecurityGroups": [],
            "UserData": "",
            "InstanceType": "t3.micro",
            "KernelId": "",
            "RamdiskId": "",
            "BlockDeviceMappings": [],
            "InstanceMonitoring": {
                "Enabled": true
            },
            "CreatedTime": "2026-11-20T23:21:51.327000+00:00",
            "EbsOptimized": false
        }`;
const doc = (names: string[], token?: string) =>
  `{\n    "LaunchConfigurations": [\n${names.map(item).join(',\n')}\n    ]${token ? `,\n    "NextToken": "${token}"` : ''}\n}\n`;

/** The service's own token after `name`: signed with the secret the store made (on its first token). */
let secretMade = false;
async function serviceToken(name: string): Promise<string> {
  if (!secretMade) await sb.run([DESCRIBE, '--page-size', '1', '--output', 'off']);
  secretMade = true;
  const Sqlite = createRequire(import.meta.url)('better-sqlite3') as typeof import('better-sqlite3');
  const db = new Sqlite(join(sb.env.SVCCTL_HOME!, 'state.db'), { readonly: true });
  const { value } = db.prepare("SELECT value FROM settings WHERE name = 'page_token_secret'").get() as {
    value: string;
  };
  db.close();
  return signedToken(Buffer.from(value, 'hex'), ['us-east-1'], name);
}
const cli = (serviceTok: string | null, truncate?: number) =>
  encodeToken('NextToken', { serviceToken: serviceTok, truncate });

/** The AWS CLI 2.34+'s warning for --max-items 0 or less (test/goldens/aws-cli-2.36.7/errors.json). */
const NON_POSITIVE = 'warning: Non-positive values for --max-items may result in undefined behavior.\n';

describe('--max-items and --starting-token', () => {
  it("cuts the merged output and prints the AWS CLI's token for the cut", async () => {
    expect(await sb.run([DESCRIBE, '--max-items', '3'])).toEqual(
      ok(doc(['a', 'b', 'c'], 'eyJOZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAzfQ==')),
    );
  });

  it('resumes mid-page from the token until the listing is complete, then prints no token', async () => {
    const second = await sb.run([DESCRIBE, '--max-items', '3', '--starting-token', cli(null, 3)]);
    expect(second).toEqual(ok(doc(['d', 'e', 'f'], cli(null, 6))));
    expect(await sb.run([DESCRIBE, '--max-items', '3', '--starting-token', cli(null, 6)])).toEqual(ok(doc(['g'])));
  });

  it("with --page-size cuts inside a later page (that request's token) or on a boundary (the next token)", async () => {
    expect(await sb.run([DESCRIBE, '--page-size', '2', '--max-items', '3'])).toEqual(
      ok(doc(['a', 'b', 'c'], cli(await serviceToken('b'), 1))),
    );
    expect(await sb.run([DESCRIBE, '--page-size', '2', '--max-items', '4'])).toEqual(
      ok(doc(['a', 'b', 'c', 'd'], cli(await serviceToken('d')))),
    );
    expect(await sb.run([DESCRIBE, '--page-size', '2', '--starting-token', cli(await serviceToken('b'), 1)])).toEqual(
      ok(doc(['d', 'e', 'f', 'g'])),
    );
    expect(await sb.run([DESCRIBE, '--page-size', '2', '--starting-token', cli(await serviceToken('d'))])).toEqual(
      ok(doc(['e', 'f', 'g'])),
    );
  });

  it('--page-size never changes what is printed', async () => {
    const all = doc(NAMES);
    for (const size of ['1', '2', '3', '6', '7', '100'])
      expect(await sb.run([DESCRIBE, '--page-size', size])).toEqual(ok(all));
    expect(await sb.run([DESCRIBE])).toEqual(ok(all));
  });

  it('pages a --launch-configuration-names filter too', async () => {
    const filtered = [DESCRIBE, '--launch-configuration-names', 'f', 'b', 'd', '--page-size', '1'];
    expect(await sb.run([...filtered, '--max-items', '2'])).toEqual(ok(doc(['b', 'd'], cli(await serviceToken('d')))));
    expect(await sb.run([...filtered, '--starting-token', cli(await serviceToken('d'))])).toEqual(ok(doc(['f'])));
  });

  it('--max-items 0 prints an empty list and a token that starts over (as botocore)', async () => {
    expect(await sb.run([DESCRIBE, '--max-items', '0'])).toEqual({
      ...ok(`{\n    "LaunchConfigurations": [],\n    "NextToken": "${cli(null, 0)}"\n}\n`),
      stderr: NON_POSITIVE,
    });
  });

  it('applies --query to the merged result (buffered), where NextToken is the CLI token', async () => {
    expect(
      await sb.run([
        DESCRIBE,
        '--max-items',
        '2',
        '--query',
        '[LaunchConfigurations[].LaunchConfigurationName, NextToken]',
      ]),
    ).toEqual(ok(`[\n    [\n        "a",\n        "b"\n    ],\n    "${cli(null, 2)}"\n]\n`));
  });
});

describe('per-page formats', () => {
  /** Three items in pages of two, printed in `output` with `query` applied. */
  const pagedBy2 = (output: string, query: string) =>
    sb.run([DESCRIBE, '--max-items', '3', '--page-size', '2', '--output', output, '--query', query]);

  it('text prints page by page and ends with NEXTTOKEN (which a --query for the list turns into None, as in the AWS CLI)', async () => {
    const r = await pagedBy2('text', 'LaunchConfigurations[].[LaunchConfigurationName]');
    expect(r).toEqual(ok('a\nb\nc\nNone\n'));
    const token = await pagedBy2('text', 'NextToken.NextToken');
    expect(token).toEqual(ok(`None\nNone\n${cli(await serviceToken('b'), 1)}\n`));
    const full = await sb.run([DESCRIBE, '--max-items', '1', '--output', 'text']);
    expect(full.stdout.split('\n').slice(-2)).toEqual([`NEXTTOKEN\t${cli(null, 1)}`, '']);
  });

  it('yaml-stream prints each page as the service returned it, its own NextToken included, and no resume token (as the AWS CLI)', async () => {
    const r = await pagedBy2('yaml-stream', 'LaunchConfigurations[].LaunchConfigurationName');
    expect(r).toEqual(ok('- - a\n  - b\n- - c\n'));
    const whole = await pagedBy2(
      'yaml-stream',
      '{names: LaunchConfigurations[].LaunchConfigurationName, next: NextToken}',
    );
    expect(whole).toEqual(
      ok(
        `- names:\n  - a\n  - b\n  next: ${await serviceToken('b')}\n- names:\n  - c\n  next: ${await serviceToken('d')}\n`,
      ),
    );
  });

  it('off prints nothing but still pages and validates the token', async () => {
    expect(await sb.run([DESCRIBE, '--max-items', '3', '--output', 'off'])).toEqual(ok(''));
    expect((await sb.run([DESCRIBE, '--output', 'off', '--starting-token', 'nope'])).code).toBe(252);
  });
});

describe('--no-paginate', () => {
  it("makes one call and prints the service's own NextToken", async () => {
    const r = await sb.run([DESCRIBE, '--no-paginate', '--max-records', '2']);
    expect(r).toEqual(ok(doc(['a', 'b'], await serviceToken('b'))));
    expect(await sb.run([DESCRIBE, '--no-paginate'])).toEqual(ok(doc(NAMES)));
  });

  it("refuses the CLI's paging options beside it (252)", async () => {
    expect(await sb.run([DESCRIBE, '--no-paginate', '--max-items', '2', '--page-size', '1'])).toEqual(
      failed(
        252,
        paramValidation('Cannot specify --no-paginate along with pagination arguments: --page-size, --max-items'),
      ),
    );
  });
});

describe('refused starting tokens (252, no call)', () => {
  const refused = (token: string, why: string) =>
    failed(
      252,
      paramValidation(
        `Bad value for --starting-token: ${JSON.stringify(token)} is not a NextToken printed by svcctl or the AWS CLI for this command (${why}).`,
      ),
    );

  it('a malformed token', async () => {
    expect(await sb.run([DESCRIBE, '--starting-token', 'not a token'])).toEqual(refused('not a token', NOT_BASE64));
  });

  it("the service's own token, which the AWS CLI would pass through to the service", async () => {
    const raw = await serviceToken('b');
    expect(await sb.run([DESCRIBE, '--starting-token', raw])).toEqual(refused(raw, NOT_BASE64));
  });

  it('the NextToken --no-paginate prints: refused by --starting-token saying where it goes, taken by --next-token', async () => {
    const first = ['--no-paginate', '--max-records', '2', '--output', 'text'];
    const raw = (await sb.run([DESCRIBE, ...first, '--query', 'NextToken'])).stdout.trim();
    expect(await sb.run([DESCRIBE, '--starting-token', raw])).toEqual(refused(raw, NOT_BASE64));
    const names = '--query=LaunchConfigurations[].LaunchConfigurationName';
    expect(await sb.run([DESCRIBE, ...first, '--next-token', raw, names])).toEqual(ok('c\td\n'));
  });

  it('a token of describe-repositories', async () => {
    const foreign = encodeToken('nextToken', { serviceToken: null, truncate: 1 });
    expect(await sb.run([DESCRIBE, '--starting-token', foreign])).toEqual(
      refused(foreign, 'expected the key NextToken'),
    );
  });

  // docs/compat.md #36: the AWS CLI (2.9.19 measured against serve) decodes `e30=` ({}) as its own token, sends
  // no nextToken and lists from the first item; no CLI prints it, and svcctl refuses it as a token of nothing.
  it('a CLI token without the key ({}), which the AWS CLI takes as a start from the first item', async () => {
    expect(await sb.run([DESCRIBE, '--starting-token', 'e30='])).toEqual(refused('e30=', 'expected the key NextToken'));
  });

  it('a negative --max-items: warned, then all but the last item and a token for it, as the AWS CLI 2.36.7 (issue 44, item 9)', async () => {
    // botocore keeps items[:-1] of the first page and writes boto_truncate_amount -1: what the AWS CLI
    // 2.9.19 printed against serve, token included. svcctl printed no item and refused that token.
    const awsToken = 'eyJOZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAtMX0=';
    expect(await sb.run([DESCRIBE, '--max-items', '-1'])).toEqual({
      code: 0,
      stdout: doc(['a', 'b', 'c', 'd', 'e', 'f'], awsToken),
      stderr: NON_POSITIVE,
    });
    expect(await sb.run([DESCRIBE, '--starting-token', awsToken, '--max-items', '5'])).toEqual(ok(doc(['g'])));
    expect(await sb.run([DESCRIBE, '--max-items', '-1', '--page-size', '2'])).toEqual({
      code: 0,
      stdout: doc(['a'], awsToken),
      stderr: NON_POSITIVE,
    });
  });

  it("a well-formed CLI token whose service token another store signed is the service's error (254)", async () => {
    const other = cli(signedToken(Buffer.alloc(32, 7), ['us-east-1'], 'b'));
    expect(await sb.run([DESCRIBE, '--starting-token', other])).toEqual(
      failed(
        254,
        serviceError(
          'InvalidNextToken',
          'DescribeLaunchConfigurations',
          'The NextToken value is invalid: it was not issued by this service for this region.',
        ),
      ),
    );
  });
});

describe('describe-repositories', () => {
  const names = ['aa', 'bb', 'cc', 'dd', 'ee'];
  const q = ['--query', 'repositories[].repositoryName', '--output', 'text'];
  const repoToken = (truncate: number) => encodeToken('nextToken', { serviceToken: null, truncate });

  it('pages through the same paginator: --max-items, --starting-token, --page-size', async () => {
    for (const n of names) await sb.run(['create-repository', '--repository-name', n]);
    const first = await sb.run([
      'describe-repositories',
      '--max-items',
      '2',
      '--query',
      '[repositories[].repositoryName, NextToken]',
    ]);
    expect(first).toEqual(ok(`[\n    [\n        "aa",\n        "bb"\n    ],\n    "${repoToken(2)}"\n]\n`));
    expect(
      await sb.run(['describe-repositories', '--max-items', '2', '--starting-token', repoToken(2), '--output', 'text']),
    ).toEqual(
      ok(
        expect.stringMatching(
          new RegExp(
            `^${['cc', 'dd'].map((n) => `REPOSITORIES\t.*\t${n}\t.*\nENCRYPTIONCONFIGURATION\tAES256\nIMAGESCANNINGCONFIGURATION\tFalse\n`).join('')}NEXTTOKEN\t${repoToken(4)}\n$`,
          ),
        ),
      ),
    );
    expect(await sb.run(['describe-repositories', '--starting-token', repoToken(4), ...q])).toEqual(ok('ee\n'));
    // --page-size 1: five service calls; text prints each page (the query applied per page) on its own line.
    expect(await sb.run(['describe-repositories', '--page-size', '1', ...q])).toEqual(ok('aa\nbb\ncc\ndd\nee\n'));
    const lc = cli(null, 1);
    expect((await sb.run(['describe-repositories', '--starting-token', lc])).stderr).toContain(
      '(expected the key nextToken)',
    );
  });
});
