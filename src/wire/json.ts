/**
 * Model-driven JSON values, shared by AWS JSON 1.1 and the v2 REST JSON codec: structures in the model's
 * member order (members the model does not know are dropped when writing), timestamps as epoch seconds with a fraction (`1795216211.954`) on the wire; in memory
 * `Date`s on the service's side and, read from a response, `Timestamp`s (microseconds, as botocore keeps them). Reading keeps unknown members only when asked (a server wants to reject them, a client drops them).
 */
import { mapEntries, setOwn } from '../core/keys.js';
import { echoJsonValue } from '../core/input-rules.js';
import { PyFloat } from '../core/pynum.js';
import { isIsoShaped, Timestamp } from '../core/timestamp.js';
import { isPlainObject } from '../models/validate.js';
import type { Shape } from '../models/shapes.js';
import { WireFormatError } from './types.js';

/** In-memory value → JSON value. */
export function toJson(shape: Shape, v: unknown): unknown {
  if (v === undefined || v === null) return v;
  switch (shape.type) {
    case 'structure': {
      if (!isPlainObject(v)) return v;
      const out: Record<string, unknown> = {};
      for (const [name, member] of Object.entries(shape.members))
        if (Object.hasOwn(v, name) && v[name] !== undefined) out[name] = toJson(member, v[name]);
      return out;
    }
    case 'list':
      return Array.isArray(v) ? v.map((x) => toJson(shape.member, x)) : v;
    case 'map':
      return isPlainObject(v) ? mapEntries(v, (x) => toJson(shape.value, x)) : v;
    case 'timestamp':
      return v instanceof Date ? v.getTime() / 1000 : v;
    case 'blob':
      return v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v;
    default:
      return v;
  }
}

export interface ReadOptions {
  /** Keep members the model does not know (after the known ones), so the caller can reject them. */
  keepUnknown: boolean;
  /**
   * A server's answer is read: a structure, list or map member of another JSON type, or a timestamp member that
   * is no date (`"yesterday"`, a number past any date), is a WireFormatError, as AWS Query's `<CreatedTime>` is
   * and as botocore refuses them (hostile pass 21c: JSON 1.1 printed them as sent, exit 0).
   */
  answer?: boolean;
  /**
   * A structure's member sent as JSON null is not there, as botocore's JSON parser reads an AWS JSON 1.1 answer
   * (hostile pass 22a: `"imagePushedAt": null` printed as null, None in text, where the AWS CLI leaves it out).
   * Not for v2: Stripe's null is a value its answers carry (`"previous_page_url": null`). A list's or map's null
   * item is kept, as botocore keeps it.
   */
  nullIsAbsent?: boolean;
}

/** JSON value → in-memory value, by the model. Values of the wrong type are kept as they are, but in an answer. */
export function fromJson(shape: Shape, v: unknown, opts: ReadOptions, name = ''): unknown {
  if (v === undefined || v === null) return v;
  switch (shape.type) {
    case 'structure': {
      if (!isPlainObject(v)) return wrongType(name, 'an object', v, opts);
      const out: Record<string, unknown> = {};
      for (const [name, member] of Object.entries(shape.members))
        if (Object.hasOwn(v, name) && !(opts.nullIsAbsent && v[name] === null))
          out[name] = fromJson(member, v[name], opts, name);
      if (opts.keepUnknown)
        for (const [name, value] of Object.entries(v))
          if (!Object.hasOwn(shape.members, name)) setOwn(out, name, value);
      return out;
    }
    case 'list':
      return Array.isArray(v)
        ? v.map((x) => fromJson(shape.member, x, opts, name))
        : wrongType(name, 'a list', v, opts);
    case 'map':
      return isPlainObject(v)
        ? mapEntries(v, (x) => fromJson(shape.value, x, opts, name))
        : wrongType(name, 'an object', v, opts);
    case 'timestamp': {
      const t = readTimestamp(v);
      if (opts.answer && !(t instanceof Timestamp))
        throw new WireFormatError(`${name} is not a timestamp: ${echoJsonValue(v)}`);
      return t;
    }
    default:
      return v;
  }
}

/**
 * A structure, list or map member of another JSON type: kept as it is in a request (the caller's validation
 * names it), refused in an answer (hostile pass 21c: a paged listing's `"repositories": {"a": 1}` was printed as
 * `[]` by --output json and as the object by every other format; botocore's parser fails on it).
 */
function wrongType(name: string, expected: string, v: unknown, opts: ReadOptions): unknown {
  if (opts.answer) throw new WireFormatError(`${name} is not ${expected}: ${echoJsonValue(v)}`);
  return v;
}

/**
 * Epoch seconds (with fraction) or a date string → Timestamp, with the precision the server sent
 * (microseconds, its UTC offset); anything else is kept.
 */
export function readTimestamp(v: unknown): unknown {
  if (typeof v === 'number') return Timestamp.fromEpoch(v) ?? v;
  if (v instanceof PyFloat) return Timestamp.fromEpoch(v.value) ?? v;
  if (typeof v === 'string') {
    if (/^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(v)) return Timestamp.fromEpoch(Number(v)) ?? v;
    const iso = Timestamp.fromIso(v);
    if (iso !== undefined) return iso;
    // An ISO 8601 text fromIso refused (Feb 30, year 0) is no date: Date would roll it into another.
    if (isIsoShaped(v)) return v;
    const d = new Date(v);
    if (!Number.isNaN(d.getTime())) {
      const t = Timestamp.fromDate(d);
      if (t.inPythonRange()) return t;
    }
  }
  return v;
}
