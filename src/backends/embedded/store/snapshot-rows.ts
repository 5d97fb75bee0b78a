/**
 * Every row of a snapshot checked against what the service reads back, before `svcctl store import` writes
 * anything: each column of the kind its table's descriptor gives (models/resource-kinds.ts: text, a whole
 * number, a 0/1 flag; null only in a column the descriptor marks nullable, as a meter event's cancels_ms), each document JSON of its resource's shape (the descriptor's document
 * rule: the model's types and required members) naming the row it belongs to, and no key twice. A row that
 * passed is one every listing and lookup can read; a row that did not is named (table, row number, column or
 * member) and the whole file is refused.
 */
import { parseJsonExact } from '../../../core/pynum.js';
import {
  echoBare,
  echoJsonValue,
  jsonNestsDeeper,
  MAX_NESTING,
  memberPath,
  valueProblem,
} from '../../../core/input-rules.js';
import type { Shape } from '../../../models/shapes.js';
import { checkConstraints, isPlainObject } from '../../../models/validate.js';
import { pythonJsonError } from '../../../input/python-json.js';
import { duplicateJsonKey } from '../../../core/config-text.js';
import type { ColumnKind, DocRule, ResourceDescriptor, TableDescriptor } from '../../../models/resource-kinds.js';

const KIND_WORDS: Record<ColumnKind, string> = {
  text: 'a string',
  int: 'a whole number of 0 or more',
  flag: '0 or 1',
  json: 'a JSON object in a string',
  real: 'a number',
  bytes: 'bytes',
};

function cellOk(kind: ColumnKind, v: unknown): boolean {
  if (kind === 'text' || kind === 'json') return typeof v === 'string';
  // Times in ms since 1970 and counts: never negative (a negative created_ms is no time a create made).
  if (kind === 'int') return Number.isSafeInteger(v) && (v as number) >= 0;
  if (kind === 'real') return Number.isFinite(v);
  if (kind === 'bytes') return false; // never in a snapshot
  return v === 0 || v === 1;
}

/**
 * The last millisecond of the year 9999: the last time the service writes (RFC 3339 and ISO 8601 show four
 * digits of year; models/stripe.ts bounds a meter's Unix seconds alike). A time column (`…_ms`) past it is
 * no time a create wrote, and a listing could not print it ("Invalid time value" past a Date's range).
 */
const LAST_MS = 253_402_300_799_999;

/** A cell or member as JSON text, cut past MAX_ECHO with its length (core/input-rules.ts's echo rule). */
const shown = echoJsonValue;

function memberAt(doc: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (isPlainObject(v) ? v[k] : undefined), doc);
}

/** What is wrong with one document, or undefined. Only types and required members: lengths and patterns were the service's to check. */
function docProblem(text: string, rule: DocRule | undefined, row: Record<string, unknown>): string | undefined {
  if (jsonNestsDeeper(text)) return `nests deeper than ${MAX_NESTING} levels`;
  let doc: unknown;
  try {
    doc = parseJsonExact(text);
  } catch (err) {
    return `is not JSON (${pythonJsonError(text, false) ?? (err as Error).message.split('\n')[0]})`;
  }
  if (!isPlainObject(doc)) return 'is not a JSON object';
  // JSON.parse keeps a member's last value: one given twice in a hand-edited document is refused, not half-read.
  const dup = duplicateJsonKey(text);
  if (dup) return `member ${echoBare(dup.key)} is given twice`;
  const bad = valueProblem(doc);
  if (bad) return `member ${memberPath('', bad.path).slice(1)} ${bad.detail}`;
  if (!rule) return undefined;
  const typeOnly = (c: string) => c.startsWith('Member must be of type') || c === 'Member must not be null';
  const wrong = checkConstraints(rule.shape as Shape, doc).find((v) => typeOnly(v.constraint));
  if (wrong) {
    const what =
      wrong.constraint === 'Member must not be null'
        ? 'is missing'
        : `must be of type ${wrong.constraint.split(' ').pop()}, not ${shown(wrong.value)}`;
    return `member ${wrong.path.join('.')} ${what}`;
  }
  const differs = rule.same.find(([member, column]) => memberAt(doc, member) !== row[column]);
  return differs
    ? `member ${differs[0]} is ${shown(memberAt(doc, differs[0]))}, not the row's ${differs[1]} ${shown(row[differs[1]])}`
    : undefined;
}

/** The first problem of one row, naming its column. */
function rowProblem(spec: TableDescriptor, cells: unknown[]): string | undefined {
  const doc = (spec as Partial<ResourceDescriptor>).doc;
  const row = Object.fromEntries(spec.columns.map(([c], i) => [c, cells[i]]));
  for (const [i, [column, kind, nullable]] of spec.columns.entries()) {
    if (nullable === 'null' && cells[i] === null) continue;
    if (!cellOk(kind, cells[i])) return `column ${column} is ${shown(cells[i])}, not ${KIND_WORDS[kind]}`;
    if (kind === 'int' && column.endsWith('_ms') && (cells[i] as number) > LAST_MS)
      return `column ${column} is ${shown(cells[i])}, later than ${new Date(LAST_MS).toISOString()} (the last time the service writes)`;
    if (kind !== 'json') continue;
    const problem = docProblem(cells[i] as string, doc, row);
    if (problem) return `column ${column}: ${problem}`;
  }
  return undefined;
}

/** Two rows with the same primary key (or unique column): the second one, named with the first. */
function duplicate(spec: TableDescriptor, rows: unknown[][]): string | undefined {
  const columns = spec.columns.map(([c]) => c);
  const groups = [columns.slice(0, spec.key), ...(spec.unique ?? []).map((c) => [c])];
  for (const group of groups) {
    const at = group.map((c) => columns.indexOf(c));
    const first = new Map<string, number>();
    for (const [n, row] of rows.entries()) {
      const id = JSON.stringify(at.map((i) => row[i]));
      const seen = first.get(id);
      if (seen !== undefined)
        return `table ${spec.table}, row ${n + 1}: the same ${group.join(', ')} as row ${seen + 1} (${at.map((i) => shown(row[i])).join(', ')})`;
      first.set(id, n);
    }
  }
  return undefined;
}

/** The first row of a table that the store could not take or the service could not read back, in words. */
export function tableRowsProblem(spec: TableDescriptor, rows: unknown[][]): string | undefined {
  for (const [n, cells] of rows.entries()) {
    const problem = rowProblem(spec, cells);
    if (problem) return `table ${spec.table}, row ${n + 1}: ${problem}`;
  }
  return duplicate(spec, rows);
}
