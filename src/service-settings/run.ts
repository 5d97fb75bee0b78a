/** The work of `svcctl service settings get | set | reset`, on the store of $SVCCTL_HOME. */
import { svcctlHome, type Context } from '../core/context.js';
import { UnknownOptionsError, UsageError } from '../core/errors.js';
import { checkSetting, knownSetting, resetSettings, settingValues, writeSettings } from '../backends/local/service-settings.js';
import { openStore, type Database } from '../backends/local/store.js';

function required(names: string): UsageError {
  return new UsageError(`the following arguments are required: ${names}`);
}

function noExtra(words: string[]): void {
  if (words.length > 0) throw new UnknownOptionsError(words);
}

function withStore<T>(ctx: Context, work: (db: Database) => T): T {
  const db = openStore(svcctlHome(ctx));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Every setting as aligned columns (name, value, set/default), or one value alone. */
export function settingsGet(ctx: Context, words: string[]): number {
  const [name, ...rest] = words;
  noExtra(rest);
  if (name !== undefined) knownSetting(name);
  const values = withStore(ctx, settingValues);
  if (name !== undefined) {
    ctx.stdout.write(`${values.find((v) => v.name === name)!.value}\n`);
    return 0;
  }
  const nameWidth = Math.max(...values.map((v) => v.name.length)) + 2;
  const valueWidth = Math.max(...values.map((v) => v.value.length)) + 2;
  for (const v of values) ctx.stdout.write(`${v.name.padEnd(nameWidth)}${v.value.padEnd(valueWidth)}${v.source}\n`);
  return 0;
}

export function settingsSet(ctx: Context, words: string[]): number {
  const [name, value, ...rest] = words;
  if (name === undefined || value === undefined) throw required(name === undefined ? 'name, value' : 'value');
  noExtra(rest);
  checkSetting(name, value);
  withStore(ctx, (db) => writeSettings(db, [[name, value]]));
  return 0;
}

export function settingsReset(ctx: Context, words: string[]): number {
  const [name, ...rest] = words;
  noExtra(rest);
  if (name !== undefined) knownSetting(name);
  withStore(ctx, (db) => resetSettings(db, name === undefined ? undefined : [name]));
  return 0;
}
