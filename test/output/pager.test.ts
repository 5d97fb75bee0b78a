/**
 * The pager (pager.ts), in-process: stdout claims to be a terminal, and the pager's own output is
 * passed back into the captured stdout, so what the pager printed can be asserted exactly.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, ok, validationError } from '../helpers/cli-results.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { runTty } from './tty.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = sandbox({ PATH: process.env.PATH });
  await sb.run(createLaunchConfiguration('a'));
});
afterEach(() => sb.cleanup());

const NAME = [
  'describe-launch-configurations',
  '--color',
  'off',
  '--query',
  'LaunchConfigurations[0].LaunchConfigurationName',
];
const onTerminal = (argv: string[], env: Record<string, string | undefined>) =>
  runTty(sb, argv, { stdoutColumns: 80, env });
const MARK = (tag: string) => `sed 's/^/${tag} /'`;

const FAILURE = [
  '',
  'svcctl: [ERROR]: An error occurred (Pager): Unable to redirect output to pager. Received the following error when opening pager:',
  'exit 127: the shell could not run it (exit 127)',
  '',
  'Learn more about configuring the output pager with "svcctl configure list" (cli_pager), or turn it off with --no-cli-pager or an empty SVCCTL_PAGER.',
  '',
].join('\n');

describe('which pager', () => {
  it.each<[string, Record<string, string | undefined>, string]>([
    [
      'SVCCTL_PAGER first',
      { SVCCTL_PAGER: MARK('svcctl'), AWS_PAGER: MARK('aws'), PAGER: MARK('pager') },
      'svcctl "a"\n',
    ],
    ['then AWS_PAGER', { AWS_PAGER: MARK('aws'), PAGER: MARK('pager') }, 'aws "a"\n'],
    ['then PAGER', { PAGER: MARK('pager') }, 'pager "a"\n'],
    [
      'an empty value turns paging off, even with another one set after it',
      { SVCCTL_PAGER: '', AWS_PAGER: MARK('aws') },
      '"a"\n',
    ],
    ['a shell command line: pipes and quoting work', { SVCCTL_PAGER: `tr a b | ${MARK("'x'")}` }, 'x "b"\n'],
  ])('%s', async (_n, env, stdout) => {
    expect(await onTerminal(NAME, env)).toEqual({ code: 0, stdout, stderr: '' });
  });

  it('--no-cli-pager turns it off', async () => {
    expect(await onTerminal([...NAME, '--no-cli-pager'], { SVCCTL_PAGER: MARK('p') })).toEqual(ok('"a"\n'));
  });

  // Hostile pass 15b: `AWS_PAGER=' '` ran `sh -c ' '`, which reads nothing: the output was lost, exit 0.
  it.each<[string, Record<string, string | undefined>]>([
    ['a blank SVCCTL_PAGER', { SVCCTL_PAGER: ' \t', AWS_PAGER: MARK('aws') }],
    ['a blank AWS_PAGER', { AWS_PAGER: '  ' }],
    ['a blank PAGER', { PAGER: ' ' }],
  ])('%s turns paging off, as an empty one does: the output is printed', async (_n, env) => {
    expect(await onTerminal(NAME, env)).toEqual(ok('"a"\n'));
  });

  it('a blank MANPAGER or pager prints help as --no-cli-pager does', async () => {
    const help = ['create-repository', 'help'];
    const plain = await onTerminal([...help, '--no-cli-pager'], {});
    expect(plain.stdout.startsWith('NAME\n')).toBe(true);
    expect(await onTerminal(help, { MANPAGER: ' ', SVCCTL_PAGER: MARK('p') })).toEqual(plain);
    expect(await onTerminal(help, { SVCCTL_PAGER: ' ' })).toEqual(plain);
  });

  it('never when stdout is not a terminal', async () => {
    expect(await runTty(sb, NAME, { env: { SVCCTL_PAGER: MARK('p') } })).toEqual(ok('"a"\n'));
  });
});

describe('how the pager runs', () => {
  it('gets LESS=FRX unless LESS is set', async () => {
    const pager = { SVCCTL_PAGER: 'cat >/dev/null; echo "LESS=$LESS"' };
    expect((await onTerminal(NAME, pager)).stdout).toBe('LESS=FRX\n');
    expect((await onTerminal(NAME, { ...pager, LESS: 'S' })).stdout).toBe('LESS=S\n');
  });

  it('starts only when there is output: --output off starts no pager', async () => {
    expect(await onTerminal([...NAME, '--output', 'off'], { SVCCTL_PAGER: 'echo started' })).toEqual(ok());
  });

  /** Over 200 KB of output: more than a pipe and the stream's buffer hold, so writing has to wait. */
  async function bigListing(): Promise<string[]> {
    for (let i = 0; i < 12; i++) {
      const r = await sb.run([...createLaunchConfiguration(`big-${i}`), '--user-data', 'x'.repeat(15_000)]);
      expect(r.code).toBe(0);
    }
    return ['describe-launch-configurations', '--color', 'off', '--page-size', '3'];
  }

  it('reads everything, however slowly it starts reading (the output waits for it)', async () => {
    const argv = await bigListing();
    const plain = await sb.run(argv);
    expect(Buffer.byteLength(plain.stdout)).toBeGreaterThan(200_000);
    expect(await onTerminal(argv, { SVCCTL_PAGER: 'sleep 0.2; wc -c' })).toEqual(
      ok(`${Buffer.byteLength(plain.stdout)}\n`),
    );
    expect(await onTerminal([...argv, '--output', 'yaml'], { SVCCTL_PAGER: 'sleep 0.2; wc -c' })).toEqual(
      ok(`${Buffer.byteLength((await sb.run([...argv, '--output', 'yaml'])).stdout)}\n`),
    );
  });

  it('a pager that quits without reading ends the listing quietly', async () => {
    const argv = await bigListing();
    expect(await onTerminal(argv, { SVCCTL_PAGER: 'true' })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await onTerminal([...argv, '--output', 'text'], { SVCCTL_PAGER: 'head -c 5' })).toEqual(ok('LAUNC'));
  });

  it("leaves the exit code alone: the pager's own status does not count", async () => {
    expect(await onTerminal(NAME, { SVCCTL_PAGER: 'cat; exit 3' })).toEqual({ code: 0, stdout: '"a"\n', stderr: '' });
  });

  it("an error is reported on stderr, with the command's code", async () => {
    const r = await onTerminal(['create-repository', '--repository-name', 'A', '--color', 'off'], {
      SVCCTL_PAGER: MARK('p'),
    });
    expect(r).toEqual(
      failed(252, validationError('Invalid length for parameter repositoryName, value: 1, valid min length: 2')),
    );
  });

  it('a pager that cannot be started is a configuration error (253)', async () => {
    expect(await onTerminal(NAME, { SVCCTL_PAGER: 'exit 127' })).toEqual({ code: 253, stdout: '', stderr: FAILURE });
  });

  it('a pager the shell cannot read (an unclosed quote) is a configuration error (253), not output lost with 0', async () => {
    // Hostile pass 17c: AWS_PAGER="less 'x" printed the shell's syntax error and nothing else, exit 0; the AWS CLI
    // 2.9.19 says 'No closing quotation' (255).
    const r = await onTerminal(NAME, { SVCCTL_PAGER: "cat 'x" });
    expect([r.code, r.stdout]).toEqual([253, '']);
    // The shell's own line first (its words are the shell's: dash, bash), then svcctl's, whole.
    const failure = FAILURE.replace(
      'exit 127: the shell could not run it (exit 127)',
      "cat 'x: the shell could not read it (exit 2)",
    );
    expect(r.stderr).toMatch(/^\/bin\/sh: [^\n]+\n/);
    expect(r.stderr.slice(r.stderr.indexOf('\n') + 1)).toBe(failure);
  });
});
