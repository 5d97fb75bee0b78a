/** loadParamFile and cliInputDocument, table-driven, against files in a temporary directory. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError, ParamError } from '../../src/core/errors.js';
import { cliInputDocument, jsonErrorText } from '../../src/input/cliinput.js';
import { loadParamFile, type FileContext } from '../../src/input/paramfile.js';

let files: FileContext;
beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'svcctl-files-'));
  mkdirSync(join(dir, 'home'));
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'home', 'h.txt'), 'home');
  writeFileSync(join(dir, 'sub', 's.txt'), 'sub');
  writeFileSync(join(dir, 'text.txt'), 'a\r\nb\rc\n');
  writeFileSync(join(dir, 'bom.txt'), '\ufeffx');
  writeFileSync(join(dir, 'bytes.bin'), new Uint8Array([0, 255, 13, 10]));
  writeFileSync(join(dir, 'doc.json'), '{"a": 1}');
  writeFileSync(join(dir, 'doc.yaml'), 'a: 1\n');
  files = { cwd: dir, home: join(dir, 'home'), env: { SUB: 'sub', EMPTY: '' } };
});
afterAll(() => rmSync(files.cwd, { recursive: true, force: true }));

function outcome(value: string): unknown {
  try {
    return loadParamFile('--p', value, files);
  } catch (err) {
    if (!(err instanceof ParamError)) throw err;
    return `error: ${err.detail}`;
  }
}

describe('loadParamFile', () => {
  // Hostile pass 22b: ~NAME is the account NAME's home (os.path.expanduser), as the AWS CLI 2.9.19 reads
  // file://~root/../tmp/in.json; svcctl read it as a relative path: [Errno 2] No such file or directory.
  it("reads ~NAME as the account NAME's home", () => {
    const me = userInfo();
    expect(outcome(`file://~${me.username}/${relative(me.homedir, join(files.cwd, 'home', 'h.txt'))}`)).toBe('home');
  });

  const cases: Array<[string, string, unknown]> = [
    ['a plain value', 'plain', 'plain'],
    ['a value that only looks like a prefix', 'file:/x', 'file:/x'],
    ['text with universal newlines', 'file://text.txt', 'a\nb\nc\n'],
    ['text without its byte order mark', 'file://bom.txt', 'x'],
    ['raw bytes', 'fileb://bytes.bin', new Uint8Array([0, 255, 13, 10])],
    ['~ as the home directory', 'file://~/h.txt', 'home'],
    // Hostile pass 22b: ~NAME is the account NAME's home (os.path.expanduser), as the AWS CLI 2.9.19 reads it.
    [
      '~NAME of no account, kept',
      'file://~no-such-account-22b/h.txt',
      "error: Unable to load paramfile file://~no-such-account-22b/h.txt: [Errno 2] No such file or directory: '~no-such-account-22b/h.txt'",
    ],
    ['$VAR', 'file://$SUB/s.txt', 'sub'],
    ['${VAR}', 'file://${SUB}/s.txt', 'sub'],
    [
      'an unknown variable, kept',
      'file://$NOPE/s.txt',
      "error: Unable to load paramfile file://$NOPE/s.txt: [Errno 2] No such file or directory: '$NOPE/s.txt'",
    ],
    [
      'an absolute path',
      `file://${join('/', 'nonexistent-dir', 'x')}`,
      "error: Unable to load paramfile file:///nonexistent-dir/x: [Errno 2] No such file or directory: '/nonexistent-dir/x'",
    ],
    ['a directory', 'file://sub', "error: Unable to load paramfile file://sub: [Errno 21] Is a directory: 'sub'"],
    [
      'a directory, binary',
      'fileb://sub',
      "error: Unable to load paramfile fileb://sub: [Errno 21] Is a directory: 'sub'",
    ],
    [
      'a path through a file',
      'file://doc.json/x',
      "error: Unable to load paramfile file://doc.json/x: [Errno 20] Not a directory: 'doc.json/x'",
    ],
    // hostile pass 15a: resolve() dropped the slash, and doc.json/ read doc.json
    [
      'a file named with a trailing slash',
      'file://doc.json/',
      "error: Unable to load paramfile file://doc.json/: [Errno 20] Not a directory: 'doc.json/'",
    ],
    [
      "a name with a quote, in Python's repr",
      "file://it's",
      `error: Unable to load paramfile file://it's: [Errno 2] No such file or directory: "it's"`,
    ],
    [
      'bytes that are not UTF-8',
      'file://bytes.bin',
      'error: Unable to load paramfile (bytes.bin), text contents could not be decoded.  If this is a binary file, please use the fileb:// prefix instead of the file:// prefix.',
    ],
  ];
  it.each(cases)('%s', (_name, value, expected) => {
    expect(outcome(value)).toEqual(expected);
  });
});

describe('cliInputDocument', () => {
  async function doc(options: { cliInputJson?: string; cliInputYaml?: string }): Promise<unknown> {
    try {
      return await cliInputDocument(options, files);
    } catch (err) {
      if (err instanceof ParamError) return `${err.param}: ${err.detail}`;
      if (err instanceof InputError) return err.message;
      throw err;
    }
  }
  const cases: Array<[string, { cliInputJson?: string; cliInputYaml?: string }, unknown]> = [
    ['none', {}, undefined],
    ['inline JSON', { cliInputJson: '{"a": [1, {"b": null}]}' }, { a: [1, { b: null }] }],
    ['JSON from a file', { cliInputJson: 'file://doc.json' }, { a: 1 }],
    ['YAML from a file', { cliInputYaml: 'file://doc.yaml' }, { a: 1 }],
    [
      'YAML 1.2: yes is a string',
      { cliInputYaml: 'a: yes\nb: 0x10\nc: 2020-01-01' },
      { a: 'yes', b: 16, c: '2020-01-01' },
    ],
    ['YAML anchors', { cliInputYaml: 'a: &x [1]\nb: *x' }, { a: [1], b: [1] }],
    ['a __proto__ key stays a key', { cliInputJson: '{"__proto__": {"x": 1}}' }, JSON.parse('{"__proto__": {"x": 1}}')],
    [
      'a JSON boolean',
      { cliInputJson: 'true' },
      "--cli-input-json: Invalid type: expecting map, received <class 'bool'>",
    ],
    [
      'a JSON exponent is a float',
      { cliInputJson: '1e3' },
      "--cli-input-json: Invalid type: expecting map, received <class 'float'>",
    ],
    [
      'a YAML comment only',
      { cliInputYaml: '# nothing' },
      "--cli-input-yaml: Invalid type: expecting map, received <class 'NoneType'>",
    ],
    [
      'YAML alias bombs',
      {
        cliInputYaml: `a: &a [x]\n${Array.from(
          { length: 12 },
          (_, i) =>
            `b${i}: &b${i} [${Array(10)
              .fill(i === 0 ? '*a' : `*b${i - 1}`)
              .join(',')}]`,
        ).join('\n')}`,
      },
      '--cli-input-yaml: Invalid YAML received.\nExcessive alias count indicates a resource exhaustion attack: an anchor (&name) and its aliases (*name) stand for more than 100 values, the most svcctl expands',
    ],
    ['both', { cliInputJson: '{}', cliInputYaml: '{}' }, 'Only one --cli-input- parameter may be specified.'],
  ];
  it.each(cases)('%s', async (_name, options, expected) => {
    expect(await doc(options)).toEqual(expected);
  });
});

describe('jsonErrorText', () => {
  const cases: Array<[string, string]> = [
    ['{bad', "Expected property name or '}' in JSON at position 1 (line 1 column 2)"],
    ['{\n\n  x', "Expected property name or '}' in JSON at position 5 (line 3 column 3)"],
    ['', 'Unexpected end of JSON input'],
  ];
  it.each(cases)('%j', (text, expected) => {
    let err: Error | undefined;
    try {
      JSON.parse(text);
    } catch (e) {
      err = e as Error;
    }
    expect(jsonErrorText(err!, text)).toBe(expected);
  });

  it('drops the copy of the input some messages carry, and a line/column already there', () => {
    expect(jsonErrorText(new Error('Unexpected token \'x\', "{"a"\n: x}" is not valid JSON'), '{"a"\n: x}')).toBe(
      "Unexpected token 'x'",
    );
    expect(jsonErrorText(new Error('Bad thing in JSON at position 2 (line 1 column 3)'), 'abc')).toBe(
      'Bad thing in JSON at position 2 (line 1 column 3)',
    );
  });
});
