/**
 * The meters' error reports (Stripe's v2 thin events `v1.billing.meter.error_report_triggered` and
 * `v1.billing.meter.no_meter_found`), read with `GET /v2/core/events` and `GET /v2/core/events/:id`.
 *
 * A meter event is accepted whatever its payload; what a meter cannot count is reported (meters.ts's
 * writeUsage says why, in the event's transaction): an event of a name no active meter has (`no_meter`, a
 * no_meter_found event about no object), or one whose payload lacks a meter's customer key
 * (`meter_event_no_customer_defined`) or whose value is missing or not a number (`meter_event_invalid_value`),
 * an error_report_triggered event about that meter. One report per meter (or per account and mode, for
 * no_meter) and per minute of receipt (its validation window, docs/compat.md): the errors of the window are
 * added to it as they arrive (its counts, and up to SAMPLES samples of each code), so it is readable at once,
 * not after the window closes as Stripe's is. Its id is made from what it reports on and its window, so that
 * `store import`, which counts the imported events again, makes the same reports. Reports are derived, as
 * meter_usage is: not in a snapshot, and deleted with the events (a reset) or the meter they are about.
 */
import { createHash } from 'node:crypto';
import { echoText } from '../../../core/input-rules.js';
import { parseJsonInts, stringifyJsonExact } from '../../../core/pynum.js';
import type { Database } from '../store/db.js';
import { stmt } from '../store/statements.js';
import type { Handler, HandlerTable } from './handler.js';
import { callKey, notFound, rfc3339, v2Error } from './stripe.js';

type Doc = Record<string, unknown>;

/** The validation window of a report: the minute an event was received in. */
export const WINDOW_MS = 60_000;
/** How many sample errors a report keeps of each code. */
export const SAMPLES = 5;

export type ErrorCode =
  | 'no_meter'
  | 'meter_event_no_customer_defined'
  | 'meter_event_customer_not_found'
  | 'meter_event_invalid_value';

/** What a meter could not count of one event (meter undefined: no active meter has the event's name). */
export interface MeterError {
  meter?: string;
  code: ErrorCode;
  message: string;
}

const ERROR_REPORT = 'v1.billing.meter.error_report_triggered';
const NO_METER = 'v1.billing.meter.no_meter_found';

function reportId(owner: string, mode: number, type: string, objectId: string, windowMs: number): string {
  const h = createHash('sha256').update(`${owner}\n${mode}\n${type}\n${objectId}\n${windowMs}`).digest('base64url');
  return `${mode === 1 ? 'evt_' : 'evt_test_'}${h.replace(/[-_]/g, '').slice(0, 32)}`;
}

const summary = (n: number, start: number, meter: string | undefined) =>
  `${n} meter event${n === 1 ? '' : 's'} received between ${rfc3339(start)} and ${rfc3339(start + WINDOW_MS)} ` +
  `could not be counted ${meter === undefined ? 'by any meter (no active meter has their event_name)' : `by meter ${meter}`}.`;

export const SELECT_REPORT = 'SELECT doc FROM meter_error_reports WHERE id = ?';
const INSERT_REPORT =
  'INSERT INTO meter_error_reports (id, owner, livemode, object_id, created_ms, doc) VALUES (?, ?, ?, ?, ?, ?)';
const UPDATE_REPORT = 'UPDATE meter_error_reports SET doc = ? WHERE id = ?';

/**
 * Adds one event's errors to the reports of their meters and of its minute of receipt (the event's
 * transaction): a report is made by the first error of its window and grows with the next ones.
 */
export function reportErrors(
  db: Database,
  event: { owner: string; mode: number; identifier: string; createdMs: number },
  errors: readonly MeterError[],
): void {
  const start = Math.floor(event.createdMs / WINDOW_MS) * WINDOW_MS;
  for (const e of errors) {
    const type = e.meter === undefined ? NO_METER : ERROR_REPORT;
    const objectId = e.meter ?? '';
    const id = reportId(event.owner, event.mode, type, objectId, start);
    const row = stmt(db, SELECT_REPORT).get(id) as { doc: string } | undefined;
    const doc: Doc = row
      ? (parseJsonInts(row.doc) as Doc)
      : {
          id,
          object: 'v2.core.event',
          context: null,
          created: rfc3339(event.createdMs),
          data: {
            developer_message_summary: '',
            reason: { error_count: 0, error_types: [] },
            validation_end: rfc3339(start + WINDOW_MS),
            validation_start: rfc3339(start),
          },
          livemode: event.mode === 1,
          reason: null,
          related_object:
            e.meter === undefined ? null : { id: e.meter, type: 'billing.meter', url: `/v1/billing/meters/${e.meter}` },
          type,
        };
    const data = doc.data as Doc;
    const reason = data.reason as { error_count: number; error_types: Doc[] };
    reason.error_count += 1;
    let kind = reason.error_types.find((t) => t.code === e.code);
    if (kind === undefined) {
      kind = { code: e.code, error_count: 0, sample_errors: [] };
      reason.error_types.push(kind);
    }
    kind.error_count = (kind.error_count as number) + 1;
    const samples = kind.sample_errors as Doc[];
    if (samples.length < SAMPLES) samples.push({ error_message: e.message, request: { identifier: event.identifier } });
    data.developer_message_summary = summary(reason.error_count, start, e.meter);
    if (row) stmt(db, UPDATE_REPORT).run(stringifyJsonExact(doc), id);
    else stmt(db, INSERT_REPORT).run(id, event.owner, event.mode, objectId, event.createdMs, stringifyJsonExact(doc));
  }
}

/** A page token: the position after which the page starts (newest first), and what the list was asked for. */
interface Page {
  after?: [number, string];
  before?: [number, string];
  object_id?: string;
  limit: number;
}

const encodePage = (p: Page) => Buffer.from(JSON.stringify(p)).toString('base64url');

function decodePage(token: string): Page {
  const bad = () =>
    v2Error(400, 'invalid_page_token', `The page token ${echoText(token)} is not one of this list's page tokens.`);
  let p: unknown;
  try {
    p = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const pos = (x: unknown) => Array.isArray(x) && x.length === 2 && Number.isInteger(x[0]) && typeof x[1] === 'string';
  const q = p as Page;
  if (
    typeof p !== 'object' ||
    p === null ||
    !Number.isInteger(q.limit) ||
    q.limit < 1 ||
    q.limit > 20 ||
    (q.object_id !== undefined && typeof q.object_id !== 'string') ||
    (q.after === undefined) === (q.before === undefined) ||
    (q.after !== undefined && !pos(q.after)) ||
    (q.before !== undefined && !pos(q.before))
  )
    throw bad();
  return q;
}

/**
 * A page of reports, newest first (created, then id): the first, the one after a report or the one before it,
 * all of the account and mode or those of one object; a walk of an index from the position, stopping at LIMIT.
 */
export const LIST_REPORTS = (objectId: boolean, direction: 'after' | 'before' | 'first') =>
  'SELECT created_ms, id, doc FROM meter_error_reports WHERE owner = ? AND livemode = ?' +
  (objectId ? ' AND object_id = ?' : '') +
  (direction === 'after'
    ? ' AND (created_ms, id) < (?, ?) ORDER BY created_ms DESC, id DESC'
    : direction === 'before'
      ? ' AND (created_ms, id) > (?, ?) ORDER BY created_ms ASC, id ASC'
      : ' ORDER BY created_ms DESC, id DESC') +
  ' LIMIT ?';

const list: Handler = (db, params, hc) => {
  const mode = callKey(hc).livemode ? 1 : 0;
  let page: Page;
  if (params.page !== undefined) {
    page = decodePage(params.page as string);
    for (const k of ['object_id', 'limit'] as const)
      if (params[k] !== undefined && params[k] !== page[k])
        throw v2Error(
          400,
          'invalid_page_token',
          `The page token was made for another ${k} than ${echoText(String(params[k]))}: a page token is used with the parameters of its list, or alone.`,
        );
  } else
    page = { object_id: params.object_id as string | undefined, limit: (params.limit as number | undefined) ?? 20 };
  const direction = page.after ? 'after' : page.before ? 'before' : 'first';
  const at = page.after ?? page.before;
  const args: unknown[] = [hc.accountId, mode];
  if (page.object_id !== undefined) args.push(page.object_id);
  if (at) args.push(at[0], at[1]);
  const rows = stmt(db, LIST_REPORTS(page.object_id !== undefined, direction)).all(...args, page.limit + 1) as Array<{
    created_ms: number;
    id: string;
    doc: string;
  }>;
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  if (direction === 'before') shown.reverse();
  const first = shown[0];
  const last = shown[shown.length - 1];
  const url = (p: Page) => `/v2/core/events?page=${encodePage(p)}`;
  const base = { object_id: page.object_id, limit: page.limit };
  // Newest first: what follows the last shown is older (next), what precedes the first is newer (previous).
  const hasNext = direction === 'before' ? last !== undefined : more;
  const hasPrevious = direction === 'first' ? false : direction === 'after' ? first !== undefined : more;
  return {
    data: shown.map((r) => parseJsonInts(r.doc) as Doc),
    next_page_url: hasNext && last ? url({ ...base, after: [Number(last.created_ms), last.id] }) : null,
    previous_page_url: hasPrevious && first ? url({ ...base, before: [Number(first.created_ms), first.id] }) : null,
  };
};

const get: Handler = (db, params, hc) => {
  const id = params.id as string;
  const row = stmt(db, 'SELECT livemode, doc FROM meter_error_reports WHERE id = ? AND owner = ?').get(
    id,
    hc.accountId,
  ) as { livemode: number; doc: string } | undefined;
  if (!row || row.livemode !== (callKey(hc).livemode ? 1 : 0)) throw notFound('event', id);
  return parseJsonInts(row.doc) as Doc;
};

export const handlers = {
  ListEvents: list,
  RetrieveEvent: get,
} satisfies HandlerTable;
