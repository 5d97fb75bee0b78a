/**
 * `svcctl configure` on a terminal: asks for the common settings of the profile, showing each current
 * value in brackets (the API key masked); Enter keeps it. Answers are written when all are given.
 */
import { createInterface } from 'node:readline';
import { inputAsText } from '../core/input-rules.js';
import type { ProcessContext } from '../core/context.js';
import { InputError } from '../core/errors.js';
import { validValue, knownConfigKey } from './configure.js';
import { configPath, readProfiles, writeConfigValue } from './file.js';
import { maskConfigValue } from '../models/secrets.js';
import { configKeyOf } from '../models/config-keys.js';

export const QUESTIONS: ReadonlyArray<readonly [key: string, label: string]> = [
  ['api_key', 'v2 API key'],
  ['region', 'Default region name'],
  ['output', 'Default output format'],
  ['endpoint_url', 'Endpoint URL (empty: the embedded service)'],
  ['aws_access_key_id', 'AWS Access Key ID (for ecr and autoscaling at an endpoint)'],
  ['aws_secret_access_key', 'AWS Secret Access Key'],
];

export const NO_TERMINAL = [
  'svcctl configure asks its questions on a terminal. Without one, use:',
  '',
  '  svcctl configure set KEY VALUE [--profile NAME]',
  '  svcctl configure get KEY [--profile NAME]',
  '  svcctl configure list [--profile NAME]',
].join('\n');

type NextLine = () => Promise<string | undefined>;

function lineReader(ctx: ProcessContext): { next: NextLine; close: () => void } {
  // Text as the prompts read it: a byte that is not UTF-8 is refused by validValue, not written as U+FFFD.
  const rl = createInterface({ input: inputAsText(ctx.stdin as unknown as NodeJS.ReadStream), terminal: false });
  const it = rl[Symbol.asyncIterator]();
  const onAbort = () => rl.close();
  ctx.signal?.addEventListener('abort', onAbort);
  return {
    next: async () => {
      const r = await it.next();
      return r.done ? undefined : String(r.value);
    },
    close: () => {
      ctx.signal?.removeEventListener('abort', onAbort);
      rl.close();
    },
  };
}

const EOF = Symbol('end of input');

/** One question, asked again until the answer is valid: the value to keep (unset when none), or EOF. */
async function ask(
  ctx: ProcessContext,
  next: NextLine,
  key: string,
  label: string,
  current: string | undefined,
): Promise<string | undefined | typeof EOF> {
  const shown = current === undefined ? 'None' : configKeyOf(key)?.secret ? maskConfigValue(current) : current;
  for (;;) {
    ctx.stdout.write(`${label} [${shown}]: `);
    const answer = await next();
    if (answer === undefined) return EOF;
    const value = answer.trim();
    if (value === '') return current;
    try {
      return validValue(knownConfigKey(key), value);
    } catch (err) {
      ctx.stderr.write(`${(err as Error).message}\n`);
    }
  }
}

export async function configureInteractive(ctx: ProcessContext, profile: string): Promise<number> {
  if (!ctx.stdin.isTTY || typeof ctx.stdin.on !== 'function') throw new InputError(NO_TERMINAL);
  const path = configPath(ctx);
  const existing = readProfiles(path).get(profile);
  const reader = lineReader(ctx);
  const answers: Array<[string, string]> = [];
  try {
    for (const [key, label] of QUESTIONS) {
      const current = existing?.get(key);
      const value = await ask(ctx, reader.next, key, label, current);
      if (value === EOF) {
        ctx.stdout.write('\n');
        if (ctx.signal?.aborted) return 130;
        break;
      }
      if (value !== undefined && value !== current) answers.push([key, value]);
    }
  } finally {
    reader.close();
  }
  for (const [key, value] of answers) writeConfigValue(path, profile, key, value);
  return 0;
}
