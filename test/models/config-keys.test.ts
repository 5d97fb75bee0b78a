/**
 * The global options that a config key backs are made from its row (issue 40): their value, choices and
 * default are written once, in CONFIG_KEYS, and `--help` says what `configure list` resolves.
 */
import { describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli.js';

/** The OPTIONS block of a command's help: each option's name line and its text, joined. */
async function helpOf(flag: string): Promise<string> {
  const sb = sandbox();
  try {
    const { stdout } = await sb.run(['ecr', 'create-repository', 'help'], { env: { NO_COLOR: '1' } });
    const lines = stdout.split('\n');
    const at = lines.findIndex((l) => l.trim().startsWith(`${flag} (`));
    expect(at, flag).toBeGreaterThan(0);
    const text: string[] = [];
    for (const line of lines.slice(at + 1)) {
      if (line.trim() === '' || /^\s{7}--/.test(line)) break;
      text.push(line.trim());
    }
    return text.join(' ');
  } finally {
    sb.cleanup();
  }
}

describe('global options backed by a config key', () => {
  it.each([
    ['--output', 'The output format (default json). Possible values: json, text, table, yaml, yaml-stream, off.'],
    ['--region', 'The region to use (default us-east-1).'],
    ['--color', 'Colour in output (default auto). Possible values: on, off, auto.'],
    [
      '--cli-error-format',
      'The format of errors on stderr (default enhanced). Possible values: legacy, json, yaml, text, table, enhanced.',
    ],
    [
      '--cli-binary-format',
      'How binary values are given on the command line (default base64). Possible values: base64, raw-in-base64-out.',
    ],
    [
      '--cli-read-timeout',
      'Maximum socket read time in whole seconds; 0 blocks forever, a negative value is refused (default 60).',
    ],
    [
      '--api-key',
      'The v2 API key of the v2 commands; an AWS operation refuses the flag (sk_/pk_/rk_, test or live; default, on the embedded backend only: sk_test_svcctl_embedded, where a server needs one).',
    ],
    [
      '--service-version',
      'The v2 API version header value of the v2 commands; an AWS operation refuses the flag (<yyyy-mm-dd>.<name>; default 2025-12-15.clover).',
    ],
  ])('%s: its help states the choices and the default of its config key', async (flag, text) => {
    expect(await helpOf(flag)).toBe(text);
  });
});
