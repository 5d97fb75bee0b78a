/**
 * `svcctl store import` through the same gate as a create (issue 44, item 4): each resource row is replayed as
 * the create it says it was made by. Its document gives the create's input (each handler says how:
 * `createInputOf`), which goes through the one input gate (gate.ts: the model's rules) and the handler's own
 * rules (`checkCreate`: models/rules.ts, tags, keys); then what that create would have stored, for the row's
 * account, region, id and times, must be the document exactly: a member no create stores (an unknown one,
 * `__proto__`), an ARN of another partition, a value a create would have refused, are named and the whole
 * file is refused. Each setting goes through the check of `service settings set` (settings-store.ts).
 * No rule is written twice: the replay calls the handlers' own functions.
 */
import { ServiceError } from '../../core/errors.js';
import { headerValueProblem } from '../../core/header-value.js';
import { echoJsonValue } from '../../core/input-rules.js';
import { parseJsonExact, stringifyJsonExact } from '../../core/pynum.js';
import { isRegionName } from '../../models/partitions.js';
import { OPERATIONS, type OperationName } from '../../models/registry.js';
import { serviceSetting } from '../../models/service-settings.js';
import type { ResourceTable } from '../../models/resource-kinds.js';
import type { Shape } from '../../models/shapes.js';
import { checkConstraints, isPlainObject } from '../../models/validate.js';
import { isFaultName } from './faults.js';
import { gateInput } from './gate.js';
import { MAX_KEY_LENGTH, takesIdempotency } from './idempotency.js';
import * as accountTokens from './handlers/account-tokens.js';
import { ACCOUNT_PREFIX, accountFrom } from './handlers/accounts.js';
import * as adjustments from './handlers/meter-event-adjustments.js';
import { reportErrors } from './handlers/meter-error-reports.js';
import * as launchConfigurations from './handlers/launch-configurations.js';
import * as meterEvents from './handlers/meter-events.js';
import * as meterEventStreams from './handlers/meter-event-streams.js';
import * as meters from './handlers/meters.js';
import * as repositories from './handlers/repositories.js';
import { checkPair } from './settings-store.js';
import type { Database } from './store/db.js';

type Row = Record<string, unknown>;
type Doc = Record<string, unknown>;

/** One row replayed: the create it stands for, its input, the region it ran in, and the document it stores. */
interface Replay {
  operation: OperationName;
  input: Doc;
  region?: string;
  /** The handler's own rules beyond the model's. */
  rules?: () => void;
  stored: () => Doc;
  /** What is wrong with the row's columns that the document does not hold (times the service reads them by). */
  columns?: (stored: Doc) => string | undefined;
}

/** A time column that must be the document's time `member` (RFC 3339), or undefined when it is. */
function sameTime(row: Row, column: string, stored: Doc, member: string): string | undefined {
  const ms = Date.parse(stored[member] as string);
  return row[column] === ms
    ? undefined
    : `column ${column} is ${row[column]}, not the document's ${member} ${stored[member]} (${ms})`;
}

/** A time column that must not be before the row's created_ms, or undefined when it is not. */
function notBeforeCreated(row: Row, column: string, what: string): string | undefined {
  const at = row[column];
  return (at as number) >= (row.created_ms as number)
    ? undefined
    : `column ${column} is ${at}, before ${what} (created_ms ${row.created_ms})`;
}

/** A setting's largest value (models/service-settings.ts): how far after its create a create sets a time column. */
function settingMax(name: string): number {
  const kind = serviceSetting(name)?.kind;
  if (kind?.type !== 'integer') throw new Error(`no integer setting ${name}`);
  return kind.max;
}

/**
 * A time column a create sets to created_ms plus a setting's value then (which may have changed since), in
 * `unit` ms, or undefined when it is one: from created_ms to the setting's largest value after it.
 */
function withinSetting(row: Row, column: string, setting: string, unit: 1 | 1000): string | undefined {
  const after = (row[column] as number) - (row.created_ms as number);
  const most = settingMax(setting) * unit;
  if (after >= 0 && after <= most && after % unit === 0) return undefined;
  return unit === 1000
    ? `column ${column} is ${row[column]}, not created_ms ${row.created_ms} plus a lifetime a create gives (0 to ${most / 1000} whole seconds: ${setting})`
    : `column ${column} is ${row[column]}, later than a create makes it (created_ms ${row.created_ms} plus at most ${most} ms: ${setting})`;
}

const LC_ARN = /^arn:[^:]*:autoscaling:[^:]*:[^:]*:launchConfiguration:([0-9a-f-]{36}):launchConfigurationName\//;

/** The account's data an account was made from: its token's, as the account repeats it. */
const ACCOUNT_DATA = ['contact_email', 'contact_phone', 'display_name', 'identity'] as const;

/**
 * What updates and (de)activations since its create may have changed in a meter (handlers/meters.ts): its name
 * (the gate checks it as the create's), its status, when it was last deactivated and last changed, each taken
 * from the document where it is one of those could make, else what the create stored (so that the difference
 * names it): `updated` a whole second from the create's on, `deactivated_at` null or a whole second from the
 * create's to `updated`, and an inactive meter's not null.
 */
function meterChanges(doc: Doc, created: Doc): Doc {
  const second = (v: unknown, from: number, to = Number.MAX_SAFE_INTEGER) =>
    Number.isSafeInteger(v) && (v as number) >= from && (v as number) <= to;
  const start = created.created as number;
  const updated = second(doc.updated, start) ? (doc.updated as number) : created.updated;
  const status = doc.status === 'active' || doc.status === 'inactive' ? doc.status : created.status;
  const transitions = doc.status_transitions;
  const at = isPlainObject(transitions) ? transitions.deactivated_at : undefined;
  const deactivatedAt =
    isPlainObject(transitions) &&
    Object.keys(transitions).length === 1 &&
    (at === null ? status === 'active' : second(at, start, updated as number))
      ? transitions
      : // An inactive meter's last deactivation made its deactivated_at and its updated alike.
        status === 'inactive'
        ? { deactivated_at: updated }
        : created.status_transitions;
  return { display_name: doc.display_name, status, status_transitions: deactivatedAt, updated };
}

/** One replay for every resource table: a new one without it fails `tsc`, so no table is imported unchecked. */
const REPLAYS: Record<ResourceTable, (row: Row, doc: Doc) => Replay> = {
  repositories: (row, doc) => {
    const input = repositories.createInputOf(doc);
    const region = row.region as string;
    return {
      operation: 'CreateRepository',
      input,
      region,
      rules: () => repositories.checkCreate(input, region),
      stored: () => repositories.storedRepository(input, row.registry_id as string, region),
    };
  },
  launch_configurations: (row, doc) => {
    const input = launchConfigurations.createInputOf(doc);
    const region = row.region as string;
    const uuid = LC_ARN.exec(String(doc.LaunchConfigurationARN))?.[1] ?? '<uuid>';
    const arn = launchConfigurations.launchConfigurationArn(region, row.owner as string, uuid, row.name as string);
    return {
      operation: 'CreateLaunchConfiguration',
      input,
      region,
      rules: () => launchConfigurations.checkCreate(input),
      stored: () => launchConfigurations.storedLaunchConfiguration(input, arn),
    };
  },
  account_tokens: (row, doc) => {
    const input = isPlainObject(doc.data) ? doc.data : {};
    return {
      operation: 'CreateAccountToken',
      input,
      stored: () =>
        accountTokens.storedToken(
          row.id as string,
          row.created_ms as number,
          row.expires_ms as number,
          row.livemode === 1,
          input,
        ),
      // It expires the token lifetime of its time after its create, in whole seconds (a setting).
      columns: () => withinSetting(row, 'expires_ms', 'account_token_lifetime_seconds', 1000),
    };
  },
  accounts: (row, doc) => {
    const input = Object.fromEntries(ACCOUNT_DATA.filter((k) => doc[k] !== undefined).map((k) => [k, doc[k]]));
    return {
      operation: 'CreateAccountToken',
      input,
      stored: () => accountFrom(row.id as string, row.created_ms as number, row.livemode === 1, input),
    };
  },
  meter_event_adjustments: (row, doc) => {
    const input = adjustments.createInputOf(doc);
    return {
      operation: 'CreateMeterEventAdjustment',
      input,
      rules: () => adjustments.checkCreate(input),
      stored: () => adjustments.storedAdjustment(row.id as string, row.created_ms as number, row.livemode === 1, input),
      // It completes the processing delay of its time after its create (a setting, which may have changed since).
      columns: () =>
        notBeforeCreated(row, 'completes_ms', 'the adjustment was created') ??
        withinSetting(row, 'completes_ms', 'meter_event_adjustment_processing_ms', 1),
    };
  },
  meter_events: (row, doc) => {
    const input = meterEvents.createInputOf(doc);
    const received = row.created_ms as number;
    return {
      operation: 'CreateMeterEvent',
      input,
      rules: () => meterEvents.checkWindow(meterEvents.timestampMsOf(input, received), received),
      stored: () => meterEvents.storedEvent(input, received, row.livemode === 1, row.identifier as string),
      // Its usage is counted at timestamp_ms. Its cancels_ms is another row's time (its adjustment's completion,
      // made by whichever instance of a shared store took the adjustment, on that instance's clock): not held to
      // its own created_ms, so that a snapshot of serves whose clocks differ is imported as it was exported.
      columns: (stored) => sameTime(row, 'timestamp_ms', stored, 'timestamp'),
    };
  },
  meters: (row, doc) => {
    const input = meters.createInputOf(doc);
    return {
      operation: 'CreateMeter',
      input,
      stored: () => {
        const created = meters.storedMeter(row.id as string, row.created_ms as number, row.livemode === 1, input);
        return { ...created, ...meterChanges(doc, created) };
      },
    };
  },
  meter_event_sessions: (row) => ({
    operation: 'CreateMeterEventSession',
    input: {},
    stored: () =>
      meterEventStreams.storedSession(
        row.id as string,
        row.token as string,
        row.created_ms as number,
        row.livemode === 1,
      ),
    // A stream request's token is taken until expires_ms.
    columns: (stored) => sameTime(row, 'expires_ms', stored, 'expires_at'),
  }),
};

/** A cell or member as JSON text, cut past MAX_ECHO with its length (core/input-rules.ts's echo rule). */
const shown = echoJsonValue;

/** The first member where `actual` is not `expected` (a member holding undefined is absent), as a dotted path. */
function difference(expected: unknown, actual: unknown, path: string): string | undefined {
  const at = (k: string) => (path ? `${path}.${k}` : k);
  if (isPlainObject(expected) && isPlainObject(actual)) {
    const own = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
    const extra = own(actual).find((k) => !Object.hasOwn(expected, k) || expected[k] === undefined);
    if (extra !== undefined) return `member ${at(extra)} is not one a create stores`;
    for (const k of own(expected)) {
      if (!Object.hasOwn(actual, k)) return `member ${at(k)} is missing; a create stores ${shown(expected[k])}`;
      const d = difference(expected[k], actual[k], at(k));
      if (d) return d;
    }
    return undefined;
  }
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    for (const [i, v] of expected.entries()) {
      const d = difference(v, actual[i], at(String(i + 1)));
      if (d) return d;
    }
    return undefined;
  }
  if (stringifyJsonExact(expected) === stringifyJsonExact(actual)) return undefined;
  return `member ${path} is ${shown(actual)}, where a create stores ${shown(expected)}`;
}

/** The dotted path of the first member holding null in `v`, or undefined. */
function firstNull(v: unknown, path: string): string | undefined {
  if (!isPlainObject(v) && !Array.isArray(v)) return undefined;
  for (const [k, x] of Object.entries(v)) {
    const at = path ? `${path}.${Array.isArray(v) ? Number(k) + 1 : k}` : k;
    if (x === null) return at;
    const inner = firstNull(x, at);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

const ACCOUNT = /^\d{12}$/;

/** The id columns a create fills from core/context.ts's ids: its prefix, then letters and digits. */
const ID_COLUMNS: Partial<Record<ResourceTable, ReadonlyArray<readonly [column: string, prefix: string]>>> = {
  account_tokens: [['id', accountTokens.TOKEN_PREFIX]],
  // token_id: the token the create used up, named by its id even once a reset of account tokens deleted it.
  accounts: [
    ['id', ACCOUNT_PREFIX],
    ['token_id', accountTokens.TOKEN_PREFIX],
  ],
  meter_event_adjustments: [['id', adjustments.ADJUSTMENT_PREFIX]],
  meter_event_sessions: [
    ['id', meterEventStreams.SESSION_PREFIX],
    ['token', meterEventStreams.SESSION_TOKEN_PREFIX],
  ],
  meters: [['id', meters.METER_PREFIX]],
};

/** Stripe's longest id (handlers/meters.ts reads a longer customer id as none). */
const MAX_ID = 255;

function idProblem(table: ResourceTable, row: Row): string | undefined {
  for (const [column, prefix] of ID_COLUMNS[table] ?? []) {
    const id = row[column] as string;
    if (!(id.startsWith(prefix) && /^[0-9A-Za-z]+$/.test(id.slice(prefix.length)) && id.length <= MAX_ID))
      return `column ${column} is ${shown(id)}, not an id a create makes (${shown(prefix)} and then letters and digits, ${MAX_ID} characters at most)`;
  }
  return undefined;
}

/** What is wrong with one resource row (its cells already of their kinds, its document of its shape), or undefined. */
export function resourceRowProblem(table: string, row: Row, doc: Doc): string | undefined {
  const replay = Object.hasOwn(REPLAYS, table) ? REPLAYS[table as ResourceTable] : undefined;
  if (!replay) return undefined;
  for (const column of ['owner', 'registry_id'])
    if (column in row && !ACCOUNT.test(row[column] as string))
      return `column ${column} is ${shown(row[column])}, not an account id (12 digits)`;
  const badId = idProblem(table as ResourceTable, row);
  if (badId) return badId;
  const { operation, input, region, rules, stored, columns } = replay(row, doc);
  if (region !== undefined && !isRegionName(region))
    return `column region is ${shown(region)}, not a region name (lower-case letters, digits and hyphens)`;
  try {
    // The gate drops null members (a create sees them absent), so a document holding one is no create's.
    const seen = gateInput(operation, input);
    const nullAt = stringifyJsonExact(seen) === stringifyJsonExact(input) ? undefined : firstNull(input, '');
    if (nullAt !== undefined) return `column doc: member ${nullAt} is null, which no create stores`;
    rules?.();
  } catch (err) {
    // The service's words, without their last full stop (the file's error adds its own), and no raw control
    // character (the service echoes a value as it came: a file's NUL or ESC would reach the terminal).
    if (err instanceof ServiceError)
      return `column doc: ${operation} would refuse it: ${err.message.replace(/\.$/, '').replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}`;
    throw err;
  }
  const expected = stored();
  const d = difference(expected, doc, '');
  return d ? `column doc: ${d}` : columns?.(expected);
}

/**
 * What is wrong between the rows of two tables, or undefined: an account's token, where the snapshot holds it,
 * is used (a create marks the token it takes used; unused, the token would make a second account, which the
 * accounts' unique token_id refuses with a database error). A token the snapshot does not hold is no problem:
 * `service reset account-tokens` leaves the accounts.
 */
export function relationsProblem(tables: Record<string, { columns: string[]; rows: unknown[][] }>): string | undefined {
  const tokens = tables.account_tokens;
  const accounts = tables.accounts;
  if (!tokens || !accounts) return undefined;
  const col = (t: { columns: string[] }, c: string) => t.columns.indexOf(c);
  const tokenRow = new Map(tokens.rows.map((r, n) => [r[col(tokens, 'id')], { n, used: r[col(tokens, 'used')] }]));
  for (const [n, r] of accounts.rows.entries()) {
    const id = r[col(accounts, 'token_id')];
    const token = tokenRow.get(id);
    if (token !== undefined && token.used !== 1)
      return `table accounts, row ${n + 1}: column token_id is ${shown(id)}, which table account_tokens, row ${token.n + 1} holds unused (used ${token.used}), where the create that made the account used it`;
  }
  return undefined;
}

/** The operations whose answers the idempotency layer keeps (idempotency.ts). */
const IDEMPOTENT = new Set(OPERATIONS.filter(takesIdempotency).map((op) => op.name));

/**
 * What is wrong with one row of idempotency_keys, or undefined: each is what a v2 POST with an
 * Idempotency-Key writes (idempotency.ts): for an account, a key of 1 to MAX_KEY_LENGTH characters, one of the
 * operations that keep keys, the request's SHA-256 fingerprint, and the answer it gave, of the row's mode.
 */
export function idempotencyRowProblem(row: Row): string | undefined {
  if (!ACCOUNT.test(row.owner as string)) return `column owner is ${shown(row.owner)}, not an account id (12 digits)`;
  const key = row.key as string;
  if (key === '' || key.length > MAX_KEY_LENGTH)
    return `column key is ${shown(key)}: an Idempotency-Key is 1 to ${MAX_KEY_LENGTH} characters`;
  // The request path's rule (core/header-value.ts): a key no request can send is no key a request kept.
  const unsendable = headerValueProblem(key);
  if (unsendable) return `column key is ${shown(key)}: an Idempotency-Key ${unsendable.replace(/^it /, '')}`;
  if (!IDEMPOTENT.has(row.operation as string))
    return `column operation is ${shown(row.operation)}, not an operation that keeps Idempotency-Keys (${[...IDEMPOTENT].join(', ')})`;
  if (!/^[0-9a-f]{64}$/.test(row.fingerprint as string))
    return `column fingerprint is ${shown(row.fingerprint)}, not a request's SHA-256 (64 hex digits)`;
  const response = parseJsonExact(row.response as string) as Doc;
  const answered = answerProblem(row.operation as OperationName, response);
  if (answered) return `column response: ${answered}`;
  if ('livemode' in response && response.livemode !== (row.livemode === 1))
    return `column response: member livemode is ${shown(response.livemode)}, where the row's livemode is ${row.livemode}`;
  return undefined;
}

/** The dotted path of the first member of `v` that `shape` does not hold, at any depth, or undefined. */
function unknownMember(shape: Shape, v: unknown, path: string): string | undefined {
  const at = (k: string) => (path ? `${path}.${k}` : k);
  if (shape.type === 'structure' && isPlainObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (!Object.hasOwn(shape.members, k)) return at(k);
      const inner = unknownMember(shape.members[k]!, x, at(k));
      if (inner) return inner;
    }
  } else if (shape.type === 'list' && Array.isArray(v)) {
    for (const [i, x] of v.entries()) {
      const inner = unknownMember(shape.member, x, at(String(i + 1)));
      if (inner) return inner;
    }
  } else if (shape.type === 'map' && isPlainObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      const inner = unknownMember(shape.value, x, at(k));
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * What is wrong with a kept answer of `operation`, or undefined: it is replayed to a repeat as it is, so it is
 * one that operation gives: of its output's object, each member one the output holds and of its type.
 */
function answerProblem(operation: OperationName, response: Doc): string | undefined {
  const output = OPERATIONS.find((op) => op.name === operation)!.output;
  const object = output.type === 'structure' ? output.members.object : undefined;
  const expected = object?.type === 'string' ? object.enum?.[0] : undefined;
  if (expected !== undefined && response.object !== expected)
    return `member object is ${response.object === undefined ? 'missing' : shown(response.object)}, where ${operation} answers ${shown(expected)}`;
  const unknown = unknownMember(output, response, '');
  if (unknown) return `member ${unknown} is not one ${operation} answers`;
  const wrong = checkConstraints(output, response).find((v) => v.constraint.startsWith('Member must be of type'));
  return (
    wrong &&
    `member ${wrong.path.join('.')} must be of type ${wrong.constraint.split(' ').pop()}, not ${shown(wrong.value)}`
  );
}

const COUNT = /^fault-calls:(.*)$/s;

/** What is wrong with one row of the settings table, or undefined: each is what `service settings set` would write. */
export function settingRowProblem(name: string, value: string): string | undefined {
  if (name === 'page_token_secret')
    return /^[0-9a-f]{64}$/.test(value) ? undefined : `the page-token secret ${shown(value)} is not 64 hex digits`;
  const count = COUNT.exec(name);
  if (count) {
    if (!isFaultName(count[1]!)) return `${shown(name)} counts no fault rule`;
    return /^\d{1,15}$/.test(value) ? undefined : `the call count ${shown(value)} of ${count[1]} is not a whole number`;
  }
  try {
    const [canonicalName, canonicalValue] = checkPair(name, value);
    if (canonicalName !== name || canonicalValue !== value)
      return `${shown(name)} = ${shown(value)} is not as the service stores it (${shown(canonicalName)} = ${shown(canonicalValue)})`;
    return undefined;
  } catch (err) {
    return (err as Error).message.replace(/\.$/, '');
  }
}

/**
 * What the imported meter events count (`store import`): meter_usage is derived, so a snapshot holds none of
 * it, and each imported event is counted again by the active meters of its name that existed when it was
 * received (docs/compat.md row 370), as a create counts it. A cancelled event stays cancelled: its row
 * carries the cancellation, and its usage rows are given it. What the meters could not count is reported again
 * (meter-error-reports.ts: the same reports, their ids made from what they report on and their window).
 */
export function countImportedEvents(db: Database, rows: readonly Row[]): void {
  const meterSets = new Map<string, ReturnType<typeof meters.countingMeters>>();
  for (const row of rows) {
    const owner = row.owner as string;
    const mode = row.livemode as number;
    const eventName = row.event_name as string;
    const key = `${owner}\u0000${mode}\u0000${eventName}`;
    let counting = meterSets.get(key);
    if (counting === undefined) meterSets.set(key, (counting = meters.countingMeters(db, owner, mode, eventName)));
    const received = row.created_ms as number;
    const event = {
      owner,
      mode,
      identifier: row.identifier as string,
      createdMs: received,
    };
    const errors = meters.writeUsage(
      db,
      counting.filter((m) => m.createdMs <= received),
      {
        owner,
        mode,
        identifier: row.identifier as string,
        createdMs: received,
        timestampMs: row.timestamp_ms as number,
        payload: (parseJsonExact(row.doc as string) as Doc).payload as Doc,
        cancelsMs: (row.cancels_ms as number | null) ?? null,
      },
    );
    if (errors.length > 0) reportErrors(db, event, errors);
  }
}
