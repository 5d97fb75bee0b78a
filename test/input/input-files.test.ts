/**
 * file:// (UTF-8 text) and fileb:// (raw bytes) for any parameter value, and --cli-binary-format.
 * Unreadable files are parameter errors (252) worded as the AWS CLI's, with no backend call.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { storeEnv } from '../helpers/store.js';
import { BIN } from '../peers/serve-process.js';
import { failed, ok, paramfileError, parseError, paramError } from '../helpers/cli-results.js';
import { queryLaunchConfigurations } from '../helpers/command-argv.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { createAdjustment } from '../helpers/stripe-v2.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
  mkdirSync(join(sb.cwd, 'dir'));
});
afterEach(() => sb.cleanup());

const untouched = () => expect(existsSync(sb.env.SVCCTL_HOME!)).toBe(false);
const file = (name: string, content: string | Uint8Array) => writeFileSync(join(sb.cwd, name), content);
const lc = (name: string, ...args: string[]) => sb.run([...createLaunchConfiguration(name), ...args]);
const userData = async () =>
  (await sb.run(queryLaunchConfigurations('LaunchConfigurations[].UserData', 'text'))).stdout;

describe('file:// and fileb://', () => {
  it('read any parameter from a file: a string, shorthand, JSON, a list, an integer, a v2 structure', async () => {
    file('name.txt', 'team/app');
    file('tags.txt', 'Key=env,Value=prod');
    file('scan.json', '{"scanOnPush": true}');
    const r = await sb.run([
      'create-repository',
      '--repository-name',
      'file://name.txt',
      '--tags',
      'file://tags.txt',
      '--image-scanning-configuration',
      'file://scan.json',
      '--query',
      'repository.[repositoryName, imageScanningConfiguration.scanOnPush]',
      '--output',
      'text',
    ]);
    expect(r).toEqual(ok('team/app\tTrue\n'));
    file('groups.json', '["sg-1", "sg-2"]');
    expect(await lc('web', '--security-groups', 'file://groups.json')).toEqual(ok());
    file('two', '2');
    expect(
      await sb.run([
        'describe-launch-configurations',
        '--no-paginate',
        '--max-records',
        'file://two',
        '--query',
        'LaunchConfigurations[0].SecurityGroups',
        '--output',
        'text',
      ]),
    ).toEqual(ok('sg-1\tsg-2\n'));
    file('identity.json', '{"entity_type": "individual"}');
    expect(
      await sb.run(['account-token', 'create', '--identity', 'file://identity.json', '--query', 'object']),
    ).toEqual(ok('"v2.core.account_token"\n'));
  });

  it('load each word of a list given as several words', async () => {
    file('a', 'sg-a');
    file('b', 'sg-b');
    expect(await lc('web', '--security-groups', 'file://a', 'file://b', 'sg-c')).toEqual(ok());
    expect((await sb.run(queryLaunchConfigurations('LaunchConfigurations[0].SecurityGroups', 'text'))).stdout).toBe(
      'sg-a\tsg-b\tsg-c\n',
    );
  });

  it("load a list's one file:// word as one item (compat 440)", async () => {
    // The AWS CLI 2.9.19 makes the file's text the whole value: --security-groups sends sg-1's characters
    // (s, g, -, 1), --tags refuses a structure where a list goes (252). svcctl: one group, one tag.
    file('sg.txt', 'sg-1');
    file('tags.txt', 'Key=k,Value=v');
    expect(await lc('web', '--security-groups', 'file://sg.txt')).toEqual(ok());
    expect((await sb.run(queryLaunchConfigurations('LaunchConfigurations[0].SecurityGroups', 'json'))).stdout).toBe(
      '[\n    "sg-1"\n]\n',
    );
    const arn = 'arn:aws:ecr:us-east-1:000000000000:repository/tagged';
    expect(
      await sb.run([
        'create-repository',
        '--repository-name',
        'tagged',
        '--tags',
        'file://tags.txt',
        '--query',
        'repository.repositoryName',
      ]),
    ).toEqual(ok('"tagged"\n'));
    expect(
      await sb.run(['list-tags-for-resource', '--resource-arn', arn, '--query', 'tags', '--output', 'text']),
    ).toEqual(ok('k\tv\n'));
  });

  it('expand ~ and $VARIABLES in the path, as the AWS CLI does', async () => {
    mkdirSync(sb.home, { recursive: true });
    writeFileSync(join(sb.home, 'name.txt'), 'from-home');
    file('dir/name.txt', 'from-var');
    const q = ['--query', 'repository.repositoryName'];
    expect(await sb.run(['create-repository', '--repository-name', 'file://~/name.txt', ...q])).toEqual(
      ok('"from-home"\n'),
    );
    expect(
      await sb.run(['create-repository', '--repository-name', 'file://${WHERE}/name.txt', ...q], {
        env: { WHERE: join(sb.cwd, 'dir') },
      }),
    ).toEqual(ok('"from-var"\n'));
  });

  it('file:// reads text with universal newlines and no byte order mark; fileb:// reads raw bytes', async () => {
    file('crlf.sh', '\ufeff#!/bin/sh\r\necho hi\r\n');
    file('raw.bin', new Uint8Array([0xff, 0xfe, 0x00, 0x0d, 0x0a]));
    expect(await lc('a', '--user-data', 'file://crlf.sh')).toEqual(ok());
    expect(await lc('b', '--user-data', 'fileb://raw.bin')).toEqual(ok());
    expect(await lc('c', '--user-data', 'fileb://crlf.sh')).toEqual(ok());
    const text = Buffer.from('#!/bin/sh\necho hi\n').toString('base64');
    const raw = Buffer.from([0xff, 0xfe, 0x00, 0x0d, 0x0a]).toString('base64');
    const bytes = Buffer.from('\ufeff#!/bin/sh\r\necho hi\r\n').toString('base64');
    // UserData is base64-encoded exactly once, whatever it was read as.
    expect(await userData()).toBe(`${text}\t${raw}\t${bytes}\n`);
  });

  const refused: Array<[string, string[], string]> = [
    ['a missing file', ['--repository-name', 'file://nope'], paramfileError('--repository-name', 'file://nope', 2)],
    ['a missing binary file', ['--tags', 'fileb://nope.bin'], paramfileError('--tags', 'fileb://nope.bin', 2)],
    ['a directory', ['--tags', 'file://dir'], paramfileError('--tags', 'file://dir', 21)],
    [
      'a path through a file',
      ['--repository-name', 'file://plain.txt/x'],
      paramfileError('--repository-name', 'file://plain.txt/x', 20),
    ],
    [
      'text that is not UTF-8',
      ['--repository-name', 'file://latin1.txt'],
      parseError(
        '--repository-name',
        'Unable to load paramfile (latin1.txt), text contents could not be decoded.  If this is a binary file, please use the fileb:// prefix instead of the file:// prefix.',
      ),
    ],
    [
      'fileb:// for a text parameter',
      ['--repository-name', 'fileb://plain.txt'],
      parseError('--repository-name', 'fileb:// reads binary data, but this parameter takes text: use file:// instead'),
    ],
    [
      'a file holding bad shorthand',
      ['--repository-name', 'ab', '--tags', 'file://badtags.txt'],
      parseError('--tags', "Expected: '=', received: 'EOF' for input:\n Key\n   ^"),
    ],
  ];
  it('read file:// text as UTF-8 whatever AWS_CLI_FILE_ENCODING says (compat #389)', async () => {
    file('latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
    expect(
      await sb.run(['create-repository', '--repository-name', 'file://latin1.txt'], {
        env: { AWS_CLI_FILE_ENCODING: 'latin-1' },
      }),
    ).toEqual(
      failed(
        252,
        parseError(
          '--repository-name',
          'Unable to load paramfile (latin1.txt), text contents could not be decoded.  If this is a binary file, please use the fileb:// prefix instead of the file:// prefix.',
        ),
      ),
    );
    untouched();
  });

  it.each(refused)('refuse %s (252, nothing stored)', async (_name, args, stderr) => {
    file('plain.txt', 'ab');
    file('latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
    file('badtags.txt', 'Key');
    const argv = args.includes('--repository-name') ? args : ['--repository-name', 'ab', ...args];
    expect(await sb.run(['create-repository', ...argv])).toEqual(failed(252, stderr));
    untouched();
  });

  it('refuse a missing file for a v2 command and for an autoscaling list (252)', async () => {
    expect(await sb.run(createAdjustment('e', '--cancel', 'file://cancel.json'))).toEqual(
      failed(252, paramfileError('--cancel', 'file://cancel.json', 2)),
    );
    expect(await sb.run(['describe-launch-configurations', '--launch-configuration-names', 'file://dir'])).toEqual(
      failed(252, paramfileError('--launch-configuration-names', 'file://dir', 21)),
    );
    untouched();
  });
});

describe('--cli-input-json/yaml file:///dev/stdin, a pipe (compat 391)', () => {
  // Hostile pass 17c: the AWS CLI 2.9.19 parses its arguments twice and reads the file each time: the second read
  // finds the pipe drained ('Invalid JSON received.', 'expecting map, received NoneType', 252). svcctl reads once.
  it.each([
    ['--cli-input-json', '{"repositoryName": "from-pipe"}'],
    ['--cli-input-yaml', 'repositoryName: from-pipe\n'],
  ])('%s takes the document piped in', (flag, doc) => {
    // A pipe, as a shell makes it (node's own child stdin is a socket, which /dev/stdin cannot open: ENXIO).
    const r = spawnSync(
      'sh',
      [
        '-c',
        'printf %s "$1" | exec "$2" "$3" ecr create-repository "$4" file:///dev/stdin --query repository.repositoryName',
        'sh',
        doc,
        process.execPath,
        BIN,
        flag,
      ],
      {
        cwd: sb.cwd,
        env: { PATH: process.env.PATH ?? '', SVCCTL_HOME: sb.env.SVCCTL_HOME, ...storeEnv() },
        encoding: 'utf8',
      },
    );
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '"from-pipe"\n', '']);
  });
});

describe('--cli-binary-format', () => {
  it('changes nothing for UserData, text the client base64-encodes once either way', async () => {
    expect(await lc('a', '--user-data', 'hi', '--cli-binary-format', 'base64')).toEqual(ok());
    expect(await lc('b', '--user-data', 'hi', '--cli-binary-format', 'raw-in-base64-out')).toEqual(ok());
    expect(await userData()).toBe('aGk=\taGk=\n');
  });

  it('reads a blob member (UploadLayerPart layerPartBlob) as base64, or with raw-in-base64-out as the text itself', async () => {
    expect((await sb.run(['create-repository', '--repository-name', 'bin/one'])).code).toBe(0);
    const started = await sb.run([
      'initiate-layer-upload',
      '--repository-name',
      'bin/one',
      '--query',
      'uploadId',
      '--output',
      'text',
    ]);
    const uploadId = started.stdout.trim();
    const part = (first: number, last: number, blob: string, ...more: string[]) =>
      sb.run([
        'upload-layer-part',
        ...['--repository-name', 'bin/one', '--upload-id', uploadId],
        ...['--part-first-byte', String(first), '--part-last-byte', String(last), '--layer-part-blob', blob],
        ...['--query', 'lastByteReceived', '--output', 'text'],
        ...more,
      ]);
    // "aGVsbG8=" read as base64 is "hello", 5 bytes, where the part names 3: the default reads base64.
    expect((await part(0, 2, 'aGVsbG8=')).code).toBe(254);
    expect(await part(0, 4, 'hello', '--cli-binary-format', 'raw-in-base64-out')).toEqual(ok('4\n'));
    expect(await part(5, 9, 'd29ybGQ=')).toEqual(ok('9\n'));
    expect(await part(10, 17, 'd29ybGQ=', '--cli-binary-format', 'raw-in-base64-out')).toEqual(ok('17\n'));
  });

  it('refuses blob text that is not base64, as the AWS CLI does, and sends nothing (252)', async () => {
    // Node's decoder would take "hello" as 3 bytes and "aGk" as "hi"; Python's, which the AWS CLI 2.9.19
    // uses, refuses both ('Invalid base64: "hello"', exit 255), and takes what it skips (a space, a '!').
    expect((await sb.run(['create-repository', '--repository-name', 'bin/two'])).code).toBe(0);
    const uploadId = (
      await sb.run(['initiate-layer-upload', '--repository-name', 'bin/two', '--query', 'uploadId', '--output', 'text'])
    ).stdout.trim();
    const part = (first: number, last: number, blob: string, ...more: string[]) =>
      sb.run([
        'upload-layer-part',
        ...['--repository-name', 'bin/two', '--upload-id', uploadId],
        ...['--part-first-byte', String(first), '--part-last-byte', String(last), '--layer-part-blob', blob],
        ...['--query', 'lastByteReceived', '--output', 'text'],
        ...more,
      ]);
    const invalid = (text: string) =>
      failed(252, parseError('--layer-part-blob', `Invalid base64: ${JSON.stringify(text)}`));
    expect(await part(0, 2, 'hello')).toEqual(invalid('hello'));
    expect(await part(0, 1, 'aGk')).toEqual(invalid('aGk'));
    expect(await part(0, 1, 'YQ=')).toEqual(invalid('YQ='));
    expect(await part(0, 1, 'héllo')).toEqual(invalid('héllo'));
    // Nothing was sent: the upload still starts at byte 0, and Python's skipped characters are skipped.
    expect(await part(0, 1, 'aG k=!')).toEqual(ok('1\n'));
    expect(await part(2, 2, 'YQ==YQ==')).toEqual(ok('2\n'));
    expect(await part(3, 5, 'aGk', '--cli-binary-format', 'raw-in-base64-out')).toEqual(ok('5\n'));
  });

  it('refuses another value with the choices (252)', async () => {
    expect(await sb.run(['create-repository', '--repository-name', 'ab', '--cli-binary-format', 'raw'])).toEqual(
      failed(252, paramError("argument --cli-binary-format: Found invalid choice 'raw'\n")),
    );
    untouched();
  });
});

describe('the bound on file:// and fileb:// reads (issue 25, item 11)', () => {
  const tooLarge = (flag: string, value: string) =>
    failed(
      252,
      parseError(
        flag,
        `Unable to load paramfile ${value}: it is larger than 16 MiB (16777216 bytes), the most svcctl reads from a file`,
      ),
    );

  it('stops reading a device without end at 16 MiB (252), for file:// and fileb://', async () => {
    expect(await sb.run(['create-repository', '--cli-input-json', 'file:///dev/zero'])).toEqual(
      tooLarge('--cli-input-json', 'file:///dev/zero'),
    );
    expect(await lc('web', '--user-data', 'fileb:///dev/zero')).toEqual(tooLarge('--user-data', 'fileb:///dev/zero'));
    untouched();
  });

  it('stops reading a FIFO whose writer never ends', async () => {
    const fifo = join(sb.cwd, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', 'yes > fifo'], { cwd: sb.cwd, stdio: 'ignore' });
    const ended = new Promise((done) => writer.on('exit', done));
    try {
      expect(await sb.run(['create-repository', '--cli-input-yaml', 'file://fifo'])).toEqual(
        tooLarge('--cli-input-yaml', 'file://fifo'),
      );
    } finally {
      writer.kill();
      await ended;
    }
    untouched();
  });

  // Hostile pass 16a: waiting in open(2) for a FIFO's writer, svcctl went on waiting through SIGTERM (its handler
  // cannot run while the main thread waits); the AWS CLI 2.9.19 was ended by it. Each of these reads waits so.
  it.each([
    [['ecr', 'describe-repositories', '--cli-input-json', 'file://fifo'], 'SIGTERM'],
    [['store', 'import', '--file', 'fifo'], 'SIGINT'],
    [['serve', '--port', '0', '--store', 'memory', '--settings', 'fifo'], 'SIGTERM'],
  ] as const)("%j waiting for a FIFO's writer is ended by %s", async (args, signal) => {
    const fifo = join(sb.cwd, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: sb.cwd,
      env: { PATH: process.env.PATH ?? '', SVCCTL_HOME: sb.env.SVCCTL_HOME },
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, sig) => done(sig)));
    // Wait until it waits in open(2) for a writer (the kernel's wait channel says so), a bounded number of looks.
    const waiting = async () => {
      for (let look = 0; look < 2000; look++) {
        let channel = '';
        try {
          channel = readFileSync(`/proc/${child.pid}/wchan`, 'utf8');
        } catch {
          // not there yet
        }
        if (channel === 'wait_for_partner') return true;
        await new Promise((next) => setTimeout(next, 10));
      }
      return false;
    };
    try {
      expect(await waiting()).toBe(true);
      child.kill(signal);
      // Ended by it, or still waiting after as many looks (it went on waiting for ever before).
      const stillWaiting = async () => {
        for (let look = 0; look < 2000 && child.exitCode === null && child.signalCode === null; look++)
          await new Promise((next) => setTimeout(next, 10));
        return 'still waiting';
      };
      expect(await Promise.race([exited, stillWaiting()])).toBe(signal);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('reads a file of exactly 16 MiB, and refuses one byte more', async () => {
    const path = join(sb.cwd, 'big.json');
    writeFileSync(path, '');
    truncateSync(path, 16 * 1024 * 1024);
    const r = await sb.run(['create-repository', '--cli-input-json', 'file://big.json']);
    expect([r.code, r.stderr.split('\n')[1]]).toEqual([
      252,
      "svcctl: [ERROR]: An error occurred (ParamValidation): Error parsing parameter '--cli-input-json': Invalid JSON received.",
    ]);
    truncateSync(path, 16 * 1024 * 1024 + 1);
    expect(await sb.run(['create-repository', '--cli-input-json', 'file://big.json'])).toEqual(
      tooLarge('--cli-input-json', 'file://big.json'),
    );
  });
});

describe('--cli-input-json/yaml fileb://: bytes read as the AWS CLI reads them', () => {
  const json = '{"repositoryNames": ["w/a"]}';
  const count = (flag: string, name: string) =>
    sb.run(['describe-repositories', flag, `fileb://${name}`, '--query', 'length(repositories)']);

  it('a byte that is not UTF-8 is refused with the byte and its character (252), never read as U+FFFD', async () => {
    file(
      'lc.json',
      Buffer.from(
        '{"LaunchConfigurationName": "lc\xff\xfez", "ImageId": "ami-1", "InstanceType": "t3.micro"}',
        'latin1',
      ),
    );
    file(
      'lc.yaml',
      Buffer.from('LaunchConfigurationName: lc\xffz\nImageId: ami-1\nInstanceType: t3.micro\n', 'latin1'),
    );
    file('key.json', Buffer.from('{"LaunchConfigurationName\xff": "lc"}', 'latin1'));
    const create = (flag: string, name: string) => sb.run(['create-launch-configuration', flag, `fileb://${name}`]);
    expect(await create('--cli-input-json', 'lc.json')).toEqual(
      failed(252, parseError('--cli-input-json', 'the file is not valid UTF-8 (byte 0xff at character 32)')),
    );
    expect(await create('--cli-input-yaml', 'lc.yaml')).toEqual(
      failed(252, parseError('--cli-input-yaml', 'the file is not valid UTF-8 (byte 0xff at character 28)')),
    );
    expect(await create('--cli-input-json', 'key.json')).toEqual(
      failed(252, parseError('--cli-input-json', 'the file is not valid UTF-8 (byte 0xff at character 26)')),
    );
    untouched();
  });

  it('JSON in UTF-16 or UTF-32, with or without a byte order mark, and UTF-8 with one, as json.loads reads bytes; YAML in UTF-16 with one', async () => {
    expect(
      await sb.run(['create-repository', '--repository-name', 'w/a', '--query', 'repository.repositoryName']),
    ).toEqual(ok('"w/a"\n'));
    const utf32 = (text: string, littleEndian: boolean) => {
      const out = Buffer.alloc(text.length * 4);
      for (let i = 0; i < text.length; i++)
        littleEndian ? out.writeUInt32LE(text.charCodeAt(i), i * 4) : out.writeUInt32BE(text.charCodeAt(i), i * 4);
      return out;
    };
    const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
    const forms: Array<[string, Uint8Array]> = [
      ['utf8', Buffer.from(json)],
      ['utf8-bom', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json)])],
      ['utf16le', Buffer.from(json, 'utf16le')],
      ['utf16le-bom', Buffer.from(`\ufeff${json}`, 'utf16le')],
      ['utf16be', utf16be(json)],
      ['utf16be-bom', utf16be(`\ufeff${json}`)],
      ['utf32le', utf32(json, true)],
      ['utf32le-bom', utf32(`\ufeff${json}`, true)],
      ['utf32be', utf32(json, false)],
      ['utf32be-bom', utf32(`\ufeff${json}`, false)],
    ];
    for (const [name, bytes] of forms) {
      file(name, bytes);
      expect([name, await count('--cli-input-json', name)]).toEqual([name, ok('1\n')]);
    }
    file('utf16.yaml', Buffer.from('\ufeffrepositoryNames: [w/a]\n', 'utf16le'));
    expect(await count('--cli-input-yaml', 'utf16.yaml')).toEqual(ok('1\n'));
    file('odd', Buffer.concat([Buffer.from('{"a', 'utf16le'), Buffer.from('x')]));
    expect(await count('--cli-input-json', 'odd')).toEqual(
      failed(252, parseError('--cli-input-json', 'the file is not utf-16-le text')),
    );
  });
});
