import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { userInfo } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, ok } from '../helpers/cli-results.js';
import { BIN } from '../peers/serve-process.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const NAME = ['create-repository', '--repository-name'];

function writeConfig(text: string): void {
  mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
  writeFileSync(join(sb.env.SVCCTL_HOME!, 'config'), text);
}

describe('the selected profile', () => {
  it.each([
    ['--profile', ['--profile', 'nope'], {}],
    ['SVCCTL_PROFILE', [], { SVCCTL_PROFILE: 'nope' }],
    ['AWS_PROFILE', [], { AWS_PROFILE: 'nope' }],
  ])('an unknown one named by %s is a configuration error (253)', async (_name, flags, env) => {
    writeConfig('[profile dev]\nregion = eu-west-1\n');
    const r = await sb.run([...NAME, 'ab', ...flags], { env });
    expect(r).toEqual(failed(253, '\nsvcctl: [ERROR]: The config profile (nope) could not be found\n'));
    expect(await sb.run(['configure', 'get', 'region', ...flags], { env })).toEqual(r);
  });

  it('may live in the AWS CLI files instead (its region then applies to both backends)', async () => {
    mkdirSync(join(sb.home, '.aws'), { recursive: true });
    writeFileSync(join(sb.home, '.aws', 'config'), '[profile work]\nregion = us-west-2\n');
    writeFileSync(join(sb.home, '.aws', 'credentials'), '[ci]\naws_access_key_id = x\n');
    const q = ['--query', 'repository.repositoryArn', '--output', 'text'];
    expect(await sb.run([...NAME, 'ab', ...q], { env: { AWS_PROFILE: 'work' } })).toEqual(
      ok('arn:aws:ecr:us-west-2:000000000000:repository/ab\n'),
    );
    expect(await sb.run([...NAME, 'cd', ...q, '--profile', 'ci'])).toEqual(
      ok('arn:aws:ecr:us-east-1:000000000000:repository/cd\n'),
    );
  });

  it('is looked for in the AWS CLI files where botocore reads them: a path with ~ or $VAR, an empty variable is no file, an unreadable file is no file (issue 44)', async () => {
    const q = ['--query', 'repository.repositoryArn', '--output', 'text'];
    mkdirSync(sb.home, { recursive: true });
    writeFileSync(join(sb.home, 'cfg'), '[profile work]\nregion = us-west-2\n');
    for (const [name, file] of [
      ['ab', '~/cfg'],
      ['cd', '$HOME/cfg'],
      ['ef', '${HOME}/cfg'],
      // Hostile pass 22b: ~NAME is the account NAME's home, as os.path.expanduser reads it (the AWS CLI 2.9.19
      // read '~root/../tmp/…/cfg'); svcctl read the text as a relative path, no file, and the profile was not found.
      ['kl', `~${userInfo().username}/${relative(userInfo().homedir, join(sb.home, 'cfg'))}`],
    ] as const) {
      expect(
        await sb.run([...NAME, name, ...q, '--profile', 'work'], { env: { AWS_CONFIG_FILE: file, HOME: sb.home } }),
      ).toEqual(ok(`arn:aws:ecr:us-west-2:000000000000:repository/${name}\n`));
    }
    // An account no one has keeps its ~NAME as written: no file.
    expect(
      await sb.run([...NAME, 'mn', '--profile', 'work'], { env: { AWS_CONFIG_FILE: '~no-such-account-22b/cfg' } }),
    ).toEqual(failed(253, '\nsvcctl: [ERROR]: The config profile (work) could not be found\n'));
    // AWS_CONFIG_FILE= names no file (botocore: ConfigNotFound), so the default file is not read either.
    mkdirSync(join(sb.home, '.aws'), { recursive: true });
    writeFileSync(join(sb.home, '.aws', 'config'), '[profile work]\nregion = us-west-2\n');
    const none = failed(253, '\nsvcctl: [ERROR]: The config profile (work) could not be found\n');
    expect(await sb.run([...NAME, 'gh', '--profile', 'work'], { env: { AWS_CONFIG_FILE: '' } })).toEqual(none);
    // A config file that cannot be read (here a directory) is no file, as configparser.read skips it: the
    // profile of the credentials file still works (the AWS CLI 2.9 exits 0 the same way).
    rmSync(join(sb.home, '.aws', 'config'));
    mkdirSync(join(sb.home, '.aws', 'config'));
    writeFileSync(join(sb.home, '.aws', 'credentials'), '[ci]\naws_access_key_id = x\n');
    expect(await sb.run([...NAME, 'ij', ...q, '--profile', 'ci'])).toEqual(
      ok('arn:aws:ecr:us-east-1:000000000000:repository/ij\n'),
    );
  });

  it("is named in ~/.aws/config's section headers as botocore names it: shlex words, text after the ] ignored, [ default ] no default (issue 44)", async () => {
    mkdirSync(join(sb.home, '.aws'), { recursive: true });
    const q = ['--query', 'repository.repositoryArn', '--output', 'text'];
    const arn = (region: string, name: string) => ok(`arn:aws:ecr:${region}:000000000000:repository/${name}\n`);
    const cases: Array<[string, string[], string]> = [
      ['[profile  two]\nregion = us-west-2\n', ['--profile', 'two'], 'us-west-2'],
      ['[profile\ttab]\nregion = us-west-2\n', ['--profile', 'tab'], 'us-west-2'],
      ['[profile "a b"]\nregion = us-west-2\n', ['--profile', 'a b'], 'us-west-2'],
      ["[profile 'q']\nregion = us-west-2\n", ['--profile', 'q'], 'us-west-2'],
      ['[default] (work laptop)\nregion = us-west-2\n', [], 'us-west-2'],
      ['[ default ]\nregion = us-west-2\n', [], 'us-east-1'],
    ];
    let n = 0;
    for (const [text, flags, region] of cases) {
      writeFileSync(join(sb.home, '.aws', 'config'), text);
      const name = `r${++n}`;
      expect(await sb.run([...NAME, name, ...q, ...flags])).toEqual(arn(region, name));
    }
    // Three words name no profile (botocore's _parse_section), as the AWS CLI 2.9 says.
    writeFileSync(join(sb.home, '.aws', 'config'), '[profile a b]\nregion = us-west-2\n');
    expect(await sb.run([...NAME, 'r9', '--profile', 'a b'])).toEqual(
      failed(253, '\nsvcctl: [ERROR]: The config profile (a b) could not be found\n'),
    );
  });

  // compat 433 (hostile pass 18c): svcctl's own file names a profile by the header's text after 'profile ', as
  // configure set writes it; the AWS CLI writes [profile 'a b'] and reads headers as shlex words.
  it("is named in svcctl's own config file by the text after 'profile ', as configure set writes it (compat 433)", async () => {
    expect(await sb.run(['configure', 'set', 'region', 'eu-west-2', '--profile', 'a b'])).toEqual(ok(''));
    writeFileSync(
      join(sb.env.SVCCTL_HOME!, 'config'),
      `${readFileSync(join(sb.env.SVCCTL_HOME!, 'config'), 'utf8')}\n[profile "c d"]\nregion = eu-west-3\n`,
    );
    expect(readFileSync(join(sb.env.SVCCTL_HOME!, 'config'), 'utf8')).toContain('[profile a b]\nregion = eu-west-2\n');
    expect(await sb.run(['configure', 'get', 'region', '--profile', 'a b'])).toEqual(ok('eu-west-2\n'));
    expect(await sb.run(['configure', 'get', 'region', '--profile', '"c d"'])).toEqual(ok('eu-west-3\n'));
    expect(await sb.run(['configure', 'get', 'region', '--profile', 'c d'])).toEqual(
      failed(253, '\nsvcctl: [ERROR]: The config profile (c d) could not be found\n'),
    );
  });

  it('AWS_DEFAULT_PROFILE names one after AWS_PROFILE, and an empty --profile names none, as in the AWS CLI (issue 44)', async () => {
    mkdirSync(join(sb.home, '.aws'), { recursive: true });
    writeFileSync(
      join(sb.home, '.aws', 'config'),
      '[profile work]\nregion = us-west-2\n[profile other]\nregion = eu-west-1\n',
    );
    const q = ['--query', 'repository.repositoryArn', '--output', 'text'];
    expect(await sb.run([...NAME, 'ab', ...q], { env: { AWS_DEFAULT_PROFILE: 'work' } })).toEqual(
      ok('arn:aws:ecr:us-west-2:000000000000:repository/ab\n'),
    );
    expect(await sb.run([...NAME, 'cd', ...q], { env: { AWS_DEFAULT_PROFILE: 'work', AWS_PROFILE: 'other' } })).toEqual(
      ok('arn:aws:ecr:eu-west-1:000000000000:repository/cd\n'),
    );
    expect(await sb.run([...NAME, 'ef'], { env: { AWS_DEFAULT_PROFILE: 'nope' } })).toEqual(
      failed(253, '\nsvcctl: [ERROR]: The config profile (nope) could not be found\n'),
    );
    // botocore sets the profile only for a non-empty --profile: '' leaves the variables' choice.
    expect(await sb.run([...NAME, 'gh', ...q, '--profile', ''], { env: { AWS_PROFILE: 'work' } })).toEqual(
      ok('arn:aws:ecr:us-west-2:000000000000:repository/gh\n'),
    );
    expect(await sb.run([...NAME, 'ij', ...q, '--profile', ''])).toEqual(
      ok('arn:aws:ecr:us-east-1:000000000000:repository/ij\n'),
    );
  });

  // compat 443 (hostile pass 22b): botocore refuses a named profile that no file has, default too ('The config
  // profile (default) could not be found', 255, 2.9.19 and 2.36); svcctl takes default, named or not.
  it('default needs no file (compat 443)', async () => {
    expect(await sb.run([...NAME, 'ab', '--profile', 'default', '--output', 'off'])).toEqual(ok(''));
    const q = ['--query', 'repository.repositoryArn', '--output', 'text'];
    expect(await sb.run([...NAME, 'cd', ...q], { env: { AWS_PROFILE: 'default' } })).toEqual(
      ok('arn:aws:ecr:us-east-1:000000000000:repository/cd\n'),
    );
  });

  it('fills in every global option that the flags and environment leave unset', async () => {
    writeConfig(
      [
        '[default]',
        'output = json',
        '[profile dev]',
        'output = text',
        'region = eu-west-1',
        'cli_error_format = json',
        'api_key = pk_live_abc123',
      ].join('\n'),
    );
    const dev = { SVCCTL_PROFILE: 'dev' };
    expect(await sb.run([...NAME, 'ab', '--query', 'repository.repositoryArn'], { env: dev })).toEqual(
      ok('arn:aws:ecr:eu-west-1:000000000000:repository/ab\n'),
    );
    expect(await sb.run([...NAME, 'ab'], { env: dev })).toEqual(
      failed(
        254,
        '{\n    "Message": "The repository with name \'ab\' already exists in the registry with id \'000000000000\'",\n    "Code": "RepositoryAlreadyExistsException",\n    "message": "The repository with name \'ab\' already exists in the registry with id \'000000000000\'"\n}\n',
      ),
    );
    expect(await sb.run(['account-token', 'create', '--query', 'livemode'], { env: dev })).toEqual(ok('True\n'));
  });

  it('loses to the environment, which loses to the flags', async () => {
    writeConfig('[default]\nregion = eu-west-1\noutput = text\n');
    const q = ['--query', 'repository.repositoryArn'];
    expect(await sb.run([...NAME, 'ab', ...q], { env: { AWS_REGION: 'ap-south-1' } })).toEqual(
      ok('arn:aws:ecr:ap-south-1:000000000000:repository/ab\n'),
    );
    expect(
      await sb.run([...NAME, 'cd', ...q, '--region', 'sa-east-1', '--output', 'json'], {
        env: { AWS_REGION: 'ap-south-1' },
      }),
    ).toEqual(ok('"arn:aws:ecr:sa-east-1:000000000000:repository/cd"\n'));
  });

  it('reads the API key from api_key_file', async () => {
    writeConfig('[default]\napi_key_file = ~/key\n');
    mkdirSync(sb.home, { recursive: true });
    writeFileSync(join(sb.home, 'key'), 'pk_live_fromfile\n');
    expect(await sb.run(['account-token', 'create', '--query', 'livemode'])).toEqual(ok('true\n'));
  });

  it('reports an api_key_file it cannot read (253) on the v2 commands, which send the key, and only there', async () => {
    writeConfig('[default]\napi_key_file = /nonexistent/key\n');
    expect(await sb.run(['account-token', 'create'])).toEqual(
      failed(
        253,
        '\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read the api_key_file (/nonexistent/key): [Errno 2] No such file or directory\n',
      ),
    );
    // Every command failed so (hostile pass 14b): an ECR read, and `configure set`, the command that mends it.
    expect(await sb.run(['describe-repositories'])).toEqual(ok('{\n    "repositories": []\n}\n'));
    expect(await sb.run(['configure', 'get', 'api_key_file'])).toEqual(ok('/nonexistent/key\n'));
    expect(await sb.run(['configure', 'set', 'api_key', 'sk_test_mended'])).toEqual(ok());
    expect(await sb.run(['account-token', 'create', '--query', 'livemode'])).toEqual(ok('false\n'));
  });

  it('refuses an api_key_file or a config file past 16 MiB at once, never reading a device without end (253, issue 44)', async () => {
    // A sparse file past the bound stands for /dev/zero, which was read until memory ran out (4.6 GB in 8 s).
    const big = join(sb.home, 'big');
    mkdirSync(sb.home, { recursive: true });
    writeFileSync(big, '');
    truncateSync(big, 16 * 1024 * 1024 + 1);
    writeConfig(`[default]\napi_key_file = ${big}\n`);
    expect(await sb.run(['account-token', 'create'])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read the api_key_file (${big}): [Errno 27] File too large\n`,
      ),
    );
    const config = join(sb.env.SVCCTL_HOME!, 'config');
    rmSync(config);
    symlinkSync(big, config);
    expect(await sb.run(['describe-repositories'])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read the config file (${config}): [Errno 27] File too large\n`,
      ),
    );
  });
});

describe('reading the config file', () => {
  it('does not happen for --version', async () => {
    mkdirSync(join(sb.env.SVCCTL_HOME!, 'config'), { recursive: true });
    const path = join(sb.env.SVCCTL_HOME!, 'config');
    expect(await sb.run([...NAME, 'ab'])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read the config file (${path}): [Errno 21] Is a directory\n`,
      ),
    );
    expect(await sb.run(['--version'])).toEqual(ok(`svcctl/0.1.0 node/${process.version} ${process.platform}\n`));
  });

  it('a FIFO there is refused at once, as a directory is: every command waited for a writer forever (siblings pass)', () => {
    const path = join(sb.env.SVCCTL_HOME!, 'config');
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
    expect(spawnSync('mkfifo', [path]).status).toBe(0);
    // A process of its own: opening a FIFO without a writer blocks the thread that opens it. The time-out only
    // ends a run that would otherwise never end; nothing is asserted about time.
    const run = spawnSync(process.execPath, [BIN, 'describe-repositories'], {
      env: { PATH: process.env.PATH ?? '', HOME: join(sb.env.SVCCTL_HOME!, '..'), ...sb.env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ code: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read the config file (${path}): it is a FIFO (named pipe), not a regular file\n`,
      ),
    );
    rmSync(path);
  });

  it('names a config file past 1,024 characters of path by its first 64 and its length, as every echoed path', () => {
    // Review 23r: the config file's errors printed its path whole, where every other file's errors cut it.
    const home = join(sb.env.SVCCTL_HOME!, ...Array.from({ length: 6 }, (_, i) => `${i}`.repeat(200)));
    const path = join(home, 'config');
    mkdirSync(home, { recursive: true });
    expect(spawnSync('mkfifo', [path]).status).toBe(0);
    const run = spawnSync(process.execPath, [BIN, 'describe-repositories'], {
      env: { PATH: process.env.PATH ?? '', HOME: join(sb.env.SVCCTL_HOME!, '..'), ...sb.env, SVCCTL_HOME: home },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ code: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read the config file (${path.slice(0, 64)}... (${path.length} characters)): it is a FIFO (named pipe), not a regular file\n`,
      ),
    );
    rmSync(path);
  });

  it('does not open the store for configure commands', async () => {
    await sb.run(['configure', 'list']);
    await sb.run(['configure', 'get', 'region']);
    expect(existsSync(join(sb.env.SVCCTL_HOME!))).toBe(false);
  });
});
