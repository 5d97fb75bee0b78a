/**
 * The completion scripts in real shells, calling a real build of svcctl on the PATH: bash (always),
 * zsh and fish (installed by .ci/run).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupCommands, topCommands } from '../helpers/registry.js';
import { freshBinAndHomeForFile } from './fresh-bin.js';

const fresh = freshBinAndHomeForFile('svcctl-shells-', { TERM: 'dumb' });
beforeAll(() => {
  mkdirSync(join(fresh.dir, 'work'));
  writeFileSync(join(fresh.dir, 'work', 'repo.json'), '{}');
});

/** The top-level commands starting with `prefix`, from the registry, one a line as a shell prints them. */
const commandsFrom = (prefix: string) =>
  `${topCommands()
    .filter((c) => c.startsWith(prefix))
    .join('\n')}\n`;

function shell(cmd: string, args: string[], path = fresh.env.PATH!): string {
  return execFileSync(cmd, args, {
    env: { ...fresh.env, PATH: path },
    cwd: join(fresh.dir, 'work'),
    encoding: 'utf8',
    timeout: 20_000,
  });
}

/**
 * Sources the bash script (printed by `printer`), sets COMP_* as readline would for `line`, calls the
 * function, prints COMPREPLY; PATH as given.
 */
function bash(line: string, printer = 'svcctl', path = fresh.env.PATH!): string {
  const script = [
    `source <(${printer} completion bash)`,
    `COMP_LINE=${JSON.stringify(line)}; COMP_POINT=\${#COMP_LINE}`,
    'read -r -a COMP_WORDS <<< "$COMP_LINE"; COMP_CWORD=${#COMP_WORDS[@]}',
    '_svcctl_complete',
    'printf "%s\\n" "${COMPREPLY[@]}"',
  ].join('\n');
  return shell('bash', ['--norc', '--noprofile', '-c', script], path);
}

describe('the script calls the svcctl on the PATH (issue 34, item 1)', () => {
  const printedBy = () => `${JSON.stringify(process.execPath)} ${JSON.stringify(join(fresh.bin.binDir, 'svcctl'))}`;

  it('a script printed by `node bin/svcctl` (as npx runs it) completes through whichever svcctl the PATH finds', () => {
    // Before, the script named node's and the install's paths, and broke silently once either moved.
    expect(bash('svcctl create-r', printedBy())).toBe(commandsFrom('create-r'));
  });

  it('without an svcctl on the PATH it completes nothing, quietly, as gh does', () => {
    expect(bash('svcctl create-r', printedBy(), process.env.PATH ?? '/usr/bin:/bin')).toBe('\n');
  });
});

describe('bash', () => {
  it('registers the completion function for svcctl', () => {
    expect(shell('bash', ['--norc', '--noprofile', '-c', 'source <(svcctl completion bash); complete -p svcctl'])).toBe(
      'complete -F _svcctl_complete svcctl\n',
    );
  });

  const cases: Array<[string, string, string]> = [
    ['commands', 'svcctl create-r', commandsFrom('create-r')],
    ['subcommands', 'svcctl autoscaling ', `${groupCommands('autoscaling').join('\n')}\n`],
    ['options', 'svcctl create-repository --image-scan', '--image-scanning-configuration\n'],
    ['an enum', 'svcctl create-repository --image-tag-mutability MUTABLE_', 'MUTABLE_WITH_EXCLUSION\n'],
    ['--output', 'svcctl describe-launch-configurations --output ta', 'table\n'],
    ['--cli-error-format', 'svcctl --cli-error-format j', 'json\n'],
    [
      'VolumeType inside shorthand',
      'svcctl create-launch-configuration --block-device-mappings DeviceName=/dev/xvda,Ebs={VolumeType=s',
      'standard\nst1\nsc1\n',
    ],
    ['a path after file://', 'svcctl create-repository --cli-input-json file://re', '//repo.json\n'],
  ];
  it.each(cases)('%s', (_name, line, expected) => {
    expect(bash(line)).toBe(expected);
  });

  it('a file name holding what bash reads (a space, quotes, $( ), a glob) is inserted escaped: the line names that file and runs nothing', () => {
    const names = ['sp ace.json', 'd$(touch pwned).json', `q"u'o.json`, 'g*[1].json', 'amp&semi;.json'];
    // In a folder of their own, outside the working directory that the other cases list.
    const odd = join(fresh.dir, 'odd');
    // A path bash reads as it is (mkdtemp's), so that only the names below need escapes.
    expect(/^[\w/.-]+$/.test(odd)).toBe(true);
    mkdirSync(odd, { recursive: true });
    for (const name of names) writeFileSync(join(odd, name), '{}');
    writeFileSync(join(odd, 'ctl\u001b[2J.json'), '{}');
    const line = `svcctl create-repository --cli-input-json file://${odd}/`;
    expect(bash(`${line}sp`)).toBe(`//${odd}/sp\\ ace.json\n`);
    expect(bash(`${line}d`)).toBe(`//${odd}/d\\$\\(touch\\ pwned\\).json\n`);
    expect(bash(`${line}q`)).toBe(`//${odd}/q\\"u\\'o.json\n`);
    expect(bash(`${line}g`)).toBe(`//${odd}/g\\*\\[1\\].json\n`);
    expect(bash(`${line}amp`)).toBe(`//${odd}/amp\\&semi\\;.json\n`);
    // A control character cannot be typed after a backslash: that name is not offered to bash.
    expect(bash(`${line}ctl`)).toBe('\n');
    // Each inserted word, read back by bash, is the file's own name.
    const back = shell('bash', ['--norc', '--noprofile', '-c', `printf '%s\\n' ${bash(`${line}d`).trim()}`]);
    expect(back).toBe(`//${odd}/d$(touch pwned).json\n`);
    expect(existsSync(join(fresh.dir, 'work', 'pwned'))).toBe(false);
  });

  it('does not open the store', () => {
    bash('svcctl create-r');
    expect(existsSync(fresh.env.SVCCTL_HOME!)).toBe(false);
  });
});

describe('zsh', () => {
  /** compadd replaced by a function that prints each candidate, and `(no space)` for those with -S ''. */
  function zsh(words: string[]): string {
    const script = [
      'compadd() { local s=0; while [[ $1 != -- ]]; do [[ $1 == -S ]] && s=1; shift; done; shift;',
      '  for c in "$@"; do if (( s )); then print -r -- "$c (no space)"; else print -r -- "$c"; fi; done }',
      'source <(svcctl completion zsh)',
      `words=(${words.map((w) => `'${w}'`).join(' ')}); CURRENT=${words.length}; PREFIX='${words.at(-1)}'`,
      '_svcctl',
    ].join('\n');
    return shell('zsh', ['-f', '-c', script]);
  }

  it('registers _svcctl with compinit', () => {
    const script = 'autoload -U compinit; compinit -u -D; source <(svcctl completion zsh); print -r -- $_comps[svcctl]';
    expect(shell('zsh', ['-f', '-c', script])).toBe('_svcctl\n');
  });

  it.each([
    ['commands', ['svcctl', 'describe-l'], commandsFrom('describe-l')],
    ['--color', ['svcctl', 'create-repository', '--color', ''], 'on\noff\nauto\n'],
    ['a path after file://', ['svcctl', 'create-repository', '--tags', 'file://'], 'file://repo.json\n'],
    [
      'a member, without a space after =',
      ['svcctl', 'create-repository', '--encryption-configuration', 'enc'],
      'encryptionType= (no space)\n',
    ],
    [
      'an enum inside shorthand',
      ['svcctl', 'create-repository', '--encryption-configuration', 'encryptionType=KMS'],
      'encryptionType=KMS\nencryptionType=KMS_DSSE\n',
    ],
  ] as Array<[string, string[], string]>)('%s', (_name, words, expected) => {
    expect(zsh(words)).toBe(expected);
  });
});

describe('fish', () => {
  function fish(line: string): string {
    return shell('fish', ['--no-config', '-c', `svcctl completion fish | source; complete -C ${JSON.stringify(line)}`]);
  }

  it.each([
    ['commands', 'svcctl meter', commandsFrom('meter')],
    ['an enum', 'svcctl create-repository --image-tag-mutability IMMUTABLE', 'IMMUTABLE\nIMMUTABLE_WITH_EXCLUSION\n'],
    ['--output', 'svcctl --output yaml', 'yaml\nyaml-stream\n'],
    ['configure keys', 'svcctl configure get service_', 'service_version\n'],
  ])('%s', (_name, line, expected) => {
    expect(fish(line)).toBe(expected);
  });
});
