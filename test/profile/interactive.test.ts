import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProcessContext } from '../../src/core/context.js';
import { run } from '../../src/cli/run.js';
import { NO_TERMINAL } from '../../src/profile/interactive.js';
import { sandbox, type CliResult, type Sandbox } from '../helpers/cli.js';
import { failed, ok, paramValidation } from '../helpers/cli-results.js';

let sb: Sandbox;
let config: string;
beforeEach(() => {
  sb = sandbox();
  config = join(sb.env.SVCCTL_HOME!, 'config');
});
afterEach(() => sb.cleanup());

/** Runs `svcctl configure ...` with a terminal on stdin that types `input`. */
async function onTerminal(argv: string[], input: string | Buffer): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  stdin.end(input);
  const ctx: ProcessContext = {
    stdout: { isTTY: true, write: (c) => out.push(String(c)) },
    stderr: { write: (c) => err.push(String(c)) },
    stdin,
    env: sb.env,
    cwd: sb.cwd,
    home: sb.home,
    clock: sb.clock,
    ids: sb.ids,
  };
  const code = await run(argv, ctx);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const PROMPTS = [
  'v2 API key',
  'Default region name',
  'Default output format',
  'Endpoint URL (empty: the embedded service)',
  'AWS Access Key ID (for ecr and autoscaling at an endpoint)',
  'AWS Secret Access Key',
];

describe('svcctl configure on a terminal', () => {
  it('asks for the common settings and writes the answers', async () => {
    const r = await onTerminal(['configure'], 'sk_test_abc123456789\neu-west-1\n\n\nAKIDEXAMPLE\nsecretvalue\n');
    expect(r).toEqual({ code: 0, stdout: PROMPTS.map((p) => `${p} [None]: `).join(''), stderr: '' });
    expect(readFileSync(config, 'utf8')).toBe(
      '[default]\napi_key = sk_test_abc123456789\nregion = eu-west-1\naws_access_key_id = AKIDEXAMPLE\naws_secret_access_key = secretvalue\n',
    );
  });

  // Hostile pass 14: a Latin-1 terminal's byte 0xe9 in the secret key was written to the config file as U+FFFD
  // (requests were then signed with another key, silently); `configure set` refuses the same word (252).
  it('refuses an answer whose bytes are not UTF-8, and asks again', async () => {
    const input = Buffer.concat([
      Buffer.from('\n\n\n\nAKIDEXAMPLE\nsecr'),
      Buffer.from([0xe9]),
      Buffer.from('t\nsecret\n'),
    ]);
    expect(await onTerminal(['configure'], input)).toEqual({
      code: 0,
      stdout: `${PROMPTS.map((p) => `${p} [None]: `).join('')}AWS Secret Access Key [None]: `,
      stderr: 'Invalid value for aws_secret_access_key: it is not valid UTF-8 (byte 0xe9 at character 5).\n',
    });
    expect(readFileSync(config, 'utf8')).toBe(
      '[default]\naws_access_key_id = AKIDEXAMPLE\naws_secret_access_key = secret\n',
    );
  });

  it('shows current values (the key masked) and keeps them on Enter', async () => {
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
    writeFileSync(
      config,
      '[profile dev]\napi_key = sk_test_abc123456789\noutput = text\naws_secret_access_key = secretvalue\n',
    );
    const r = await onTerminal(['configure', '--profile', 'dev'], '\n\nyaml\nhttp://127.0.0.1:4566\n\n\n');
    expect(r).toEqual(
      ok(
        'v2 API key [****************6789]: Default region name [None]: Default output format [text]: ' +
          'Endpoint URL (empty: the embedded service) [None]: AWS Access Key ID (for ecr and autoscaling at an endpoint) [None]: ' +
          'AWS Secret Access Key [****************alue]: ',
      ),
    );
    expect(readFileSync(config, 'utf8')).toBe(
      '[profile dev]\napi_key = sk_test_abc123456789\noutput = yaml\naws_secret_access_key = secretvalue\nendpoint_url = http://127.0.0.1:4566\n',
    );
  });

  it.each([
    [
      'an invalid answer',
      '\n\nxml\ntext\n\n\n\n',
      'Default output format',
      "Invalid value for output: 'xml'. Expected one of: json, text, table, yaml, yaml-stream, off.\n",
      '[default]\noutput = text\n',
    ],
    [
      'a region commands would refuse (issue 25, item 8)',
      '\nus east/1\neu-north-1\n\n\n\n\n',
      'Default region name',
      "Invalid value for region: 'us east/1'. Expected a region name such as us-east-1 (lower-case letters, digits and hyphens, at most 63, not starting or ending with a hyphen).\n",
      '[default]\nregion = eu-north-1\n',
    ],
  ])('asks again after %s', async (_what, input, askedTwice, stderr, written) => {
    const asked = PROMPTS.flatMap((p) => (p === askedTwice ? [p, p] : [p]));
    expect(await onTerminal(['configure'], input)).toEqual({
      code: 0,
      stdout: asked.map((p) => `${p} [None]: `).join(''),
      stderr,
    });
    expect(readFileSync(config, 'utf8')).toBe(written);
  });

  it('stops at the end of input, keeping the answers given', async () => {
    const r = await onTerminal(['configure'], 'sk_test_abc123456789\n');
    expect(r).toEqual({ code: 0, stdout: 'v2 API key [None]: Default region name [None]: \n', stderr: '' });
    expect(readFileSync(config, 'utf8')).toBe('[default]\napi_key = sk_test_abc123456789\n');
  });
});

describe('svcctl configure without a terminal', () => {
  it('prints how to configure without one (252)', async () => {
    expect(await sb.run(['configure'])).toEqual(failed(252, paramValidation(NO_TERMINAL)));
  });
});
