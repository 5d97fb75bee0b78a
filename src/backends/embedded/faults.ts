/**
 * Fault rules (models/faults.ts) in the store, with the service settings: each rule is a row of `settings`
 * (`fault.ecr.CreateRepository` → `throttle;next=2`), so the CLI's embedded backend and every serve on the
 * store share them, and a change reaches a running serve on its next request. A rule that fires on the Nth
 * call or the next K counts its matching calls in a row of its own (`fault-calls:<name>`), set back to 0
 * when the rule is set or reset; rules that fire always or by chance count nothing (no write per call).
 * Rules of one run (`serve --settings FILE` without --persist-settings) count in this process.
 */
import {
  FAULT_PREFIX,
  type FaultRule,
  faultFires,
  faultMatches,
  faultText,
  isFaultName,
  parseFaultRule,
} from '../../models/faults.js';
import type { Database } from './store/db.js';
import { json11ErrorFields } from '../../core/errors.js';
import { waitAtLeast } from '../../core/wait.js';
import { faultError } from '../../models/faults.js';
import { type ServiceName, serviceModel } from '../../models/services.js';
import { stmt } from './store/statements.js';

const COUNT_PREFIX = 'fault-calls:';
/** Every rule's row and no other: names from `fault.` up to (not including) `fault/`, the next character. */
export const SELECT_RULES = "SELECT name, value FROM settings WHERE name >= 'fault.' AND name < 'fault/' ORDER BY name";

/** What a call is, for matching. */
export interface FaultCall {
  service: string;
  operation: string;
  account: string;
  region: string;
}

/** A rule that fired on a call: what to do, and how the journal names it (`fault.ecr.CreateRepository: throttle;next=2`). */
export interface FiredFault {
  rule: FaultRule;
  /** The rule as the journal records it. */
  label: string;
}

const parsed = new Map<string, FaultRule>();

function ruleOf(name: string, value: string): FaultRule {
  const key = `${name}\n${value}`;
  let rule = parsed.get(key);
  if (!rule) {
    rule = parseFaultRule(name, value);
    if (parsed.size > 1000) parsed.clear();
    parsed.set(key, rule);
  }
  return rule;
}

/** This run's rules (serve --settings FILE) per connection, and their counts. */
const RUN_RULES = new WeakMap<Database, { rules: ReadonlyMap<string, string>; counts: Map<string, number> }>();

export function setRunFaults(db: Database, rules: ReadonlyMap<string, string>): void {
  RUN_RULES.set(db, { rules, counts: new Map() });
}

/** Which rules a decision reads: all of them, this run's alone (no statement), or the store's alone. */
export type FaultSources = 'all' | 'run' | 'store';

/** The rules in effect, by name: this run's over the store's. */
export function faultValues(
  db: Database,
  sources: FaultSources = 'all',
): Array<{ name: string; value: string; source: 'run' | 'set' }> {
  const stored = sources === 'run' ? [] : (stmt(db, SELECT_RULES).all() as Array<{ name: string; value: string }>);
  const run = sources === 'store' ? undefined : RUN_RULES.get(db)?.rules;
  const out = new Map<string, { name: string; value: string; source: 'run' | 'set' }>();
  for (const r of stored) out.set(r.name, { name: r.name, value: r.value, source: 'set' });
  for (const [name, value] of run ?? []) out.set(name, { name, value, source: 'run' });
  return [...out.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The store's rules' rows alone, in name order (serve on SQLite reads them once a turn: embedded.ts turnRules). */
export function faultRows(db: Database): Array<{ name: string; value: string }> {
  return stmt(db, SELECT_RULES).all() as Array<{ name: string; value: string }>;
}

/** Each rule with the matching calls it has counted (rules that fire always or by chance count none). */
export function listFaults(db: Database): Array<{ Name: string; Rule: string; Source: 'run' | 'set'; Calls?: number }> {
  const counts = new Map(
    (
      stmt(
        db,
        "SELECT name, value FROM settings WHERE name >= 'fault-calls:' AND name < 'fault-calls;'",
      ).all() as Array<{
        name: string;
        value: string;
      }>
    ).map((r) => [r.name.slice(COUNT_PREFIX.length), Number(r.value)]),
  );
  const run = RUN_RULES.get(db);
  return faultValues(db).map((f) => {
    const rule = ruleOf(f.name, f.value);
    const counted = rule.when.kind === 'nth' || rule.when.kind === 'next';
    const calls = f.source === 'run' ? (run?.counts.get(f.name) ?? 0) : (counts.get(f.name) ?? 0);
    return { Name: f.name, Rule: f.value, Source: f.source, ...(counted ? { Calls: calls } : {}) };
  });
}

/** Writes rules (checked by the caller) and starts their counts again; `none` removes one. In the caller's transaction. */
export function writeFaultRows(db: Database, pairs: ReadonlyArray<readonly [string, string]>): void {
  for (const [name, value] of pairs) {
    stmt(db, 'DELETE FROM settings WHERE name = ?').run(`${COUNT_PREFIX}${name}`);
    if (value === 'none') stmt(db, 'DELETE FROM settings WHERE name = ?').run(name);
    else
      stmt(
        db,
        'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
      ).run(name, value);
  }
}

/** The rules named, or every rule when `names` is undefined, with their counts. In the caller's transaction. */
export function deleteFaultRows(db: Database, names?: readonly string[]): void {
  if (names === undefined) {
    stmt(
      db,
      "DELETE FROM settings WHERE (name >= 'fault.' AND name < 'fault/') OR (name >= 'fault-calls:' AND name < 'fault-calls;')",
    ).run();
    return;
  }
  for (const name of names) writeFaultRows(db, [[name, 'none']]);
}

/**
 * Removes the rules named (every rule when `names` is undefined) from the store, with their counts, and from
 * this run's rules (`serve --settings`), in one transaction.
 */
export function removeFaults(db: Database, names?: readonly string[]): void {
  const canonical = names?.map((n) => canonicalFault(n, 'none')[0]);
  db.transaction(() => deleteFaultRows(db, canonical)).immediate();
  dropRunFaults(db, canonical);
}

/** Takes rules out of this run's (a rule set in the store afterwards is the store's alone). */
export function dropRunFaults(db: Database, names?: readonly string[]): void {
  const run = RUN_RULES.get(db);
  if (!run) return;
  const rules = new Map(run.rules);
  for (const name of names ?? [...rules.keys()]) {
    rules.delete(name);
    run.counts.delete(name);
  }
  run.rules = rules;
}

/** A rule's name and canonical value, or an InputError (252). `none` (no rule) stays `none`. */
export function canonicalFault(name: string, raw: string): readonly [string, string] {
  const rule = parseFaultRule(name, raw.trim().toLowerCase() === 'none' ? 'close' : raw);
  return [rule.name, raw.trim().toLowerCase() === 'none' ? 'none' : faultText(rule)];
}

/**
 * With a pool, this run's rules (serve --settings) live in every thread, and a thread counting its own calls
 * made `next=2` fire twice per thread and `nth=1` once per thread. serve's main thread counts them instead,
 * over every thread: this call, for each counted rule (nth, next) of the run it matches; the counts the
 * thread then decides with (decideFault's runCounts).
 */
export function countRunCall(
  rules: ReadonlyArray<readonly [string, string]>,
  call: FaultCall,
  counts: Map<string, number>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of rules) {
    const rule = ruleOf(name, value);
    if ((rule.when.kind !== 'nth' && rule.when.kind !== 'next') || !faultMatches(rule, call)) continue;
    const n = (counts.get(name) ?? 0) + 1;
    counts.set(name, n);
    out[name] = n;
  }
  return out;
}

/** Most specific first: an operation's rule, then its service's, then every service's. */
const specificity = (r: FaultRule) => (r.service === '*' ? 2 : r.operation === '*' ? 1 : 0);

/**
 * The fault for this call, if a rule fires: every matching rule that counts calls counts this one (in one
 * transaction), and the most specific rule that fires wins. `random` in [0, 1) decides `p=` rules.
 */
export function decideFault(
  db: Database,
  call: FaultCall,
  sources: FaultSources = 'all',
  random: () => number = Math.random,
  runCounts?: Readonly<Record<string, number>>,
): FiredFault | undefined {
  const values = faultValues(db, sources);
  if (values.length === 0) return undefined;
  const matching = values
    .map((v) => ({ ...v, rule: ruleOf(v.name, v.value) }))
    .filter((v) => faultMatches(v.rule, call))
    .sort((a, b) => specificity(a.rule) - specificity(b.rule));
  if (matching.length === 0) return undefined;
  const counted = matching.filter((m) => m.rule.when.kind === 'nth' || m.rule.when.kind === 'next');
  const counts = new Map<string, number>();
  const run = RUN_RULES.get(db);
  for (const m of counted.filter((c) => c.source === 'run')) {
    // With a pool, counted on serve's main thread over every thread (countRunCall), not by this thread alone.
    const n = runCounts?.[m.name] ?? (run!.counts.get(m.name) ?? 0) + 1;
    run!.counts.set(m.name, n);
    counts.set(m.name, n);
  }
  const stored = counted.filter((c) => c.source === 'set');
  if (stored.length > 0) {
    db.transaction(
      () => {
        for (const m of stored) {
          const row = stmt(db, 'SELECT value FROM settings WHERE name = ?').get(`${COUNT_PREFIX}${m.name}`) as
            | { value: string }
            | undefined;
          const n = Number(row?.value ?? 0) + 1;
          stmt(
            db,
            'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
          ).run(`${COUNT_PREFIX}${m.name}`, String(n));
          counts.set(m.name, n);
        }
      },
      'serializable',
      { bookkeeping: true },
    ).immediate();
  }
  for (const m of matching) {
    if (faultFires(m.rule, counts.get(m.name) ?? 0, random))
      return { rule: m.rule, label: `${m.name}: ${faultText(m.rule)}` };
  }
  return undefined;
}

/** The store's rules parsed, kept for the generation they were read at: the rows' text (decideFromRows). */
let generation: { key: string; rules: Array<{ name: string; rule: FaultRule }> } | undefined;

/**
 * serve's decision from the store's rules as read on its main thread (store/rule-reader.ts), without a trip
 * to a pool thread: the rule that fires, or none; `counted` when a rule that counts calls (nth, next)
 * matches, whose count is in the store and exact across instances: a thread decides that call (decideFault).
 * The parsed rules are kept while the rows read are the same (the store's generation of them).
 */
export function decideFromRows(
  rows: ReadonlyArray<{ name: string; value: string }>,
  call: FaultCall,
  random: () => number = Math.random,
): FiredFault | undefined | 'counted' {
  if (rows.length === 0) return undefined;
  const key = rows.map((r) => `${r.name}\n${r.value}`).join('\n');
  if (generation?.key !== key)
    generation = { key, rules: rows.map((r) => ({ name: r.name, rule: ruleOf(r.name, r.value) })) };
  const matching = generation.rules
    .filter((v) => faultMatches(v.rule, call))
    .sort((a, b) => specificity(a.rule) - specificity(b.rule));
  if (matching.some((m) => m.rule.when.kind === 'nth' || m.rule.when.kind === 'next')) return 'counted';
  for (const m of matching)
    if (faultFires(m.rule, 0, random)) return { rule: m.rule, label: `${m.name}: ${faultText(m.rule)}` };
  return undefined;
}

/**
 * What a rule that fired does to its call, for serve (server/handler.ts) and the CLI's embedded backend
 * alike (issue 40: one actor per rule): a latency is waited (then the call goes on: undefined); throttle,
 * 500 and 503 throw the service's error, in its protocol's shape (a JSON 1.1 one with the fields a client
 * reads); `close` is answered `'close'`, which each caller carries out its own way (serve closes the
 * connection without an answer; the CLI's backend fails as a transport error).
 */
export async function actOnFault(
  fired: FiredFault,
  service: ServiceName,
  wait: (ms: number) => Promise<boolean> = async (ms) => {
    await waitAtLeast(ms);
    return true;
  },
): Promise<'close' | undefined> {
  const action = fired.rule.action;
  // A latency's wait that was cut short (serve: the client went away, a reset, serve stopping): the request is
  // dropped as a closed connection's, never run late.
  if (action.kind === 'latency') return (await wait(action.ms)) ? undefined : 'close';
  if (action.kind === 'close') return 'close';
  const err = faultError(service, action.kind);
  if (serviceModel(service).protocol === 'json11')
    err.fields = json11ErrorFields(err.code, err.message, { message: err.message });
  throw Object.assign(err, { [FAULT_FIRED]: true });
}

/** Marks the error a fault rule threw (actOnFault): the rule's answer, not the store's. */
export const FAULT_FIRED = Symbol('fault fired');

export { FAULT_PREFIX, isFaultName };
