/**
 * --cli-auto-prompt on a real terminal: the built CLI (`node bin/svcctl`, dist/ built by the global
 * setup) runs in a tmux pane; keys are sent as a person would type them, each after its prompt shows.
 * Every wait is bounded and fails with the pane's content. A private tmux socket is used and its server
 * is killed at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOCKET = `svcctl-prompt-test-${process.pid}`;
let dir: string;

const tmux = (...args: string[]) =>
  execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8', timeout: 10_000 });
const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-tmux-'));
});
afterAll(() => {
  try {
    tmux('kill-server');
  } catch {
    // no server left
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the command in a new 200x50 pane (no pager); the shell prints `[exit N]` after it and waits. */
function start(session: string, home: string, argv: string[]): void {
  const command =
    `cd ${quote(ROOT)} && env -i PATH=${quote(process.env.PATH ?? '/usr/bin:/bin')} TERM=xterm HOME=${quote(dir)} ` +
    `SVCCTL_HOME=${quote(home)} SVCCTL_PAGER= ${quote(process.execPath)} bin/svcctl ${argv.map(quote).join(' ')}; echo "[exit $?]"; sleep 120`;
  tmux('new-session', '-d', '-x', '200', '-y', '50', '-s', session, 'sh', '-c', command);
}

/** The pane's lines, wrapped lines joined (-J), trailing spaces dropped. */
const lines = (session: string) =>
  tmux('capture-pane', '-p', '-J', '-t', session)
    .split('\n')
    .map((l) => l.trimEnd());

/** Waits (at most `ms`) until the pane's last non-empty line satisfies `done`; returns the pane's lines. */
async function waitFor(session: string, done: (last: string) => boolean, what: string, ms = 10_000): Promise<string[]> {
  const until = Date.now() + ms;
  for (;;) {
    const pane = lines(session);
    const last = [...pane].reverse().find((l) => l !== '') ?? '';
    if (done(last)) return pane;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; the pane shows:\n${pane.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Answers each prompt (`name>`) in turn: waits for it, then types the answer and Enter. */
async function converse(session: string, exchange: Array<[string, string]>): Promise<void> {
  for (const [prompt, answer] of exchange) {
    await waitFor(session, (last) => last === `${prompt}>` || last.startsWith(`${prompt} [`), `the prompt ${prompt}>`);
    if (answer !== '') tmux('send-keys', '-t', session, '-l', answer);
    tmux('send-keys', '-t', session, 'Enter');
  }
}

describe('prompting in a terminal (tmux)', () => {
  let sb: Sandbox;
  beforeAll(() => {
    sb = sandbox();
  });
  afterAll(() => sb.cleanup());

  it('completes a create-repository session: a bad answer is asked again, then the command runs', async () => {
    start('repo', sb.env.SVCCTL_HOME!, [
      'create-repository',
      '--cli-auto-prompt',
      '--query',
      'repository.[repositoryName,imageTagMutability]',
      '--output',
      'text',
    ]);
    await converse('repo', [['repository-name', 'Team/App']]);
    await waitFor('repo', (last) => last === 'repository-name>', 'the question again after a bad answer');
    await converse('repo', [
      ['repository-name', 'team/app'],
      ['registry-id', ''],
      ['tags', 'Key=env,Value=prod'],
      ['image-tag-mutability', '2'],
      ['image-tag-mutability-exclusion-filters', ''],
      ['image-scanning-configuration', 'scanOnPush=true'],
      ['encryption-configuration', ''],
    ]);
    const pane = await waitFor('repo', (last) => last.startsWith('[exit '), 'the command to finish');
    expect(pane).toContain('repository-name> Team/App');
    expect(
      pane.some((l) => l.startsWith('  invalid value: repositoryName: Member must satisfy regular expression pattern')),
    ).toBe(true);
    expect(pane).toContain(
      '  choices: 1) MUTABLE  2) IMMUTABLE  3) IMMUTABLE_WITH_EXCLUSION  4) MUTABLE_WITH_EXCLUSION',
    );
    expect(pane).toContain(
      'Running: svcctl create-repository --repository-name team/app --tags Key=env,Value=prod --image-tag-mutability IMMUTABLE --image-scanning-configuration scanOnPush=true',
    );
    expect(pane.filter((l) => l !== '').slice(-2)).toEqual(['team/app        IMMUTABLE', '[exit 0]']);
    expect(
      await sb.run([
        'describe-repositories',
        '--query',
        'repositories[].[repositoryName, imageScanningConfiguration.scanOnPush]',
        '--output',
        'text',
      ]),
    ).toEqual({ code: 0, stdout: 'team/app\tTrue\n', stderr: '' });
  });

  it('completes an account-token create session with nested shorthand', async () => {
    start('token', sb.env.SVCCTL_HOME!, [
      'account-token',
      'create',
      '--cli-auto-prompt',
      '--query',
      '[object, used]',
      '--output',
      'json',
    ]);
    await converse('token', [
      ['contact-email', 'jenny@example.com'],
      ['contact-phone', ''],
      ['display-name', 'Jenny Rosen'],
      ['identity', 'entity_type=individual,attestations={terms_of_service={account={shown_and_accepted=true}}}'],
    ]);
    const pane = await waitFor('token', (last) => last.startsWith('[exit '), 'the command to finish');
    expect(pane).toContain(
      "Running: svcctl account-token create --contact-email jenny@example.com --display-name 'Jenny Rosen' " +
        "--identity 'entity_type=individual,attestations={terms_of_service={account={shown_and_accepted=true}}}'",
    );
    expect(pane.filter((l) => l !== '').slice(-5)).toEqual([
      '[',
      '    "v2.core.account_token",',
      '    false',
      ']',
      '[exit 0]',
    ]);
  });

  it('Ctrl-C at a prompt interrupts (exit 130) and runs nothing', async () => {
    const home = join(dir, 'interrupted');
    start('ctrlc', home, ['delete-launch-configuration', '--cli-auto-prompt']);
    await waitFor('ctrlc', (last) => last === 'launch-configuration-name>', 'the prompt');
    tmux('send-keys', '-t', 'ctrlc', 'C-c');
    const pane = await waitFor('ctrlc', (last) => last.startsWith('[exit '), 'the command to finish');
    expect(pane.filter((l) => l !== '').slice(-2)).toEqual(['launch-configuration-name>', '[exit 130]']);
    expect(
      execFileSync('sh', ['-c', `test -e ${quote(home)} && echo exists || echo absent`], { encoding: 'utf8' }),
    ).toBe('absent\n');
  });
});
