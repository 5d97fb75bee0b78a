/**
 * Pagination across the two CLIs against one `svcctl serve` (a child process): the AWS CLI v2
 * (/usr/bin/aws) and svcctl (HTTP backend) print the same bytes for every --max-items / --page-size /
 * --starting-token step, and each resumes from the token the other printed, mid-page and on page
 * boundaries, for launch configurations (Query protocol) and repositories (JSON 1.1), and yaml-stream
 * prints the same pages. The deliberate difference (docs/compat.md), a token that is not a CLI token, is
 * pinned too.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInto } from '../../scripts/bulk.js';
import { openStore } from '../../src/backends/embedded/store/sqlite-store.js';
import { type CliResult, sandbox, type Sandbox } from '../helpers/cli.js';
import { AWS_ENV } from '../helpers/harness.js';
import { type AwsPeerDir, awsPeerDir, runAws } from './aws-cli-peer.js';
import { PINNED_MS, type ServeProcess, startServe } from './serve-process.js';

const NAMES = Array.from({ length: 9 }, (_, i) => `lc-${String(i + 1).padStart(6, '0')}`);

let peer: AwsPeerDir;
let serve: ServeProcess;
let sb: Sandbox;

beforeAll(async () => {
  peer = awsPeerDir('svcctl-peer-paging-');
  const home = join(peer.dir, 'store');
  const db = openStore(home);
  let n = 0;
  seedInto(db, {
    home,
    count: NAMES.length,
    createdMs: PINNED_MS,
    ids: { id: (p) => `${p}${++n}`, uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` },
  });
  db.close();
  serve = await startServe([], { SVCCTL_HOME: home, SVCCTL_TEST_CLOCK_MS: String(PINNED_MS) });
  sb = sandbox({ SVCCTL_HOME: join(peer.dir, 'unused'), ...AWS_ENV });
  for (const name of ['aa', 'bb', 'cc', 'dd', 'ee']) await svcctl(['create-repository', '--repository-name', name]);
}, 60_000);

afterAll(async () => {
  await serve?.stop();
  sb?.cleanup();
  peer?.cleanup();
});

const aws = (args: string[]) => runAws(args, serve.url, peer.env);

/** svcctl, HTTP backend to the same serve; `aws`-style argv (service name first) accepted. */
const svcctl = (argv: string[]) => sb.run(argv, { env: { SVCCTL_ENDPOINT_URL: serve.url } });

const tokenOf = (r: CliResult): string | undefined => (JSON.parse(r.stdout) as { NextToken?: string }).NextToken;
const namesOf = (r: CliResult, key: string, member: string): string[] =>
  (JSON.parse(r.stdout) as Record<string, Array<Record<string, string>>>)[key]!.map((x) => x[member]!);

/** Pages through with both CLIs, each resuming from the token the other printed; every step the same bytes. */
async function relay(service: string, command: string, args: string[], key: string, member: string): Promise<string[]> {
  const seen: string[] = [];
  let fromAws: string | undefined;
  let fromSvcctl: string | undefined;
  for (let step = 0; step < 12; step++) {
    const a = await aws([service, command, ...args, ...(fromSvcctl ? ['--starting-token', fromSvcctl] : [])]);
    const s = await svcctl([service, command, ...args, ...(fromAws ? ['--starting-token', fromAws] : [])]);
    expect(s, `step ${step} of ${args.join(' ')}`).toEqual(a);
    expect(a.code).toBe(0);
    seen.push(...namesOf(a, key, member));
    fromAws = tokenOf(a);
    fromSvcctl = tokenOf(s);
    if (fromAws === undefined) return seen;
  }
  throw new Error('the listing did not end');
}

describe('tokens carry between the AWS CLI and svcctl', () => {
  it.each([
    [['--max-items', '4']],
    [['--max-items', '3', '--page-size', '2']],
    [['--max-items', '2', '--page-size', '2']],
    [['--max-items', '5', '--page-size', '3']],
  ])(
    'describe-launch-configurations %j: same bytes each step, every item once',
    async (args) => {
      expect(
        await relay(
          'autoscaling',
          'describe-launch-configurations',
          args,
          'LaunchConfigurations',
          'LaunchConfigurationName',
        ),
      ).toEqual(NAMES);
    },
    120_000,
  );

  it('describe-repositories: same bytes each step, every item once', async () => {
    expect(await relay('ecr', 'describe-repositories', ['--max-items', '2'], 'repositories', 'repositoryName')).toEqual(
      ['aa', 'bb', 'cc', 'dd', 'ee'],
    );
  }, 60_000);

  /** Three items in pages of two, in an output format. */
  const paged = (output: string) => [
    'autoscaling',
    'describe-launch-configurations',
    '--max-items',
    '3',
    '--page-size',
    '2',
    '--output',
    output,
  ];
  const sameAsAws = async (argv: string[]) => expect(await svcctl(argv)).toEqual(await aws(argv));

  it('text output ends with the same NEXTTOKEN line; --no-paginate prints the same service token', async () => {
    await sameAsAws(paged('text'));
    await sameAsAws(['autoscaling', 'describe-launch-configurations', '--no-paginate', '--max-records', '2']);
  }, 60_000);

  it("yaml-stream: the same pages, each with the service's own token, and no resume token", async () => {
    await sameAsAws(paged('yaml-stream'));
  }, 60_000);
});

describe('a deliberate difference (docs/compat.md)', () => {
  it('a starting token that is not a CLI token: the AWS CLI sends it to the service (254), svcctl refuses it (252)', async () => {
    const args = ['autoscaling', 'describe-launch-configurations', '--starting-token', 'garbage'];
    expect(await aws(args)).toEqual({
      code: 254,
      stdout: '',
      stderr:
        '\nsvcctl: [ERROR]: An error occurred (InvalidNextToken) when calling the DescribeLaunchConfigurations operation: The NextToken value is invalid: it was not issued by this service for this region.\n',
    });
    expect(await svcctl(args)).toEqual({
      code: 252,
      stdout: '',
      stderr:
        '\nsvcctl: [ERROR]: An error occurred (ParamValidation): Bad value for --starting-token: "garbage" is not a NextToken printed by svcctl or the AWS CLI for this command (not base64; a NextToken that --no-paginate printed is the service\'s own: give it to --next-token).\n',
    });
  }, 60_000);
});
