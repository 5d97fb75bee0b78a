/**
 * Completion inside quotes in real interactive shells (issue 34, item 1): bash, zsh and fish in tmux, the
 * completion script loaded as the docs say, a real build of svcctl on the PATH. After an opening quote, enum
 * values and shorthand members and values complete, and what was typed is kept (bash turned
 * `'scanOnPush=t<Tab>` into `'true'`; zsh and fish completed nothing there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tmux, tmux } from '../helpers/tmux.js';
import { freshBinAndHomeForFile } from './fresh-bin.js';

const fresh = freshBinAndHomeForFile('svcctl-quotes-');
let term: Tmux;
beforeAll(() => {
  term = tmux('quotes');
});
afterAll(() => term?.close());

const PROMPT = 'READY> ';

/** Each shell, started bare, with the completion loaded as the docs say and a plain prompt. */
const SHELLS = {
  bash: {
    argv: ['bash', '--norc', '--noprofile', '-i'],
    setup: `source <(svcctl completion bash); PS1='${PROMPT}'`,
  },
  zsh: {
    argv: ['zsh', '-f', '-i'],
    setup: `autoload -U compinit && compinit -u; source <(svcctl completion zsh); PS1='${PROMPT}'`,
  },
  fish: {
    argv: ['fish', '--no-config', '-i'],
    setup: `svcctl completion fish | source; function fish_prompt; printf '${PROMPT}'; end`,
  },
} as const;

type ShellName = keyof typeof SHELLS;
const started = new Set<ShellName>();

/** Types `line`, presses Tab `tabs` times, and returns the command line as the shell then shows it. */
async function tab(shell: ShellName, line: string, tabs = 1): Promise<string> {
  if (!started.has(shell)) {
    term.spawn(shell, fresh.env, [...SHELLS[shell].argv]);
    term.keys(shell, SHELLS[shell].setup, true);
    term.keys(shell, 'Enter');
    await term.waitFor(shell, (last) => last === PROMPT.trimEnd(), `${shell}'s prompt`);
    term.keys(shell, 'C-l');
    started.add(shell);
  }
  term.keys(shell, 'C-u');
  term.keys(shell, 'C-l');
  term.keys(shell, line, true);
  const promptLine = () =>
    [...term.lines(shell)]
      .reverse()
      .find((l) => l.startsWith(PROMPT))
      ?.slice(PROMPT.length);
  await term.waitFor(shell, () => promptLine() === line, `${shell} to echo the line`);
  let shown = line;
  for (let i = 0; i < tabs; i++) {
    term.keys(shell, 'Tab');
    // The line changes once completion has run: wait for that (bounded); a list may appear below it.
    const before = shown;
    await term.waitFor(shell, () => promptLine() !== before, `${shell} to complete ${JSON.stringify(line)}`);
    shown = promptLine()!;
  }
  return shown;
}

const REPO = "svcctl create-repository --repository-name team/app --image-scanning-configuration 'scanOnPush=t";
const BDM = "svcctl create-launch-configuration --block-device-mappings 'DeviceName=/dev/xvda,Ebs={VolumeType=g";
const BDM_UNQUOTED =
  'svcctl create-launch-configuration --block-device-mappings DeviceName=/dev/xvda,Ebs={VolumeType=g';
const ENUM = "svcctl create-repository --repository-name team/app --image-tag-mutability 'IMM";

describe.each(Object.keys(SHELLS) as ShellName[])('%s', (shell) => {
  it('completes a shorthand value inside quotes and keeps the member typed before it', async () => {
    // Each shell closes the quote after the one candidate.
    expect(await tab(shell, REPO)).toBe(`${REPO}rue'`);
  });

  it('completes inside the {…} of a quoted block device mapping, keeping the whole word', async () => {
    expect(await tab(shell, BDM)).toBe(`${BDM}p`);
  });

  it('completes inside the {…} of an unquoted block device mapping too (issue 44, item 15)', async () => {
    // zsh read the `{` as the start of a brace expansion and completed nothing; bash and fish did. zsh now
    // completes, and writes the comma before the brace as \, (the same word to the shell: its own quoting).
    const typed = shell === 'zsh' ? BDM_UNQUOTED.replace('xvda,', 'xvda\\,') : BDM_UNQUOTED;
    expect(await tab(shell, BDM_UNQUOTED)).toBe(`${typed}p`);
  });

  it('completes an enum value after an opening quote', async () => {
    expect(await tab(shell, ENUM)).toBe(`${ENUM}UTABLE`);
  });
});
