/**
 * --color: when colour is on (on; auto on a terminal without NO_COLOR), what is coloured and how, and
 * that colouring only ever adds escape sequences to the plain bytes.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { colorEnabled, colorJson, colorYaml, loadPalette, type Palette } from '../../src/output/color.js';
import { formatJson } from '../../src/output/json.js';
import { formatYaml, formatYamlStreamDocument } from '../../src/output/yaml.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, ok, USAGE } from '../helpers/cli-results.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { runTty, stripAnsi } from './tty.js';

const KEY = (s: string) => `\x1b[1m\x1b[34m${s}\x1b[39m\x1b[22m`;
const STR = (s: string) => `\x1b[32m${s}\x1b[39m`;
const NUM = (s: string) => `\x1b[36m${s}\x1b[39m`;
const BOOL = (s: string) => `\x1b[33m${s}\x1b[39m`;
const NULL = '\x1b[90mnull\x1b[39m';
const RED = (s: string) => `\x1b[31m${s}\x1b[39m`;

let p: Palette;
let sb: Sandbox;
beforeEach(async () => {
  p = await loadPalette();
  sb = sandbox();
});
afterEach(() => sb.cleanup());

describe('when colour is on', () => {
  it.each<[string, 'on' | 'off' | 'auto', boolean, string | undefined, boolean]>([
    ['on, piped', 'on', false, undefined, true],
    ['on, even with NO_COLOR', 'on', true, '1', true],
    ['off, on a terminal', 'off', true, undefined, false],
    ['auto, on a terminal', 'auto', true, undefined, true],
    ['auto, piped', 'auto', false, undefined, false],
    ['auto, on a terminal with NO_COLOR', 'auto', true, '1', false],
    ['auto, on a terminal with an empty NO_COLOR (no-color.org: set means non-empty)', 'auto', true, '', true],
  ])('%s', (_n, mode, tty, noColor, expected) => {
    expect(colorEnabled(mode, { isTTY: tty, write: () => true }, { NO_COLOR: noColor })).toBe(expected);
  });

  it.each<[string, 'on' | 'auto', string | undefined, boolean]>([
    ['auto, on a dumb terminal (issue 25, item 19)', 'auto', 'dumb', false],
    ['auto, on an xterm', 'auto', 'xterm-256color', true],
    ['auto, on a terminal with no TERM', 'auto', undefined, true],
    ['on, even on a dumb terminal', 'on', 'dumb', true],
  ])('%s', (_n, mode, term, expected) => {
    expect(colorEnabled(mode, { isTTY: true, write: () => true }, { TERM: term })).toBe(expected);
  });
});

describe('json and yaml colouring', () => {
  it('json: keys bold blue, strings green, numbers cyan, booleans yellow, null grey; punctuation plain', () => {
    const text = formatJson({
      name: 'a "q": b',
      n: -1.5e-7,
      ok: true,
      no: false,
      none: null,
      list: [1, 'x'],
      empty: {},
    });
    expect(colorJson(text, p)).toBe(
      [
        '{',
        `    ${KEY('"name"')}: ${STR('"a \\"q\\": b"')},`,
        `    ${KEY('"n"')}: ${NUM('-1.5e-07')},`,
        `    ${KEY('"ok"')}: ${BOOL('true')},`,
        `    ${KEY('"no"')}: ${BOOL('false')},`,
        `    ${KEY('"none"')}: ${NULL},`,
        `    ${KEY('"list"')}: [`,
        `        ${NUM('1')},`,
        `        ${STR('"x"')}`,
        '    ],',
        `    ${KEY('"empty"')}: {}`,
        '}',
        '',
      ].join('\n'),
    );
  });

  it('yaml: keys, plain and quoted scalars, typed plain scalars; sequences and empty collections', () => {
    const text = formatYaml({ a: [{ b: 'x', c: 1 }, ['y', null]], d: "'q'", e: '', f: true, g: [], h: '123' });
    expect(colorYaml(text, p)).toBe(
      [
        `${KEY('a')}:`,
        `- ${KEY('b')}: ${STR('x')}`,
        `  ${KEY('c')}: ${NUM('1')}`,
        `- - ${STR('y')}`,
        `  - ${NULL}`,
        `${KEY('d')}: ${STR("'''q'''")}`,
        `${KEY('e')}: ${STR("''")}`,
        `${KEY('f')}: ${BOOL('true')}`,
        `${KEY('g')}: []`,
        `${KEY('h')}: ${STR("'123'")}`,
        '',
      ].join('\n'),
    );
  });

  it('yaml: a value folded over several lines stays a string; the next key is a key again', () => {
    const long = `${'word '.repeat(20)}end`;
    const text = formatYaml({ k: long, quoted: `${'x: '.repeat(30)}y`, next: 1 });
    const lines = text.split('\n');
    expect(lines.length).toBeGreaterThan(4); // both values are folded
    const colored = colorYaml(text, p).split('\n');
    expect(colored[0]).toBe(`${KEY('k')}: ${STR(lines[0].slice(3))}`);
    expect(colored[1]).toBe(`  ${STR(lines[1].slice(2))}`);
    expect(colored[2]).toBe(`${KEY('next')}: ${NUM('1')}`);
    expect(colored[3]).toBe(`${KEY('quoted')}: ${STR(lines[3].slice(8))}`);
    expect(colored[4]).toBe(`  ${STR(lines[4].slice(2))}`);
  });

  it('only adds escape sequences: without them the bytes are the plain output', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = formatJson(value);
        const yaml = formatYaml(value);
        const stream = formatYamlStreamDocument(value);
        expect(stripAnsi(colorJson(json, p))).toBe(json);
        expect(stripAnsi(colorYaml(yaml, p))).toBe(yaml);
        expect(stripAnsi(colorYaml(stream, p))).toBe(stream);
      }),
      { numRuns: 300 },
    );
  });
});

describe('--color on commands', () => {
  beforeEach(async () => {
    await sb.run(createLaunchConfiguration('a'));
  });
  const describeLc = (...args: string[]) => ['describe-launch-configurations', '--no-cli-pager', ...args];
  /** The listing with --color on, stdout a pipe: colour all the same. */
  const colorOn = (...args: string[]) => runTty(sb, describeLc('--color', 'on', ...args));
  /** --color on, `--output format --query query`. */
  const inFormat = (format: string, query: string) => colorOn('--output', format, '--query', query);

  it('json after --query', async () => {
    const r = await colorOn('--query', 'LaunchConfigurations[0].[LaunchConfigurationName, EbsOptimized, `null`, `1`]');
    expect(r).toEqual(ok(`[\n    ${STR('"a"')},\n    ${BOOL('false')},\n    ${NULL},\n    ${NUM('1')}\n]\n`));
  });

  it('json streamed page by page is coloured chunk by chunk, to the same bytes once stripped', async () => {
    const plain = await sb.run(['describe-launch-configurations', '--page-size', '1']);
    const colored = await colorOn('--page-size', '1');
    expect(stripAnsi(colored.stdout)).toBe(plain.stdout);
    expect(colored.stdout).toContain(`${KEY('"LaunchConfigurations"')}: [`);
    expect(colored.stdout).toContain(`${KEY('"ImageId"')}: ${STR('"ami-1"')},`);
  });

  it('yaml', async () => {
    const r = await inFormat(
      'yaml',
      'LaunchConfigurations[0].{n: LaunchConfigurationName, e: EbsOptimized, l: SecurityGroups}',
    );
    expect(r).toEqual(ok(`${KEY('e')}: ${BOOL('false')}\n${KEY('l')}: []\n${KEY('n')}: ${STR('a')}\n`));
  });

  it("table: the AWS CLI's own --color on bytes (values bright blue, a reset after every write)", async () => {
    const r = await inFormat('table', 'LaunchConfigurations[0].{n: LaunchConfigurationName, e: EbsOptimized}');
    const R = '\x1b[0m';
    expect(r.stdout).toBe(
      [
        '------------------------------',
        `${R}${R}|DescribeLaunchConfigurations|${R}${R}`,
        `${R}${R}+-----------------+----------+${R}${R}`,
        `${R}${R}|        e        |    n     |${R}${R}`,
        `${R}${R}+-----------------+----------+${R}${R}`,
        `${R}${R}|  \x1b[1m\x1b[34mFalse${R}          |  \x1b[1m\x1b[34ma${R}       |${R}${R}`,
        `${R}${R}+-----------------+----------+${R}${R}`,
        R,
      ].join('\n'),
    );
  });

  it('text is never coloured', async () => {
    const r = await inFormat('text', 'LaunchConfigurations[0].[LaunchConfigurationName, EbsOptimized]');
    expect(r).toEqual({ code: 0, stdout: 'a\tFalse\n', stderr: '' });
  });

  it('auto colours a terminal, and never a pipe, NO_COLOR, TERM=dumb or --color off', async () => {
    const q = ['--query', 'LaunchConfigurations[0].LaunchConfigurationName'];
    expect((await runTty(sb, describeLc(...q), { stdoutColumns: 80 })).stdout).toBe(`${STR('"a"')}\n`);
    expect((await runTty(sb, describeLc(...q))).stdout).toBe('"a"\n');
    expect((await runTty(sb, describeLc(...q), { stdoutColumns: 80, env: { NO_COLOR: '1' } })).stdout).toBe('"a"\n');
    expect((await runTty(sb, describeLc(...q), { stdoutColumns: 80, env: { TERM: 'dumb' } })).stdout).toBe('"a"\n');
    expect((await runTty(sb, describeLc('--color', 'off', ...q), { stdoutColumns: 80 })).stdout).toBe('"a"\n');
  });
});

/** The error's code as enhanced shows a client-side one; the prefix stays plain, the message is red. */
const PV = 'An error occurred (ParamValidation): ';

describe('error messages in red on stderr', () => {
  const bad = ['create-repository', '--repository-name', 'A'];
  const message = [
    'Parameter validation failed:',
    'Invalid length for parameter repositoryName, value: 1, valid min length: 2',
  ];

  it('--color on: each line of the message', async () => {
    expect(await runTty(sb, [...bad, '--color', 'on'])).toEqual(
      failed(252, `\nsvcctl: [ERROR]: ${RED(`${PV}${message[0]}`)}\n${RED(message[1])}\n`),
    );
  });

  it('auto: only when stderr is a terminal', async () => {
    expect((await runTty(sb, bad, { stderrTty: true })).stderr).toBe(
      `\nsvcctl: [ERROR]: ${RED(`${PV}${message[0]}`)}\n${RED(message[1])}\n`,
    );
    expect((await runTty(sb, bad, { stdoutColumns: 80 })).stderr).toBe(
      `\nsvcctl: [ERROR]: ${PV}${message.join('\n')}\n`,
    );
    expect((await runTty(sb, [...bad, '--color', 'off'], { stderrTty: true })).stderr).toBe(
      `\nsvcctl: [ERROR]: ${PV}${message.join('\n')}\n`,
    );
    expect(await runTty(sb, bad, { stderrTty: true, env: { TERM: 'dumb' } })).toEqual(
      failed(252, `\nsvcctl: [ERROR]: ${PV}${message.join('\n')}\n`),
    );
  });

  it('a usage error keeps its usage block plain', async () => {
    const r = await runTty(sb, ['create-repository', '--repository-name', 'a/b', '--bogus', '--color', 'on']);
    expect(r.code).toBe(252);
    expect(r.stderr.endsWith(`\n\n\nsvcctl: [ERROR]: ${RED('Unknown options: --bogus')}\n`)).toBe(true);
    expect(stripAnsi(r.stderr)).toBe(
      (await sb.run(['create-repository', '--repository-name', 'a/b', '--bogus'])).stderr,
    );
    const missing = await runTty(sb, ['create-repository', '--color', 'on']);
    expect(missing.stderr).toBe(
      `\nsvcctl: [ERROR]: ${RED('An error occurred (ParamValidation): the following arguments are required: --repository-name')}\n\n${USAGE}`,
    );
  });

  it('a service error in red; its additional details plain', async () => {
    const r = await runTty(sb, ['account-token', 'create', '--api-key', 'sk_live_x', '--color', 'on']);
    expect(r).toEqual(
      failed(
        254,
        `\nsvcctl: [ERROR]: ${RED('An error occurred (token_must_be_created_with_publishable_key) when calling the CreateAccountToken operation: In live mode, account tokens can only be created with your publishable key.')}\n\nAdditional error details:\ntype: invalid_request_error\n`,
      ),
    );
  });

  it('structured error formats stay plain: they are data', async () => {
    const r = await runTty(sb, [...bad, '--color', 'on', '--cli-error-format', 'json']);
    expect(r.stderr).toBe(stripAnsi(r.stderr));
  });
});
