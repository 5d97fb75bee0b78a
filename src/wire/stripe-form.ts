/**
 * The Stripe service's v1 paths (`/v1/billing/meters`) take their parameters as Stripe's v1 API does:
 * form-encoded (`application/x-www-form-urlencoded`) in a POST's body, in the query string of a GET, nested
 * members in brackets (`default_aggregation[formula]=sum`), list items as `expand[]=a` or `expand[0]=a`.
 * Every value on the wire is text: the model says which are integers and booleans, and one that does not read
 * as its type is Stripe's v1 error for it (`parameter_invalid_integer`, 400, naming the parameter). A member
 * the model does not know is kept, under its bracketed name, for the gate to refuse (`parameter_unknown`).
 */
import { ServiceError } from '../core/errors.js';
import { echoText } from '../core/input-rules.js';
import { setOwn } from '../core/keys.js';
import type { Shape, StructureShape } from '../models/shapes.js';
import { isPlainObject } from '../models/validate.js';

/** A v1 error: Stripe's shape, with the parameter it is about. */
export function v1ParamError(code: string, message: string, param: string): ServiceError {
  return new ServiceError(code, message, 400, { type: 'invalid_request_error', param });
}

/** `a[b][0]` → ['a', 'b', '0']; `a[]` → ['a', '']; undefined for a malformed name (kept whole). */
function keyPath(name: string): string[] | undefined {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!m) return undefined;
  const parts = [m[1]!];
  for (const b of m[2]!.matchAll(/\[([^[\]]*)\]/g)) parts.push(b[1]!);
  return parts;
}

/** A parameter's name as Stripe writes it in `param`: `default_aggregation[formula]`. */
export function paramName(path: readonly (string | number)[]): string {
  return path.map((p, i) => (i === 0 ? String(p) : `[${p}]`)).join('');
}

type Tree = Record<string, unknown>;

/** The pairs as a tree of objects (list items under their index or '' in order), names as sent (an empty one too). */
function tree(pairs: ReadonlyArray<readonly [string, string]>): Tree {
  const root: Tree = {};
  for (const [name, value] of pairs) {
    const path = keyPath(name) ?? [name];
    let at: Tree = root;
    for (let i = 0; i < path.length - 1; i++) {
      const k = path[i]!;
      // Own members only: `__proto__[x]=1` names a member like any other (core/keys.ts), never the
      // prototype, which `at[k]` would hand back for every object of the process to inherit x from.
      const next = Object.hasOwn(at, k) ? at[k] : undefined;
      if (isPlainObject(next)) at = next;
      else if (next !== undefined) {
        // `a=x&a[b]=y`: members of a name already given one value. Replacing it dropped `x` unseen (the
        // other order is refused by its type); Rack refuses both.
        const param = paramName(path.slice(0, i + 1));
        throw v1ParamError(
          'parameter_invalid',
          `Invalid hash: ${param} is given both as one value and with members in brackets.`,
          param,
        );
      } else {
        const made: Tree = {};
        setOwn(at, k, made);
        at = made;
      }
    }
    const last = path.at(-1)!;
    if (last === '' && path.length > 1) {
      // `a[]=x`: the next item of a list
      let i = 0;
      while (Object.hasOwn(at, `${i}`)) i++;
      setOwn(at, `${i}`, value);
    } else setOwn(at, last, value);
  }
  return root;
}

/**
 * Stripe reads an empty value as an attempt to unset, whatever the parameter's type (a string, a hash, a
 * list, a number): none of these can be unset, so every one is parameter_invalid_empty, before its type.
 */
function emptyValueError(param: string): ServiceError {
  return v1ParamError(
    'parameter_invalid_empty',
    `You passed an empty string for '${param}', which cannot be unset: remove it from the request or give it a value.`,
    param,
  );
}

/**
 * The empty-value rule on parameters that came some other way than a form (the embedded backend, the
 * library): the first known member, in the order the form is read, whose value is '' is refused as a form's
 * empty value is, so a v1 call answers alike whether or not it crossed the wire. Unknown members are left
 * for the gate, as the form's reading leaves them.
 */
export function checkEmptyValues(input: StructureShape, params: Record<string, unknown>): void {
  const walk = (shape: Shape, v: unknown, path: (string | number)[]): void => {
    if (v === '') throw emptyValueError(paramName(path));
    if (shape.type === 'structure' && isPlainObject(v)) {
      for (const [name, member] of Object.entries(shape.members))
        if (Object.hasOwn(v, name)) walk(member, v[name], [...path, name]);
    } else if (shape.type === 'list' && Array.isArray(v)) v.forEach((x, i) => walk(shape.member, x, [...path, i]));
    else if (shape.type === 'map' && isPlainObject(v))
      for (const [k, x] of Object.entries(v)) walk(shape.value, x, [...path, k]);
  };
  for (const [name, member] of Object.entries(input.members))
    if (Object.hasOwn(params, name)) walk(member, params[name], [name]);
}

function convert(shape: Shape | undefined, v: unknown, path: (string | number)[]): unknown {
  const param = paramName(path);
  if (shape === undefined) return v;
  if (v === '') throw emptyValueError(param);
  switch (shape.type) {
    case 'structure': {
      if (!isPlainObject(v))
        throw v1ParamError(
          'parameter_invalid',
          `Invalid hash: ${param} takes members in brackets (${param}[name]=value).`,
          param,
        );
      return convertStructure(shape, v, path);
    }
    case 'list': {
      if (!isPlainObject(v))
        throw v1ParamError('parameter_invalid', `Invalid array: ${param} takes items as ${param}[]=value.`, param);
      return Object.keys(v).map((k, i) => convert(shape.member, v[k], [...path, i]));
    }
    case 'map': {
      if (!isPlainObject(v))
        throw v1ParamError('parameter_invalid', `Invalid hash: ${param} takes members in brackets.`, param);
      const out: Tree = {};
      for (const [k, x] of Object.entries(v)) setOwn(out, k, convert(shape.value, x, [...path, k]));
      return out;
    }
    case 'integer': {
      if (typeof v !== 'string' || !/^-?\d+$/.test(v))
        throw v1ParamError(
          'parameter_invalid_integer',
          `Invalid integer: ${typeof v === 'string' ? echoText(v) : 'a hash'}`,
          param,
        );
      // Exact at any length, as the embedded backend gets it from the CLI: its limits decide (validate.ts).
      return /^-?\d{1,15}$/.test(v) ? Number(v) : BigInt(v);
    }
    case 'boolean': {
      if (v !== 'true' && v !== 'false')
        throw v1ParamError(
          'parameter_invalid',
          `Invalid boolean: ${typeof v === 'string' ? echoText(v) : 'a hash'}`,
          param,
        );
      return v === 'true';
    }
    default: {
      if (typeof v !== 'string')
        throw v1ParamError('parameter_invalid', `Invalid string: ${param} takes one value, not a hash.`, param);
      return v;
    }
  }
}

function convertStructure(shape: StructureShape, v: Tree, path: (string | number)[]): Tree {
  const out: Tree = {};
  for (const [name, member] of Object.entries(shape.members))
    if (Object.hasOwn(v, name)) out[name] = convert(member, v[name], [...path, name]);
  // Unknown members stay, under the name Stripe would quote, for the gate to refuse.
  for (const [name, value] of Object.entries(v)) if (!Object.hasOwn(shape.members, name)) setOwn(out, name, value);
  return out;
}

/** Form pairs (a body or a query string) → the operation's parameters, typed by its input shape. */
export function fromStripeForm(input: StructureShape, pairs: ReadonlyArray<readonly [string, string]>): Tree {
  return convertStructure(input, tree(pairs), []);
}

/** Parameters → form pairs, nested members bracketed and list items indexed, as stripe-node sends them. */
export function toStripeForm(params: Record<string, unknown>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (v: unknown, name: string) => {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${name}[${i}]`));
    else if (isPlainObject(v)) for (const [k, x] of Object.entries(v)) walk(x, `${name}[${k}]`);
    else out.push([name, String(v)]);
  };
  for (const [k, v] of Object.entries(params)) walk(v, k);
  return out;
}
