/** The work of `svcctl service settings get | set | reset`, on the store of $SVCCTL_HOME. */
import { svcctlHome, type ProcessContext } from '../../core/context.js';
import { UnknownOptionsError, UsageError } from '../../core/errors.js';
import type { GlobalOptions } from '../../core/options.js';
import {
  checkPair,
  type Database,
  resetSettings,
  settingName,
  type StoreUse,
  settingValues,
  withEmbeddedStore,
  writeSettings,
} from '../../backends/embedded/index.js';
import { writeListing } from '../../output/listing.js';

function required(names: string): UsageError {
  return new UsageError(`the following arguments are required: ${names}`);
}

function noExtra(words: string[]): void {
  if (words.length > 0) throw new UnknownOptionsError(words);
}

/** The store of $SVCCTL_HOME, or the PostgreSQL store of SVCCTL_STORE_URL, as every local command uses. */
const withStore = <T>(ctx: ProcessContext, work: (db: Database) => T, use: StoreUse = 'write'): Promise<T> =>
  withEmbeddedStore(svcctlHome(ctx), ctx.env, work, use);

/**
 * Every setting as aligned columns (name, value, set/default), or one value alone; with --output or
 * --query, as a document in that format (`{"Settings": [{"Name", "Value", "Source"}]}`, or one such entry).
 */
/** What `service settings get|set|reset` take, built where commander's flags are read (service.ts). */
export interface SettingsOptions {
  ctx: ProcessContext;
  globals: GlobalOptions;
  /** The positional words: NAME and VALUE. */
  words: string[];
  /** Every option as parsed (--output and --query for get). */
  raw: Record<string, unknown>;
}

export async function settingsGet({ ctx, words, raw }: SettingsOptions): Promise<number> {
  const [given, ...rest] = words;
  noExtra(rest);
  const name = given === undefined ? undefined : settingName(given);
  const values = await withStore(ctx, settingValues, 'read');
  const entry = (v: (typeof values)[number]) => ({ Name: v.name, Value: v.value, Source: v.source });
  if (name !== undefined) {
    // A fault rule that is not set: none, as an unset setting shows its default.
    const one = values.find((v) => v.name === name) ?? { name, value: 'none', source: 'default' as const };
    await writeListing(ctx.stdout, raw, 'ServiceSettings', entry(one), () => `${one.value}\n`);
    return 0;
  }
  const nameWidth = Math.max(...values.map((v) => v.name.length)) + 2;
  const valueWidth = Math.max(...values.map((v) => v.value.length)) + 2;
  const text = () =>
    values.map((v) => `${v.name.padEnd(nameWidth)}${v.value.padEnd(valueWidth)}${v.source}\n`).join('');
  await writeListing(ctx.stdout, raw, 'ServiceSettings', { Settings: values.map(entry) }, text);
  return 0;
}

export async function settingsSet({ ctx, words }: SettingsOptions): Promise<number> {
  const [name, value, ...rest] = words;
  if (name === undefined || value === undefined) throw required(name === undefined ? 'name, value' : 'value');
  noExtra(rest);
  checkPair(name, value);
  await withStore(ctx, (db) => writeSettings(db, [[name, value]]));
  ctx.finished = true; // written for good: a Ctrl-C inside the transaction leaves exit 0 (cli/main.ts)
  return 0;
}

export async function settingsReset({ ctx, words }: SettingsOptions): Promise<number> {
  const [name, ...rest] = words;
  noExtra(rest);
  if (name !== undefined) settingName(name);
  // As `service reset`: a store that does not exist has no setting to reset, and none is made for it.
  await withStore(ctx, (db) => resetSettings(db, name === undefined ? undefined : [name]), 'read');
  ctx.finished = true; // as settingsSet
  return 0;
}
