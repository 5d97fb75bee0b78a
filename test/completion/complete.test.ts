import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { completionScript } from '../../src/completion/scripts.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, missingArgs, ok, paramError } from '../helpers/cli-results.js';
import { groupCommands, topCommands } from '../helpers/registry.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
  writeFileSync(join(sb.cwd, 'input.json'), '{}');
  mkdirSync(join(sb.cwd, 'sub'));
  writeFileSync(join(sb.cwd, 'sub', 'tags.json'), '[]');
});
afterEach(() => sb.cleanup());

const lines = (...c: string[]) => (c.length === 0 ? '' : `${c.join('\n')}\n`);
const LC = 'create-launch-configuration';
/** The top-level commands starting `cre`, from the registry (create-launch-configuration, create-repository...). */
const CRE = topCommands().filter((c) => c.startsWith('cre'));
const MUTABILITIES = ['MUTABLE', 'IMMUTABLE', 'IMMUTABLE_WITH_EXCLUSION', 'MUTABLE_WITH_EXCLUSION'];

describe('svcctl __complete: candidates from the models, one per line', () => {
  /** `__complete`'s arguments: the shell, then its words (zsh, fish) or the line up to the cursor (bash). */
  const zsh = (...words: string[]) => ['zsh', '--', ...words];
  const fish = (...words: string[]) => ['fish', '--', ...words];
  const bash = (line: string) => ['bash', '--', line];
  const cases: Array<[string, string[], string]> = [
    ['top-level commands by prefix', zsh('cre'), lines(...CRE)],
    ['commands of a group', zsh('ecr', ''), lines(...groupCommands('ecr'))],
    ['subcommands of a v2 group', fish('account-token', ''), lines(...groupCommands('account-token'))],
    ['no hidden commands', zsh('__'), ''],
    [
      'options of an operation',
      zsh('create-repository', '--image-tag'),
      lines('--image-tag-mutability', '--image-tag-mutability-exclusion-filters'),
    ],
    [
      'options already given are not offered again',
      zsh('create-repository', '--repository-name', 'ab', '--repository'),
      '',
    ],
    ['global options anywhere', zsh('create-repository', '--cli-e'), lines('--cli-error-format')],
    ['the enum of a member', zsh('create-repository', '--image-tag-mutability', ''), lines(...MUTABILITIES)],
    [
      'the enum of a member, by prefix',
      zsh('ecr', 'create-repository', '--image-tag-mutability', 'IMM'),
      lines('IMMUTABLE', 'IMMUTABLE_WITH_EXCLUSION'),
    ],
    ['--output values', zsh('--output', 'y'), lines('yaml', 'yaml-stream')],
    ['--color values', zsh('describe-launch-configurations', '--color', ''), lines('on', 'off', 'auto')],
    ['--cli-error-format values', zsh('--cli-error-format', 'e'), lines('enhanced')],
    [
      '--generate-cli-skeleton values',
      zsh('create-repository', '--generate-cli-skeleton', ''),
      lines('input', 'yaml-input', 'output'),
    ],
    [
      'a v2 enum inside shorthand',
      zsh('account-token', 'create', '--identity', 'entity_type=c'),
      lines('entity_type=company'),
    ],
    [
      'VolumeType inside shorthand',
      zsh(LC, '--block-device-mappings', 'DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=g'),
      lines(
        'DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=gp2',
        'DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=gp3',
      ),
    ],
    [
      'members inside a nested structure',
      zsh(LC, '--block-device-mappings', 'DeviceName=/dev/xvda,Ebs={VolumeSize=20,Vol'),
      lines('DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType='),
    ],
    [
      'the members of a structure option',
      zsh('create-repository', '--image-scanning-configuration', ''),
      lines('scanOnPush='),
    ],
    [
      'boolean values inside shorthand',
      zsh('create-repository', '--image-scanning-configuration', 'scanOnPush='),
      lines('scanOnPush=true', 'scanOnPush=false'),
    ],
    [
      'file paths after file://',
      zsh('create-repository', '--cli-input-json', 'file://'),
      lines('file://input.json', 'file://sub/'),
    ],
    ['file paths in a directory', zsh('create-repository', '--tags', 'fileb://sub/t'), lines('fileb://sub/tags.json')],
    ['the file:// schemes for a value', zsh('create-repository', '--tags', 'fi'), lines('file://', 'fileb://')],
    ['profiles', zsh('--profile', ''), lines('default')],
    ['completion shells', zsh('completion', ''), lines('bash', 'zsh', 'fish')],
    ['configure subcommands', zsh('configure', 'l'), lines('list', 'list-profiles')],
    ['configure set keys', zsh('configure', 'set', 'cli_e'), lines('cli_error_format')],
    ['configure set values', zsh('configure', 'set', 'color', ''), lines('on', 'off', 'auto')],
    ['bash: the line up to the cursor', bash('svcctl describe-launch'), lines('describe-launch-configurations')],
    [
      'bash: a new word after a space',
      bash('svcctl meter-event-adjustment '),
      lines(...groupCommands('meter-event-adjustment')),
    ],
    [
      'bash: only the part after the last = is replaced',
      bash(`svcctl ${LC} --block-device-mappings DeviceName=/dev/xvda,Ebs={VolumeType=g`),
      lines('gp2', 'gp3'),
    ],
    [
      'bash: only the part after file: is replaced',
      bash('svcctl create-repository --cli-input-yaml file://in'),
      lines('//input.json'),
    ],
    [
      'bash: quotes in the line',
      bash(`svcctl create-repository --repository-name 'a b' --image-tag-mutability M`),
      lines('MUTABLE', 'MUTABLE_WITH_EXCLUSION'),
    ],
    // Hostile pass 18c: '-- --rep' offered --repository-name, which the parser refuses after -- (252).
    ['no options after --, where every word is an argument', zsh('create-repository', '--', '--rep'), ''],
    ['no values of an option written after --', bash('svcctl create-repository -- --image-tag-mutability M'), ''],
    // Hostile pass 19b: 'ecr -- desc' offered nothing, where the parser runs 'svcctl ecr -- describe-repositories'
    // (0, as the AWS CLI does) and 'configure -- ' offered its commands: a command's name after -- is read as one.
    [
      'commands after --, as the parser reads them',
      fish('ecr', '--', 'desc'),
      lines('describe-image-scan-findings', 'describe-images', 'describe-repositories'),
    ],
    ['a command after --, and no options after it', bash('svcctl ecr -- describe-repositories --ma'), ''],
    ["a command's own arguments after --", zsh('configure', 'set', '--', 'regi'), lines('region')],
    // Hostile pass 21e: `--opt=value`, which the parser reads, offered nothing.
    [
      'a value after --opt= (zsh)',
      zsh('create-repository', '--image-tag-mutability=IMM'),
      lines('--image-tag-mutability=IMMUTABLE', '--image-tag-mutability=IMMUTABLE_WITH_EXCLUSION'),
    ],
    ['a value after --opt= (fish)', fish('--output=ta'), lines('--output=table')],
    ['a value after --opt= (bash, after its = word break)', bash('svcctl --output=ta'), lines('table')],
    [
      'shorthand after --opt=',
      bash('svcctl create-repository --image-scanning-configuration=scanOnPush=t'),
      lines('true'),
    ],
    [
      'nothing after a flag that takes no value, or no option, with =',
      bash('svcctl create-repository --no-paginate=x'),
      '',
    ],
    ['nothing after an unknown option with =', bash('svcctl create-repository --nosuch=x'), ''],
  ];
  it.each(cases)('%s', async (_name, args, stdout) => {
    expect(await sb.run(['__complete', ...args])).toEqual({ code: 0, stdout, stderr: '' });
    expect(existsSync(sb.env.SVCCTL_HOME!)).toBe(false);
  });

  it('offers the profiles of the config file', async () => {
    await sb.run(['configure', 'set', 'region', 'eu-west-1', '--profile', 'dev']);
    expect(await sb.run(['__complete', 'zsh', '--', 'create-repository', '--profile', ''])).toEqual(
      ok(lines('default', 'dev')),
    );
  });

  it("offers the profiles of the AWS CLI's config and credentials files too, which --profile takes", async () => {
    // Hostile pass 21e: only svcctl's own profiles were offered, though `--profile dev` runs with ~/.aws/config's dev.
    mkdirSync(join(sb.home, '.aws'), { recursive: true });
    writeFileSync(
      join(sb.home, '.aws', 'config'),
      '[profile dev]\nregion = eu-west-1\n[profile "c d"]\n[sso-session s]\n',
    );
    writeFileSync(join(sb.home, '.aws', 'credentials'), '[ci]\naws_access_key_id = a\n');
    await sb.run(['configure', 'set', 'region', 'eu-west-2', '--profile', 'own']);
    expect(await sb.run(['__complete', 'zsh', '--', 'create-repository', '--profile', ''])).toEqual(
      ok(lines('default', 'own', 'dev', 'c d', 'ci')),
    );
    expect(await sb.run(['__complete', 'bash', '--', 'svcctl create-repository --profile c'])).toEqual(
      ok(lines('c\\ d', 'ci')),
    );
  });

  it('works, and completion prints its script, when the config file holds a bad value (hostile pass 14b)', async () => {
    // Both exited 253 naming the line: the shell's TAB offered nothing, and the script could not be printed.
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
    writeFileSync(join(sb.env.SVCCTL_HOME!, 'config'), '[default]\noutput = xml\n');
    expect(await sb.run(['__complete', 'zsh', '--', 'cre'])).toEqual({ code: 0, stdout: lines(...CRE), stderr: '' });
    expect((await sb.run(['completion', 'bash'])).code).toBe(0);
    expect((await sb.run(['describe-repositories'])).code).toBe(253);
  });

  it('works whatever profile the environment selects', async () => {
    const r = await sb.run(['__complete', 'zsh', '--', 'cre'], { env: { AWS_PROFILE: 'nowhere' } });
    expect(r).toEqual({ code: 0, stdout: lines(...CRE), stderr: '' });
  });
});

describe('svcctl completion SHELL', () => {
  it.each([
    ['bash', '    COMPREPLY=($(command svcctl __complete bash -- "${COMP_LINE:0:COMP_POINT}" 2>/dev/null))'],
    ['zsh', '    candidates=($(command svcctl __complete zsh -- "${(@Q)words[2,CURRENT-1]}" "$current" 2>/dev/null))'],
    ['fish', '    command svcctl __complete fish -- $tokens[2..-1] "$current" 2>/dev/null'],
  ] as const)('prints the %s script, which asks svcctl for the candidates', async (shell, line) => {
    const r = await sb.run(['completion', shell]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout.split('\n')).toContain(line);
  });

  it('calls the svcctl on the PATH, never a path of node or of the install (issue 34, item 1)', () => {
    for (const shell of ['bash', 'zsh', 'fish'] as const) {
      const script = completionScript(shell);
      expect(script).toContain('command svcctl __complete');
      expect(script).not.toMatch(/\/(usr|home|root|tmp)\/|node /);
    }
  });

  it('needs a shell', async () => {
    expect(await sb.run(['completion'])).toEqual({ code: 252, stdout: '', stderr: missingArgs('shell') });
  });

  it('refuses other shells', async () => {
    expect(await sb.run(['completion', 'tcsh'])).toEqual(
      failed(252, paramError("argument shell: Found invalid choice 'tcsh'\n")),
    );
    // One wording for every invalid choice (issue 44, item 15), close matches included.
    expect(await sb.run(['completion', 'zshh'])).toEqual(
      failed(252, paramError("argument shell: Found invalid choice 'zshh'\n\nMaybe you meant:\n\n  * zsh")),
    );
  });
});
