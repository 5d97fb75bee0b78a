/**
 * The service settings (src/models/service-settings.ts) in the store: read on every v2 request, so a change made
 * by `svcctl service settings set` reaches a running `svcctl serve` on its next request. Values are
 * checked before they are written and kept in canonical form (`true`, `600`, `none`...).
 */
import { fileBoolean } from '../../core/config-text.js';
import { InputError } from '../../core/errors.js';
import {
  describeKind,
  SERVICE_SETTING_NAMES,
  SERVICE_SETTINGS,
  serviceSetting,
  type ServiceSetting,
} from '../../models/service-settings.js';
import { stmt } from './store/statements.js';
import type { Database } from './store/db.js';
import { isKnownVersion, wellFormedVersion } from './versions.js';
import { echoText } from '../../core/input-rules.js';
import {
  canonicalFault,
  deleteFaultRows,
  dropRunFaults,
  faultValues,
  isFaultName,
  setRunFaults,
  writeFaultRows,
} from './faults.js';

export interface ServiceSettings {
  platformRegistered: boolean;
  /** undefined: any version. */
  accountsV2MinVersion?: string;
  /** undefined: no limit. */
  accountUpdateConcurrencyLimit?: number;
  accountUpdateHoldMs: number;
  accountTokenLifetimeSeconds: number;
  meterEventAdjustmentProcessingMs: number;
  /** Quotas; undefined: no limit. */
  launchConfigurationsPerRegion?: number;
  repositoriesPerRegion?: number;
}

/** The canonical form of a value, or undefined when it is not valid for the setting. */
export function canonicalValue(s: ServiceSetting, raw: string): string | undefined {
  const v = raw.trim();
  switch (s.kind.type) {
    case 'boolean':
      return fileBoolean(v)?.toString(); // core/config-text.ts: one rule for every file's booleans
    case 'version':
      if (v.toLowerCase() === 'none') return 'none';
      return wellFormedVersion(v) && isKnownVersion(v) ? v : undefined;
    case 'integer': {
      if (s.kind.none && v.toLowerCase() === 'none') return 'none';
      if (!/^\d{1,15}$/.test(v)) return undefined;
      const n = Number(v);
      return n >= s.kind.min && n <= s.kind.max ? String(n) : undefined;
    }
  }
}

export function knownSetting(name: string): ServiceSetting {
  const s = serviceSetting(name);
  if (!s)
    throw new InputError(
      `Unknown service setting ${echoText(name)}. Valid settings are: ${SERVICE_SETTING_NAMES.join(', ')}, and fault rules (fault.<service>.<Operation>, see docs/operating-serve.md)`,
    );
  return s;
}

/**
 * A setting's name as the store keeps it, after checking it is one: a service setting's as it is, a fault
 * rule's canonical (`fault.ecr.create-repository` is `fault.ecr.CreateRepository`). What `service settings get
 * NAME` and the library's `settings.get(name)` look up.
 */
export function settingName(name: string): string {
  if (isFaultName(name)) return canonicalFault(name, 'none')[0];
  return knownSetting(name).name;
}

/**
 * Checks a name and value: the canonical name and value, or an InputError (exit 252). A fault rule's name
 * (`fault.ecr.create-repository`) has a canonical form too (`fault.ecr.CreateRepository`).
 */
export function checkPair(name: string, raw: string): readonly [string, string] {
  if (isFaultName(name)) return canonicalFault(name, raw);
  return [name, checkSetting(name, raw)];
}

/**
 * Pairs checked as checkPair checks each, canonical: two names of one setting among them (a fault rule's other
 * spellings, fault.ecr.create-repository beside fault.ecr.CreateRepository) are refused, not the last taken
 * without a word (hostile pass 21b), as a settings file refuses a name given twice.
 */
export function checkPairs(pairs: ReadonlyArray<readonly [string, string]>): Array<readonly [string, string]> {
  const seen = new Map<string, string>();
  return pairs.map(([name, raw]) => {
    const checked = checkPair(name, raw);
    const first = seen.get(checked[0]);
    if (first !== undefined)
      throw new InputError(`${echoText(first)} and ${echoText(name)} name one setting (${checked[0]}): give it once.`);
    seen.set(checked[0], name);
    return checked;
  });
}

/** Checks a name and value: the canonical value, or an InputError (exit 252). */
export function checkSetting(name: string, raw: string): string {
  if (isFaultName(name)) return canonicalFault(name, raw)[1];
  const s = knownSetting(name);
  const value = canonicalValue(s, raw);
  if (value === undefined)
    throw new InputError(`Invalid value for ${s.name}: ${echoText(raw)}. Expected ${describeKind(s.kind)}.`);
  return value;
}

const SELECT = `SELECT name, value FROM settings WHERE name IN (${SERVICE_SETTING_NAMES.map(() => '?').join(', ')})`;

/**
 * ServiceSettings of one process, over the store's (`serve --settings FILE` without --persist-settings): they
 * live as long as the connection, and nothing is written, so other processes keep seeing the store's.
 */
const RUN_ONLY = new WeakMap<Database, ReadonlyMap<string, string>>();

/** Checks every pair, then makes them this connection's settings for as long as it is open. */
export function setRunSettings(db: Database, pairs: ReadonlyArray<readonly [string, string]>): void {
  const checked = pairs.map(([name, raw]) => checkPair(name, raw));
  RUN_ONLY.set(db, new Map(checked.filter(([name]) => !isFaultName(name))));
  setRunFaults(db, new Map(checked.filter(([name, value]) => isFaultName(name) && value !== 'none')));
}

/**
 * Each setting's value and whether this run sets it (`run`), the store holds it (`set`), or the default applies;
 * then each fault rule in effect.
 */
export function settingValues(db: Database): Array<{ name: string; value: string; source: 'run' | 'set' | 'default' }> {
  return [...serviceSettingValues(db), ...faultValues(db)];
}

function serviceSettingValues(db: Database): Array<{ name: string; value: string; source: 'run' | 'set' | 'default' }> {
  const rows = stmt(db, SELECT).all(...SERVICE_SETTING_NAMES) as Array<{ name: string; value: string }>;
  const stored = new Map(rows.map((r) => [r.name, r.value]));
  const run = RUN_ONLY.get(db);
  return SERVICE_SETTINGS.map((s) => {
    const forRun = run?.get(s.name);
    if (forRun !== undefined) return { name: s.name, value: forRun, source: 'run' as const };
    const value = stored.get(s.name);
    return value === undefined
      ? { name: s.name, value: s.default, source: 'default' as const }
      : { name: s.name, value, source: 'set' as const };
  });
}

const num = (v: string) => Number(v);
const optional = (v: string) => (v === 'none' ? undefined : v);
const quota = (v: string) => (v === 'none' ? undefined : num(v));

/**
 * A quota setting's value as readSettings gives it, from the store's row as read by the caller (undefined: no
 * row): this run's value first, then the store's, then the default. For a quota check that reads the setting
 * in the statement that reads its count (handlers/quota.ts): one round trip instead of two.
 */
export function quotaFrom(
  db: Database,
  name: 'repositories_per_region' | 'launch_configurations_per_region',
  stored: string | undefined,
): number | undefined {
  return quota(RUN_ONLY.get(db)?.get(name) ?? stored ?? serviceSetting(name)!.default);
}

export function readSettings(db: Database): ServiceSettings {
  const v = new Map(serviceSettingValues(db).map((s) => [s.name, s.value]));
  const limit = optional(v.get('account_update_concurrency_limit')!);
  return {
    platformRegistered: v.get('platform_registered') === 'true',
    accountsV2MinVersion: optional(v.get('accounts_v2_min_version')!),
    accountUpdateConcurrencyLimit: limit === undefined ? undefined : num(limit),
    accountUpdateHoldMs: num(v.get('account_update_hold_ms')!),
    accountTokenLifetimeSeconds: num(v.get('account_token_lifetime_seconds')!),
    meterEventAdjustmentProcessingMs: num(v.get('meter_event_adjustment_processing_ms')!),
    launchConfigurationsPerRegion: quota(v.get('launch_configurations_per_region')!),
    repositoriesPerRegion: quota(v.get('repositories_per_region')!),
  };
}

/** Checks every pair first, then writes them all in one transaction (all or nothing). */
export function writeSettings(db: Database, pairs: ReadonlyArray<readonly [string, string]>): void {
  const checked = checkPairs(pairs);
  db.transaction(() => {
    writeFaultRows(
      db,
      checked.filter(([name]) => isFaultName(name)),
    );
    for (const [name, value] of checked.filter(([n]) => !isFaultName(n))) {
      stmt(
        db,
        'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
      ).run(name, value);
    }
  }).immediate();
  // A rule or setting set in the store replaces one of this run's of that name.
  dropRunFaults(
    db,
    checked.filter(([name]) => isFaultName(name)).map(([name]) => name),
  );
  dropRunSettings(
    db,
    checked.filter(([name]) => !isFaultName(name)).map(([name]) => name),
  );
}

/** Takes settings out of this run's, as dropRunFaults takes rules: the store's value (or the default) applies. */
function dropRunSettings(db: Database, names: readonly string[]): void {
  const run = RUN_ONLY.get(db);
  if (!run) return;
  RUN_ONLY.set(db, new Map([...run].filter(([name]) => !names.includes(name))));
}

/**
 * Back to the defaults: the named settings (a fault rule's name removes that rule), or every service setting
 * and every fault rule (never the store's own entries); this run's of those names too (serve --settings, the
 * library's `settings` option), as a set replaces them.
 */
export function resetSettings(db: Database, names?: readonly string[]): void {
  const faults = (names ?? []).filter(isFaultName).map((name) => canonicalFault(name, 'none')[0]);
  const settings = names === undefined ? SERVICE_SETTING_NAMES : names.filter((n) => !isFaultName(n));
  for (const name of settings) knownSetting(name);
  db.transaction(() => {
    for (const name of settings) stmt(db, 'DELETE FROM settings WHERE name = ?').run(name);
    deleteFaultRows(db, names === undefined ? undefined : faults);
  }).immediate();
  dropRunFaults(db, names === undefined ? undefined : faults);
  dropRunSettings(db, settings);
}
