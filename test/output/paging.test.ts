/**
 * How each format prints a paged listing (as the AWS CLI v2 does): yaml-stream page by page with each
 * page whole (its service token included, no resume token), text page by page with a NEXTTOKEN line,
 * off printing nothing but still fetching every page; and the table fitted to the terminal's width.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../helpers/harness.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { ok } from '../helpers/cli-results.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { runTty } from './tty.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = sandbox();
  for (const name of ['a', 'b', 'c']) await sb.run(createLaunchConfiguration(name, { image: `ami-${name}` }));
});
afterEach(() => sb.cleanup());

const describeLc = (...args: string[]) => sb.run(['describe-launch-configurations', ...args]);
const NAMES = 'LaunchConfigurations[].LaunchConfigurationName';
/** The service's own page tokens are signed with the store's random secret. */
const SERVICE_TOKEN = /[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;
const masked = (s: string) => s.replace(SERVICE_TOKEN, '<service token>');
/** {"NextToken": null, "boto_truncate_amount": 1} */
const CLI_TOKEN_1 = 'eyJOZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAxfQ==';

describe('yaml-stream', () => {
  /** yaml-stream in pages of two, `query` applied to each. */
  const inPagesOf2 = (query: string) => describeLc('--output', 'yaml-stream', '--page-size', '2', '--query', query);

  it('prints one list item per page, --query applied to each page', async () => {
    const r = await inPagesOf2(NAMES);
    expect(r).toEqual({ code: 0, stdout: '- - a\n  - b\n- - c\n', stderr: '' });
  });

  it("each page is whole: the service's NextToken of that page is in it, and null on the last", async () => {
    const r = await inPagesOf2('{names: LaunchConfigurations[].ImageId, token: NextToken}');
    expect(masked(r.stdout)).toBe(
      '- names:\n  - ami-a\n  - ami-b\n  token: <service token>\n- names:\n  - ami-c\n  token: null\n',
    );
  });

  it('--max-items cuts the pages but prints no resume token (as the AWS CLI)', async () => {
    const r = await describeLc('--output', 'yaml-stream', '--max-items', '1', '--query', NAMES);
    expect(r).toEqual({ code: 0, stdout: '- - a\n', stderr: '' });
    const whole = await describeLc('--output', 'yaml-stream', '--max-items', '1');
    expect(whole.stdout).not.toContain('NextToken');
    expect(whole.stdout.startsWith('- LaunchConfigurations:\n  - BlockDeviceMappings: []\n')).toBe(true);
  });

  it('a page whose query result is empty still prints its item', async () => {
    const r = await inPagesOf2('LaunchConfigurations[?ImageId==`ami-c`]');
    expect(r.stdout.split('\n')[0]).toBe('- []');
  });
});

describe('text', () => {
  it('ends a cut listing with the resume token', async () => {
    const r = await describeLc('--output', 'text', '--max-items', '1');
    expect(r.stdout.endsWith(`\nNEXTTOKEN\t${CLI_TOKEN_1}\n`)).toBe(true);
  });

  it('applies --query to that last line too, as the AWS CLI does ({"NextToken": {"NextToken": token}})', async () => {
    const names = await describeLc('--output', 'text', '--max-items', '1', '--query', NAMES);
    const token = await describeLc('--output', 'text', '--max-items', '1', '--query', 'NextToken.NextToken');
    expect([names.stdout, token.stdout]).toEqual(['a\nNone\n', `None\n${CLI_TOKEN_1}\n`]);
  });
});

describe('off', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
    for (const name of ['a', 'b', 'c']) await h.http(createLaunchConfiguration(name));
  });
  afterEach(() => h.close());

  it('prints nothing and still fetches every page', async () => {
    const calls = () => h.log.filter((l) => l.includes('DescribeLaunchConfigurations')).length;
    expect(await h.http(['describe-launch-configurations', '--output', 'off', '--page-size', '1'])).toEqual(ok());
    expect(calls()).toBe(3);
    await h.http(['describe-launch-configurations', '--output', 'json', '--page-size', '1']);
    expect(calls()).toBe(6);
  });
});

describe('table width', () => {
  const query = [
    '--query',
    'LaunchConfigurations[0].{Name: LaunchConfigurationName, Image: ImageId, Type: InstanceType}',
  ];
  const wide = [
    '-------------------------------',
    '|DescribeLaunchConfigurations |',
    '+-------+--------+------------+',
    '| Image | Name   |   Type     |',
    '+-------+--------+------------+',
    '|  ami-a|  a     |  t3.micro  |',
    '+-------+--------+------------+',
    '',
  ].join('\n');
  /** The table on a terminal of that many columns. */
  const onTerminal = (columns: number) =>
    runTty(sb, ['describe-launch-configurations', '--output', 'table', '--no-cli-pager', '--color', 'off', ...query], {
      stdoutColumns: columns,
    });

  it('fits the terminal: a row too wide for it turns into key/value rows', async () => {
    const r = await onTerminal(30);
    expect(r).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        '------------------------------',
        '|DescribeLaunchConfigurations|',
        '+-----------+----------------+',
        '|  Image    |  ami-a         |',
        '|  Name     |  a             |',
        '|  Type     |  t3.micro      |',
        '+-----------+----------------+',
        '',
      ].join('\n'),
    });
    expect((await onTerminal(200)).stdout).toBe(wide);
  });

  it('is 80 columns when stdout is not a terminal', async () => {
    expect((await describeLc('--output', 'table', ...query)).stdout).toBe(wide);
  });
});
