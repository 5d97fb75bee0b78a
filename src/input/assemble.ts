/**
 * Input assembly: the --cli-input-json/yaml document first, then each flag the user gave (flags win),
 * each value parsed by its member's shape (shorthand, JSON, file://).
 */
import type { Command } from 'commander';
import type { GlobalOptions } from '../cli/globals.js';
import { USAGE } from '../cli/usage.js';
import { flagsFor } from '../commands/flags.js';
import { InputError, ParamError, UsageError } from '../errors.js';
import type { Operation } from '../models/operation.js';
import { isPlainObject } from '../models/validate.js';
import { applyClientEncodings } from './encodings.js';
import { loadParamFile } from './paramfile.js';
import { parseParamValue } from './params.js';

async function cliInputDocument(globals: GlobalOptions, cwd: string): Promise<Record<string, unknown> | undefined> {
  const isJson = globals.cliInputJson !== undefined;
  const raw = isJson ? globals.cliInputJson : globals.cliInputYaml;
  if (raw === undefined) return undefined;
  const flag = isJson ? '--cli-input-json' : '--cli-input-yaml';
  const loaded = loadParamFile(flag, raw, cwd);
  const text = typeof loaded === 'string' ? loaded : new TextDecoder().decode(loaded);
  let doc: unknown;
  try {
    doc = isJson ? JSON.parse(text) : (await import('yaml')).parse(text);
  } catch (err) {
    throw new ParamError(flag, `Invalid ${isJson ? 'JSON' : 'YAML'}: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!isPlainObject(doc)) throw new InputError(`The value of ${flag} must be a ${isJson ? 'JSON object' : 'YAML mapping'} of the command's parameters.`);
  return doc;
}

/** Flags that were given on the command line (not defaults). */
function givenFlagValue(command: Command, flag: string): unknown {
  const opt = command.options.find((o) => o.long === flag);
  if (!opt) return undefined;
  const name = opt.attributeName();
  return command.getOptionValueSource(name) === 'cli' ? command.getOptionValue(name) : undefined;
}

export async function assembleInput(op: Operation, command: Command, globals: GlobalOptions, cwd: string): Promise<Record<string, unknown>> {
  const doc = await cliInputDocument(globals, cwd);
  const params: Record<string, unknown> = { ...(doc ?? {}) };
  const missing: string[] = [];
  for (const spec of flagsFor(op)) {
    let value = givenFlagValue(command, spec.flag);
    if (value === undefined && spec.shape.type === 'boolean') {
      const negated = givenFlagValue(command, `--no-${spec.flag.slice(2)}`);
      if (negated !== undefined) value = false;
    }
    if (value === undefined) {
      if (spec.required && params[spec.member] === undefined && doc === undefined) missing.push(spec.flag);
      continue;
    }
    if (spec.shape.type === 'boolean') {
      params[spec.member] = value === true;
      continue;
    }
    const words = (Array.isArray(value) ? value : [value]).map((w) => loadParamFile(spec.flag, String(w), cwd));
    if (spec.shape.type === 'blob' || (spec.shape.type === 'string' && spec.shape.clientBase64)) {
      params[spec.member] = words[0];
      continue;
    }
    if (words.some((w) => typeof w !== 'string')) {
      throw new ParamError(spec.flag, 'fileb:// reads binary data, but this parameter takes text: use file:// instead');
    }
    const text = words as string[];
    params[spec.member] = parseParamValue(spec.shape, spec.shape.type === 'list' ? text : text[0]!, spec.flag);
  }
  if (missing.length > 0) throw new UsageError(`${USAGE}\nsvcctl: error: the following arguments are required: ${missing.join(', ')}`);
  return applyClientEncodings(op.input, params);
}
