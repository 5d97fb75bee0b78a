/**
 * A region of no supported form is refused before any call, from the flag, the environment or the
 * endpoint path alike, in the AWS CLI 2.36's words, with the configuration exit code 253 (2.36: 255,
 * docs/compat.md #75; issue 19, item 6). An empty
 * --region is no region: the default applies.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, ok } from '../helpers/cli-results.js';
import { COUNT_REPOSITORIES } from '../helpers/command-argv.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const refused = (region: string) =>
  failed(253, `\nsvcctl: [ERROR]: Provided region_name '${region}' doesn't match a supported format.\n`);

describe('region names', () => {
  it.each(['us east/1', 'bad:region', 'us-east-1-', 'a'.repeat(64)])(
    '--region %j: refused (253), nothing stored',
    async (region) => {
      expect(await sb.run(['create-repository', '--repository-name', 'r/x', '--region', region])).toEqual(
        refused(region),
      );
      expect(await sb.run(COUNT_REPOSITORIES)).toEqual(ok('0\n'));
    },
  );

  it('from the environment too', async () => {
    expect(await sb.run(['describe-repositories'], { env: { AWS_REGION: 'x y' } })).toEqual(refused('x y'));
  });

  it('against an endpoint, before anything is sent', async () => {
    expect(
      await sb.run(['describe-repositories', '--endpoint-url', 'http://127.0.0.1:9', '--region', 'bad:region'], {
        env: { AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b' },
      }),
    ).toEqual(refused('bad:region'));
  });

  it("an empty --region is none: the default region's resources", async () => {
    expect(
      await sb.run([
        'create-repository',
        '--repository-name',
        'r/y',
        '--region',
        '',
        '--query',
        'repository.repositoryArn',
        '--output',
        'text',
      ]),
    ).toEqual(ok('arn:aws:ecr:us-east-1:000000000000:repository/r/y\n'));
  });
});

describe('one region order for both backends (issue 19, item 8)', () => {
  it("a profile's region in ~/.aws/config applies to the embedded backend too", async () => {
    mkdirSync(join(sb.home, '.aws'), { recursive: true });
    writeFileSync(join(sb.home, '.aws', 'config'), '[profile ap]\nregion = ap-south-1\n');
    const arn = ['--query', 'repository.repositoryArn', '--output', 'text'];
    expect(await sb.run(['create-repository', '--repository-name', 'r/ap', '--profile', 'ap', ...arn])).toEqual(
      ok('arn:aws:ecr:ap-south-1:000000000000:repository/r/ap\n'),
    );
    // the flag and the environment still come first
    expect(
      await sb.run([
        'create-repository',
        '--repository-name',
        'r/w',
        '--profile',
        'ap',
        '--region',
        'us-west-2',
        ...arn,
      ]),
    ).toEqual(ok('arn:aws:ecr:us-west-2:000000000000:repository/r/w\n'));
    expect(
      await sb.run(['create-repository', '--repository-name', 'r/e', '--profile', 'ap', ...arn], {
        env: { AWS_REGION: 'eu-west-1' },
      }),
    ).toEqual(ok('arn:aws:ecr:eu-west-1:000000000000:repository/r/e\n'));
  });
});

describe("the AWS CLI's config file, line by line as configparser reads it (issue 44)", () => {
  const arn = ['--query', 'repository.repositoryArn', '--output', 'text'];
  const awsConfig = (text: string) => {
    mkdirSync(join(sb.home, '.aws'), { recursive: true });
    writeFileSync(join(sb.home, '.aws', 'config'), text);
  };

  it('ends a line at CR, LF or CRLF (Python opens it with universal newlines; the AWS CLI 2.9 reads a CR-only file)', async () => {
    awsConfig('[default]\rregion = ap-south-1\r');
    expect(await sb.run(['create-repository', '--repository-name', 'r/cr', ...arn])).toEqual(
      ok('arn:aws:ecr:ap-south-1:000000000000:repository/r/cr\n'),
    );
  });

  // docs/compat.md #423: the AWS CLI (2.9.19 measured, configparser under both) keeps the byte order mark as
  // U+FEFF before the first section header and fails with ConfigParseError (255); svcctl drops it, as every
  // file it reads (#26), so that a file an editor saved with one still names its region.
  it('reads a file that begins with a UTF-8 byte order mark, dropping the mark (compat 423)', async () => {
    awsConfig('\ufeff[default]\nregion = ap-south-1\n');
    expect(await sb.run(['create-repository', '--repository-name', 'r/bom', ...arn])).toEqual(
      ok('arn:aws:ecr:ap-south-1:000000000000:repository/r/bom\n'),
    );
  });

  // Hostile pass 21b: configparser strips a line, key and value of Python's white space (str.isspace), which
  // is not JavaScript's trim(): U+FEFF is none (the AWS CLI 2.9.19 keeps it and refuses the region, 255), while
  // U+001C-U+001F and U+0085 are (it signs for eu-west-1). svcctl dropped the first and kept the others.
  it("strips a value of Python's white space, as configparser does: U+FEFF at its end is kept, U+0085 and U+001F dropped", async () => {
    awsConfig('[default]\nregion = eu-west-1\ufeff\n');
    expect(await sb.run(['create-repository', '--repository-name', 'r/feff'])).toEqual(refused('eu-west-1\ufeff'));
    for (const [end, name] of [
      ['\u0085', 'r/nel'],
      ['\u001f', 'r/us'],
      ['\u3000', 'r/ideo'],
    ] as const) {
      awsConfig(`[default]\nregion${end} = eu-west-1${end}\n`);
      expect(await sb.run(['create-repository', '--repository-name', name, ...arn])).toEqual(
        ok(`arn:aws:ecr:eu-west-1:000000000000:repository/${name}\n`),
      );
    }
  });

  it('continues a value on a more-indented line, and starts a setting on one indented no deeper (as the AWS CLI 2.9 reads them)', async () => {
    awsConfig('[default]\n  output = text\n  region = ap-south-1\n');
    expect(await sb.run(['create-repository', '--repository-name', 'r/in', ...arn])).toEqual(
      ok('arn:aws:ecr:ap-south-1:000000000000:repository/r/in\n'),
    );
    awsConfig('[default]\nregion = us-west-2\n  eu-west-1\n');
    expect(await sb.run(['create-repository', '--repository-name', 'r/two'])).toEqual(refused('us-west-2\neu-west-1'));
  });

  it('refuses a nested line without = (botocore: "Unable to parse config file"), where the value was read as empty', async () => {
    for (const text of ['[default]\ns3 =\n  x\n', '[default]\nregion =\n  eu-west-1\n']) {
      awsConfig(text);
      const line = text.split('\n')[2]!.trim();
      expect(await sb.run(['create-repository', '--repository-name', 'r/n'])).toEqual(
        failed(
          253,
          `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to parse config file: ${join(sb.home, '.aws', 'config')}, line 3: "${line}" is not a nested setting (key = value)\n`,
        ),
      );
    }
  });

  // Hostile pass 22b: `[DEFAULT]` then `[profile dev]`: the AWS CLI 2.9.19 calls eu-west-2 for --profile dev (configparser
  // gives [DEFAULT]'s keys to every section); svcctl called us-east-1. [DEFAULT] is no profile itself (255 / 253 for
  // --profile DEFAULT in both), and a key it sets twice is configparser's DuplicateOptionError.
  it("gives [DEFAULT]'s keys to every section that does not set them, as configparser does; [DEFAULT] names no profile", async () => {
    awsConfig('[DEFAULT]\nregion = eu-west-2\n[profile dev]\noutput = json\n[profile own]\nregion = ap-south-1\n');
    expect(await sb.run(['create-repository', '--repository-name', 'r/dev', '--profile', 'dev', ...arn])).toEqual(
      ok('arn:aws:ecr:eu-west-2:000000000000:repository/r/dev\n'),
    );
    expect(await sb.run(['create-repository', '--repository-name', 'r/own', '--profile', 'own', ...arn])).toEqual(
      ok('arn:aws:ecr:ap-south-1:000000000000:repository/r/own\n'),
    );
    expect(await sb.run(['create-repository', '--repository-name', 'r/D', '--profile', 'DEFAULT'])).toEqual(
      failed(253, '\nsvcctl: [ERROR]: The config profile (DEFAULT) could not be found\n'),
    );
    awsConfig('[DEFAULT]\nregion = eu-west-2\n[default]\n[DEFAULT]\nregion = eu-west-1\n');
    expect(await sb.run(['create-repository', '--repository-name', 'r/two'])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to parse config file: ${join(sb.home, '.aws', 'config')}, line 5: option 'region' in section 'DEFAULT' already exists (first at line 2)\n`,
      ),
    );
  });

  it('reads only a regular file, as botocore (os.path.isfile): a FIFO is no file, never waited on (issue 44)', async () => {
    mkdirSync(join(sb.home, '.aws'), { recursive: true });
    const fifo = join(sb.home, '.aws', 'config');
    execFileSync('mkfifo', [fifo]);
    // A writer waits on the FIFO (again after each read): were it read, its region would apply; without a writer
    // the read would hang.
    const writer = spawn('sh', ['-c', `while :; do printf '[default]\\nregion = ap-south-1\\n' > '${fifo}'; done`], {
      stdio: 'ignore',
    });
    try {
      expect(await sb.run(['create-repository', '--repository-name', 'r/fifo', ...arn])).toEqual(
        ok('arn:aws:ecr:us-east-1:000000000000:repository/r/fifo\n'),
      );
    } finally {
      writer.kill();
    }
  });
});
