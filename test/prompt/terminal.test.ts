/**
 * --cli-auto-prompt on a real terminal: the built CLI (`node bin/svcctl`, dist/ built by the global
 * setup) runs in a tmux pane; keys are sent as a person would type them, each after its prompt shows.
 * Every wait is bounded and fails with the pane's content. A private tmux socket is used and its server
 * is killed at the end.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { tmux } from '../helpers/tmux.js';

const term = tmux('prompt-test');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-tmux-'));
});
afterAll(() => {
  term.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the command in a new 200x50 pane (no pager); the shell prints `[exit N]` after it and waits. */
function start(session: string, home: string, argv: string[]): void {
  term.start(session, { HOME: dir, SVCCTL_HOME: home, SVCCTL_PAGER: '' }, argv);
}
const waitFor = term.waitFor;

/** Answers each prompt (`name>`) in turn: waits for it, then types the answer and Enter. */
async function converse(session: string, exchange: Array<[string, string]>): Promise<void> {
  for (const [prompt, answer] of exchange) {
    await waitFor(session, (last) => last === `${prompt}>` || last.startsWith(`${prompt} [`), `the prompt ${prompt}>`);
    term.type(session, answer);
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
    term.keys('ctrlc', 'C-c');
    const pane = await waitFor('ctrlc', (last) => last.startsWith('[exit '), 'the command to finish');
    expect(pane.filter((l) => l !== '').slice(-2)).toEqual(['launch-configuration-name>', '[exit 130]']);
    expect(existsSync(home), `${home} was not made`).toBe(false);
  });

  it('Ctrl-D at a prompt cancels (exit 252) at once and runs nothing (it used to hang after the error)', async () => {
    const home = join(dir, 'ended');
    start('ctrld', home, ['create-repository', '--cli-auto-prompt']);
    await converse('ctrld', [['repository-name', 'team/app']]);
    await waitFor('ctrld', (last) => last === 'registry-id>', 'the second prompt');
    term.keys('ctrld', 'C-d');
    const pane = await waitFor('ctrld', (last) => last.startsWith('[exit '), 'the command to finish');
    expect(pane.filter((l) => l !== '').slice(-3)).toEqual([
      'registry-id>',
      'svcctl: [ERROR]: An error occurred (ParamValidation): The prompt was cancelled: standard input ended.',
      '[exit 252]',
    ]);
    expect(existsSync(home), `${home} was not made`).toBe(false);
  });
});
