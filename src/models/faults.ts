/**
 * Fault rules: errors, latency and dropped connections on purpose, for any operation (issue 32, item 6).
 * A rule is a service setting whose name says what it matches and whose value says what happens and when:
 *
 *   fault.<service>.<Operation>   fault.ecr.CreateRepository, fault.autoscaling.*, fault.*.*  (`fault.ecr` = `fault.ecr.*`)
 *   <action>[;<option>=<value>]…  throttle;next=2   500;p=0.25;region=eu-west-1   latency=300   close;nth=3
 *
 * Actions: `throttle` (the service's modelled throttling error), `500`, `503` (in the protocol's own error
 * shape), `latency=MS` (the answer comes MS milliseconds late), `close` (the connection is closed without an
 * answer). When: always, `p=P` (each matching call with probability P), `nth=N` (the Nth matching call
 * only) or `next=K` (the next K matching calls). Who: `account=ID`, `region=REGION` narrow the match.
 * This module is the syntax and the errors as data; the store keeps rules and counts
 * (backends/embedded/faults.ts), serve and the embedded backend act on them.
 */
import { InputError, ServiceError } from '../core/errors.js';
import type { AUTOSCALING_OPERATIONS } from './autoscaling.js';
import type { ECR_OPERATIONS } from './ecr.js';
import { OPERATIONS } from './registry.js';
import { SERVICES, type ServiceName } from './services.js';
import type { STRIPE_OPERATIONS } from './stripe.js';
import { echoBare, echoText } from '../core/input-rules.js';

export const FAULT_PREFIX = 'fault.';

/** Each service's operations by their API names: a service missing here fails `tsc` in FaultRuleName below. */
interface OperationsOf {
  ecr: keyof typeof ECR_OPERATIONS;
  autoscaling: keyof typeof AUTOSCALING_OPERATIONS;
  stripe: keyof typeof STRIPE_OPERATIONS;
}

/** An API name as its command writes it: `CreateRepository` → `create-repository`. */
type CommandName<Name extends string, Done extends string = ''> = Name extends `${infer C}${infer Rest}`
  ? CommandName<Rest, `${Done}${C extends Lowercase<C> ? C : Done extends '' ? Lowercase<C> : `-${Lowercase<C>}`}`>
  : Done;

/**
 * A fault rule's name as the library's types take it, from the models: `fault.*`, `fault.<service>`,
 * `fault.<service>.*` and `fault.<service>.<Operation>` by its API name or its command's
 * (`fault.ecr.CreateRepository`, `fault.ecr.create-repository`), so that a misspelt one fails `tsc` as a
 * misspelt service setting does. parseFaultName, for callers without types, reads other spellings too
 * (any case, `fault.*.*`) and names what is wrong with one it cannot read.
 */
export type FaultRuleName =
  | `${typeof FAULT_PREFIX}*`
  | `${typeof FAULT_PREFIX}*.*`
  | {
      [S in ServiceName]:
        | `${typeof FAULT_PREFIX}${S}`
        | `${typeof FAULT_PREFIX}${S}.*`
        | `${typeof FAULT_PREFIX}${S}.${OperationsOf[S] | CommandName<OperationsOf[S]>}`;
    }[ServiceName];

export type FaultAction =
  | { kind: 'throttle' }
  | { kind: '500' }
  | { kind: '503' }
  | { kind: 'latency'; ms: number }
  | { kind: 'close' };

export type FaultWhen =
  | { kind: 'always' }
  | { kind: 'p'; p: number }
  | { kind: 'nth'; n: number }
  | { kind: 'next'; k: number };

export interface FaultRule {
  /** The setting's name, canonical: `fault.ecr.CreateRepository`, `fault.autoscaling.*`. */
  name: string;
  /** `*`: every service. */
  service: ServiceName | '*';
  /** `*`: every operation of the service. */
  operation: string;
  action: FaultAction;
  when: FaultWhen;
  account?: string;
  region?: string;
}

export const MAX_LATENCY_MS = 60_000;

const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

/** Whether a setting name is a fault rule's (`fault.` and anything after it). */
export function isFaultName(name: string): boolean {
  return name.startsWith(FAULT_PREFIX);
}

function nameError(name: string, why: string): InputError {
  return new InputError(`Invalid fault rule name ${echoText(name)}: ${why}`);
}

/** `fault.ecr.create-repository` → `{ service: 'ecr', operation: 'CreateRepository', name: 'fault.ecr.CreateRepository' }`. */
export function parseFaultName(raw: string): { name: string; service: ServiceName | '*'; operation: string } {
  const parts = raw.slice(FAULT_PREFIX.length).split('.');
  const expected = `expected fault.<service>.<Operation> with a service of ${SERVICE_NAMES.join(', ')} or *, and an operation of it or *`;
  if (!isFaultName(raw) || parts.length > 2 || parts[0] === '') throw nameError(raw, expected);
  const [svc, opRaw = '*'] = parts as [string, string?];
  const service = svc === '*' ? '*' : SERVICE_NAMES.find((s) => s === svc.toLowerCase());
  if (!service) throw nameError(raw, `unknown service ${echoText(svc)}; ${expected}`);
  if (opRaw === '*') return { name: `${FAULT_PREFIX}${service}.*`, service, operation: '*' };
  if (service === '*') throw nameError(raw, `with every service (*), the operation is * too`);
  const wanted = opRaw.replace(/-/g, '').toLowerCase();
  const op = OPERATIONS.find((o) => o.service === service && o.name.toLowerCase() === wanted);
  if (!op) {
    const names = OPERATIONS.filter((o) => o.service === service).map((o) => o.name);
    throw nameError(
      raw,
      `${service} has no operation ${echoText(opRaw)}; its operations are ${names.join(', ')}, or *`,
    );
  }
  return { name: `${FAULT_PREFIX}${service}.${op.name}`, service, operation: op.name };
}

function valueError(value: string, why: string): InputError {
  return new InputError(
    `Invalid fault rule ${echoText(value)}: ${why}. Expected <action>[;<option>=<value>]…: an action of throttle, 500, 503, latency=MS, close; options p=P (0 < P <= 1), nth=N, next=K (one of them at most), account=ID (12 digits), region=REGION`,
  );
}

function whole(value: string, text: string, what: string, min: number, max: number): number {
  if (!/^\d{1,9}$/.test(text) || Number(text) < min || Number(text) > max)
    throw valueError(value, `${what} is a whole number from ${min} to ${max}, not ${echoText(text)}`);
  return Number(text);
}

/** Parses and checks a rule's value; the canonical text is `faultText(rule)`. Throws an InputError (252) naming the problem. */
export function parseFaultRule(rawName: string, rawValue: string): FaultRule {
  const { name, service, operation } = parseFaultName(rawName);
  const value = rawValue.trim();
  const [head = '', ...rest] = value.split(';').map((s) => s.trim());
  let action: FaultAction;
  const latency = /^latency\s*=\s*(.*)$/i.exec(head);
  if (latency) action = { kind: 'latency', ms: whole(value, latency[1]!, 'latency', 1, MAX_LATENCY_MS) };
  else if (/^(throttle|500|503|close)$/i.test(head))
    action = { kind: head.toLowerCase() as 'throttle' | '500' | '503' | 'close' };
  else throw valueError(value, head === '' ? 'no action' : `unknown action ${echoText(head)}`);
  const rule: FaultRule = { name, service, operation, action, when: { kind: 'always' } };
  const seen = new Set<string>();
  for (const part of rest) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
    const text = eq < 0 ? '' : part.slice(eq + 1).trim();
    if (seen.has(key)) throw valueError(value, `${echoBare(key)} is given twice`);
    seen.add(key);
    const when = (w: FaultWhen) => {
      if (rule.when.kind !== 'always') throw valueError(value, `p, nth and next exclude each other`);
      rule.when = w;
    };
    switch (key) {
      case 'p': {
        const p = /^(0?\.\d+|1(\.0*)?|0)$/.test(text) ? Number(text) : Number.NaN;
        if (!(p > 0 && p <= 1))
          throw valueError(value, `p is a probability above 0 and at most 1, not ${echoText(text)}`);
        when({ kind: 'p', p });
        break;
      }
      case 'nth':
        when({ kind: 'nth', n: whole(value, text, 'nth', 1, 1_000_000_000) });
        break;
      case 'next':
        when({ kind: 'next', k: whole(value, text, 'next', 1, 1_000_000_000) });
        break;
      case 'account':
        if (!/^\d{12}$/.test(text)) throw valueError(value, `an account is 12 digits, not ${echoText(text)}`);
        rule.account = text;
        break;
      case 'region':
        if (!/^[a-z]{2}(-[a-z]+)+-\d{1,2}$/.test(text)) throw valueError(value, `${echoText(text)} is not a region`);
        rule.region = text;
        break;
      default:
        throw valueError(value, `unknown option ${echoText(key)}`);
    }
  }
  return rule;
}

/** The canonical value of a rule: `throttle;next=2;account=123456789012`. */
export function faultText(rule: FaultRule): string {
  const a = rule.action;
  const parts = [a.kind === 'latency' ? `latency=${a.ms}` : a.kind];
  const w = rule.when;
  if (w.kind === 'p') parts.push(`p=${w.p}`);
  if (w.kind === 'nth') parts.push(`nth=${w.n}`);
  if (w.kind === 'next') parts.push(`next=${w.k}`);
  if (rule.account) parts.push(`account=${rule.account}`);
  if (rule.region) parts.push(`region=${rule.region}`);
  return parts.join(';');
}

/** Whether a rule names this call (its firing aside). */
export function faultMatches(
  rule: FaultRule,
  call: { service: string; operation: string; account: string; region: string },
): boolean {
  return (
    (rule.service === '*' || rule.service === call.service) &&
    (rule.operation === '*' || rule.operation === call.operation) &&
    (rule.account === undefined || rule.account === call.account) &&
    (rule.region === undefined || rule.region === call.region)
  );
}

/**
 * Whether the `count`th matching call (1 for the first since the rule was set) fires. `random` in [0, 1).
 */
export function faultFires(rule: FaultRule, count: number, random: () => number): boolean {
  const w = rule.when;
  switch (w.kind) {
    case 'always':
      return true;
    case 'p':
      return random() < w.p;
    case 'nth':
      return count === w.n;
    case 'next':
      return count <= w.k;
  }
}

/**
 * The error a firing throttle, 500 or 503 rule answers with, as each service models it: ECR's
 * ThrottlingException (400) and ServerException (500), Auto Scaling's Throttling (400, "Rate exceeded") and
 * the Query services' InternalFailure (500), the AWS services' ServiceUnavailable (503), and v2's rate_limit
 * (429) and api_error (500, 503).
 */
export function faultError(service: ServiceName, kind: 'throttle' | '500' | '503'): ServiceError {
  switch (service) {
    case 'ecr':
      if (kind === 'throttle') return new ServiceError('ThrottlingException', 'Rate exceeded', 400);
      if (kind === '500') return new ServiceError('ServerException', 'Internal server error', 500);
      return new ServiceError('ServiceUnavailable', 'Service is unavailable', 503);
    case 'autoscaling':
      if (kind === 'throttle') return new ServiceError('Throttling', 'Rate exceeded', 400);
      if (kind === '500') return new ServiceError('InternalFailure', 'An internal error has occurred', 500);
      return new ServiceError('ServiceUnavailable', 'Service is unavailable', 503);
    case 'stripe':
      if (kind === 'throttle')
        return new ServiceError(
          'rate_limit',
          'Request rate limit exceeded. You can learn more about rate limits here https://stripe.com/docs/rate-limits.',
          429,
          { type: 'rate_limit' },
        );
      if (kind === '500')
        return new ServiceError('internal_error', 'An unknown error occurred.', 500, { type: 'api_error' });
      return new ServiceError('service_unavailable', 'The service is temporarily unavailable.', 503, {
        type: 'api_error',
      });
  }
}
