/**
 * Colour and the pager on a real terminal: the built CLI (`node bin/svcctl`, dist/ built by the global
 * setup) runs in a 120x40 tmux pane; the pane is read with capture-pane (-e keeps its colours). The same
 * commands piped into `cat` show neither. Every wait is bounded and fails with the pane's content; a
 * private tmux socket is used and its server is killed at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { AWS_ENV } from '../helpers/harness.js';
import { startInProcessServe } from '../helpers/in-process-serve.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOCKET = `svcctl-output-test-${process.pid}`;
const ESC = '\x1b[';
let dir: string;
let sb: Sandbox;
let sessions = 0;

const tmux = (...args: string[]) =>
  execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8', timeout: 10_000 });
const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-tmux-output-'));
  sb = sandbox();
  for (let i = 1; i <= 30; i++) await sb.run(createLaunchConfiguration(`lc-${String(i).padStart(2, '0')}`));
});
afterAll(() => {
  try {
    tmux('kill-server');
  } catch {
    // no server left
  }
  sb?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs `shellLine` (with `svcctl` meaning the built CLI) in a new pane, with only the environment given;
 * the shell prints `[exit N]` after it and waits. Returns the session's name.
 */
function start(shellLine: string, env: Record<string, string> = {}): string {
  const session = `s${++sessions}`;
  const vars = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    TERM: 'xterm-256color',
    HOME: dir,
    SVCCTL_HOME: sb.env.SVCCTL_HOME!,
    ...env,
  };
  const svcctl = `${quote(process.execPath)} bin/svcctl`;
  const exports = Object.entries(vars)
    .map(([k, v]) => `${k}=${quote(v)}`)
    .join(' ');
  const command = `cd ${quote(ROOT)} && export ${exports} && ${shellLine.replaceAll('svcctl', svcctl)}; echo "[exit $?]"; sleep 120`;
  tmux('new-session', '-d', '-x', '120', '-y', '40', '-s', session, 'env', '-i', 'sh', '-c', command);
  return session;
}

/** The pane's lines; with `escapes`, the colours as escape sequences too. */
const pane = (session: string, escapes = false) =>
  tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', session)
    .split('\n')
    .map((l) => l.trimEnd());

/** Waits (at most `ms`) until some line of the pane satisfies `done`; returns the pane's lines. */
async function waitFor(session: string, done: (line: string) => boolean, what: string, ms = 15_000): Promise<string[]> {
  const until = Date.now() + ms;
  for (;;) {
    const lines = pane(session);
    if (lines.some(done)) return lines;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; the pane shows:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
/** The shell's `[exit N]` (after a table it follows the last reset sequence on the same line). */
const finished = (session: string) => waitFor(session, (l) => l.includes('[exit '), 'the command to finish');

const NAME_QUERY = "--query 'LaunchConfigurations[0].{n: LaunchConfigurationName, e: EbsOptimized}'";

describe('colour on a terminal (--color auto)', () => {
  it('colours json keys and values on the terminal', async () => {
    const s = start(`svcctl describe-launch-configurations ${NAME_QUERY} --no-cli-pager`);
    await finished(s);
    const colored = pane(s, true).join('\n');
    expect(colored).toContain(`${ESC}1m${ESC}34m"n"`);
    expect(colored).toContain(`${ESC}32m"lc-01"`);
    expect(colored).toContain(`${ESC}33mfalse`);
    expect(pane(s).slice(0, 5)).toEqual(['{', '    "n": "lc-01",', '    "e": false', '}', '[exit 0]']);
  });

  it('prints no escape at all into a pipe', async () => {
    const s = start(`svcctl describe-launch-configurations ${NAME_QUERY} --no-cli-pager | cat -A`);
    await finished(s);
    expect(pane(s).slice(0, 5)).toEqual(['{$', '    "n": "lc-01",$', '    "e": false$', '}$', '[exit 0]']);
  });

  it('NO_COLOR and --color off leave the terminal plain', async () => {
    for (const [line, env] of [
      [`svcctl describe-launch-configurations ${NAME_QUERY} --no-cli-pager`, { NO_COLOR: '1' }],
      [`svcctl describe-launch-configurations ${NAME_QUERY} --no-cli-pager --color off`, {}],
    ] as const) {
      const s = start(line, env);
      await finished(s);
      expect(pane(s, true).join('\n')).not.toContain(ESC);
    }
  });

  it('a dumb terminal (TERM=dumb) stays plain: no coloured json, no red error (issue 25, item 19)', async () => {
    const out = start(`svcctl describe-launch-configurations ${NAME_QUERY} --no-cli-pager`, { TERM: 'dumb' });
    await finished(out);
    expect(pane(out, true).slice(0, 5)).toEqual(['{', '    "n": "lc-01",', '    "e": false', '}', '[exit 0]']);
    const err = start('svcctl create-repository --repository-name A', { TERM: 'dumb' });
    await finished(err);
    expect(pane(err, true).filter((l) => l !== '')).toEqual([
      'svcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:',
      'Invalid length for parameter repositoryName, value: 1, valid min length: 2',
      '[exit 252]',
    ]);
  });

  it('error messages in red on the terminal', async () => {
    const s = start('svcctl create-repository --repository-name A');
    await finished(s);
    expect(pane(s, true).join('\n')).toContain(
      `svcctl: [ERROR]: ${ESC}31mAn error occurred (ParamValidation): Parameter validation failed:`,
    );
    expect(pane(s).filter((l) => l !== '')).toEqual([
      'svcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:',
      'Invalid length for parameter repositoryName, value: 1, valid min length: 2',
      '[exit 252]',
    ]);
  });
});

describe('the pager on a terminal', () => {
  it("sends the output through SVCCTL_PAGER (cat -A shows each line end, and the table's colours as text)", async () => {
    const s = start(`svcctl describe-launch-configurations --output table ${NAME_QUERY}`, { SVCCTL_PAGER: 'cat -A' });
    await finished(s);
    expect(pane(s).slice(0, 8)).toEqual([
      '------------------------------$',
      '^[[0m^[[0m|DescribeLaunchConfigurations|^[[0m^[[0m$',
      '^[[0m^[[0m+-------------+--------------+^[[0m^[[0m$',
      '^[[0m^[[0m|      e      |      n       |^[[0m^[[0m$',
      '^[[0m^[[0m+-------------+--------------+^[[0m^[[0m$',
      '^[[0m^[[0m|  ^[[1m^[[34mFalse^[[0m      |  ^[[1m^[[34mlc-01^[[0m       |^[[0m^[[0m$',
      '^[[0m^[[0m+-------------+--------------+^[[0m^[[0m$',
      '^[[0m[exit 0]',
    ]);
  });

  it('no pager into a pipe, even with one configured', async () => {
    const s = start(`svcctl describe-launch-configurations ${NAME_QUERY} | cat`, { SVCCTL_PAGER: 'sed s/^/PAGED:/' });
    await finished(s);
    expect(pane(s).slice(0, 5)).toEqual(['{', '    "n": "lc-01",', '    "e": false', '}', '[exit 0]']);
  });

  it('runs less by default (LESS=FRX): a long listing waits for q, then the command ends', async () => {
    // 60 lines: one name or image per line, more than the pane's 40
    const s = start(
      "svcctl describe-launch-configurations --output text --query 'LaunchConfigurations[].[[LaunchConfigurationName], [ImageId]][]'",
    );
    const shown = await waitFor(s, (l) => l === ':', 'less to show its prompt');
    expect(shown.slice(0, 4)).toEqual(['lc-01', 'ami-1', 'lc-02', 'ami-1']);
    expect(shown.some((l) => l.includes('[exit '))).toBe(false);
    tmux('send-keys', '-t', s, 'q');
    const after = await finished(s);
    expect(after.filter((l) => l.includes('[exit '))).toEqual(['[exit 0]']);
  });

  it("the default pager is `less -R`: colours stay colours under a LESS of the user's without R (docs/compat.md #232)", async () => {
    // The AWS CLI's default is `less` (with LESS=FRX only when LESS is unset): under LESS=-i its colours
    // would show as text, as plain `less` shows svcctl's here.
    const byDefault = start(`svcctl describe-launch-configurations ${NAME_QUERY}`, { LESS: '-i' });
    const shown = await waitFor(byDefault, (l) => l === '(END)', 'less to reach the end');
    expect(shown.slice(0, 4)).toEqual(['{', '    "n": "lc-01",', '    "e": false', '}']);
    expect(pane(byDefault, true).join('\n')).toContain(`${ESC}32m"lc-01"`);
    tmux('send-keys', '-t', byDefault, 'q');
    expect((await finished(byDefault)).filter((l) => l.includes('[exit '))).toEqual(['[exit 0]']);

    const plainLess = start(`svcctl describe-launch-configurations ${NAME_QUERY}`, {
      LESS: '-i',
      SVCCTL_PAGER: 'less',
    });
    const raw = await waitFor(plainLess, (l) => l === '(END)', 'less to reach the end');
    expect(raw[1]).toBe('    ESC[1mESC[34m"n"ESC[39mESC[22m: ESC[32m"lc-01"ESC[39m,');
    tmux('send-keys', '-t', plainLess, 'q');
    await finished(plainLess);
  });

  it("svcctl's own listings (service journal, service resources) go through the pager on a terminal, as every other output", async () => {
    // Hostile pass 21e: they were printed past the pager, a 1000-entry journal flooding the terminal.
    const pager = { SVCCTL_PAGER: "sed -n 1,2p | sed 's/^/PAGED:/'", NO_COLOR: '1' };
    const journal = start('svcctl service journal --limit 1', pager);
    expect((await finished(journal)).filter((l) => l !== '')).toEqual([
      'PAGED:{',
      'PAGED:    "Entries": []',
      '[exit 0]',
    ]);
    const resources = start('svcctl service resources --output text', { ...pager, SVCCTL_PAGER: "sed 's/^/PAGED:/'" });
    const lines = (await finished(resources)).filter((l) => l !== '');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(0, -1).every((l) => l.startsWith('PAGED:'))).toBe(true);
    expect(lines.at(-1)).toBe('[exit 0]');
  });

  it('service journal --as-cli goes through the pager on a terminal, as the journal does', async () => {
    // It wrote its lines past the pager (left from hostile pass 21e).
    const serve = await startInProcessServe();
    try {
      const created = await serve.sb.run(
        ['--endpoint-url', serve.url, 'create-repository', '--repository-name', 'paged/one'],
        { env: AWS_ENV },
      );
      expect(created.code).toBe(0);
      const s = start(`svcctl --endpoint-url ${serve.url} service journal --as-cli`, {
        SVCCTL_PAGER: "sed 's/^/PAGED:/'",
      });
      expect((await finished(s)).filter((l) => l !== '')).toEqual([
        `PAGED:svcctl --endpoint-url ${serve.url} ecr create-repository --repository-name paged/one`,
        '[exit 0]',
      ]);
    } finally {
      await serve.close();
    }
  });

  it('help goes through the pager on a terminal, as the AWS CLI pages it; plain into a pipe (issue 19, item 21)', async () => {
    const pager = { SVCCTL_PAGER: "sed -n 1,2p | sed 's/^/PAGED:/'" };
    const paged = start('svcctl create-repository help', pager);
    expect((await finished(paged)).slice(0, 3)).toEqual([
      'PAGED:NAME',
      'PAGED:       create-repository - Creates an image repository.',
      '[exit 0]',
    ]);
    const manpager = start('svcctl help', { ...pager, MANPAGER: "sed -n 1p | sed 's/^/MAN:/'" });
    expect((await finished(manpager)).slice(0, 2)).toEqual(['MAN:NAME', '[exit 0]']);
    const piped = start('svcctl create-repository help | head -2', pager);
    expect((await finished(piped)).slice(0, 3)).toEqual([
      'NAME',
      '       create-repository - Creates an image repository.',
      '[exit 0]',
    ]);
    const off = start('svcctl create-repository --help --no-cli-pager', pager);
    const lines = await finished(off);
    expect(lines.some((l) => l.startsWith('PAGED:'))).toBe(false);
    expect(lines.filter((l) => l !== '').slice(-1)).toEqual(['[exit 0]']);
  });

  it('a pager that cannot be started: exit 253 and what to do', async () => {
    const s = start('svcctl describe-launch-configurations --output text', { SVCCTL_PAGER: 'no-such-pager' });
    const lines = (await finished(s)).filter((l) => l !== '');
    expect(lines.slice(-3)).toEqual([
      'Learn more about configuring the output pager with "svcctl configure list" (cli_pager), or turn it off with --no-cli-pag',
      'er or an empty SVCCTL_PAGER.',
      '[exit 253]',
    ]);
    expect(lines.join('')).toContain(
      'svcctl: [ERROR]: An error occurred (Pager): Unable to redirect output to pager. Received the following error when opening pager:',
    );
    expect(lines).toContain('no-such-pager: the shell could not run it (exit 127)');
  });

  it("help's MANPAGER that cannot be started names MANPAGER, not SVCCTL_PAGER, as the way to turn it off", async () => {
    const s = start('svcctl create-repository help', { SVCCTL_PAGER: '', MANPAGER: 'no-such-manpager' });
    const lines = (await finished(s)).filter((l) => l !== '');
    expect(lines.slice(-3)).toEqual([
      'no-such-manpager: the shell could not run it (exit 127)',
      'This pager is MANPAGER, which help reads before the output pager: turn it off with --no-cli-pager or an empty MANPAGER.',
      '[exit 253]',
    ]);
  });
});
