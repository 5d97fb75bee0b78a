import { type ServiceName, type ServiceSpeaking, serviceModel } from './services.js';
import type { StructureShape } from './shapes.js';

export type { ServiceName } from './services.js';

export interface Paginator {
  /** Input member that carries the service's continuation token. */
  inputToken: string;
  /** Output member that carries the next token. */
  outputToken: string;
  /** Input member that sets the page size (--page-size). */
  limitKey: string;
  /**
   * Output member holding the items that are merged across pages, or several (botocore's list form), each
   * a dotted path (`imageScanFindings.findings`): the first is the one `--max-items` counts and cuts.
   */
  resultKey: string | readonly string[];
  /**
   * botocore's non_aggregate_keys: the members (dotted paths) the merged result takes from the first page.
   * Given, the merged result is botocore's build_full_result exactly: the result keys first, then these.
   * Absent, it is the first page with the lists merged in their places and the next token dropped, which is
   * botocore's result for an output that holds only its list and token, and svcctl's rule for the others.
   */
  nonAggregateKeys?: readonly string[];
  /**
   * A cursor list (Stripe's): `outputToken` is a boolean (has_more), and the next token is this member of
   * the page's last item (its id), sent as `inputToken` (starting_after).
   */
  cursor?: string;
  /**
   * A cursor list's backward cursor (Stripe's ending_before): given, the list is walked towards its start,
   * each next page ending before the first item of the one before, and printed in the list's own order.
   */
  cursorBefore?: string;
  /**
   * A page-URL list (Stripe's v2): `outputToken` is the path of the next page (next_page_url, null on the
   * last), and the next token is its `inputToken` query parameter (page).
   */
  pageUrl?: true;
}

/** A paginator's result keys, the first being the one --max-items counts. */
export function resultKeys(p: Paginator): readonly string[] {
  return typeof p.resultKey === 'string' ? [p.resultKey] : p.resultKey;
}

export interface Example {
  title: string;
  /** Arguments after `svcctl`. */
  argv: string[];
  /**
   * What the example needs that no other example makes (a pushed image, an upload under way): shown in its
   * title; on a store without it the service refuses the example (254), which docs/commands.md shows.
   */
  needs?: string;
}

/**
 * Which API keys a v2 operation takes (spec 5), checked before its handler runs. `server-side`: secret or
 * restricted keys, a publishable key refused naming `resource`; `client-side`: publishable or secret keys,
 * a restricted key refused (it cannot be used to `action`: use `use`), and with `liveModePublishableOnly`
 * only a publishable key in live mode.
 */
export type KeyRule =
  | { take: 'server-side'; resource: string }
  | { take: 'client-side'; action: string; use: string; liveModePublishableOnly?: true }
  /** No API key: the token of a meter event session, which the handler looks up. */
  | { take: 'session'; resource: string };

/** What every operation's model has, whatever its protocol. */
interface OperationBase {
  /** The API name (`CreateRepository`), used in error messages and table titles. */
  name: string;
  service: ServiceName;
  /**
   * The operation only reads: it changes nothing in the store. Absent means it may write (a new operation
   * is taken as writing until its model says otherwise). The embedded service runs a read without a write
   * transaction; serve refuses writes from another site's page and unsigned writes over GET.
   */
  readOnly?: true;
  /**
   * The operation makes a new object of one of the store's resource kinds (`CreateRepository`; a `Put…` that
   * makes a policy would be one too), which the service's other operations then act on. Said here rather than
   * read from the name: the examples of the other operations run after the examples of these
   * (test/help/examples.test.ts), whatever the operations are called.
   */
  creates?: true;
  /** Command paths that run this operation, the first being the primary (`['create-repository']`). */
  paths: string[][];
  summary: string;
  input: StructureShape;
  output: StructureShape;
  paginator?: Paginator;
  /** Input members the command line does not offer (the AWS CLI hides a paginator's own members). */
  hiddenMembers?: readonly string[];
  examples?: Example[];
}

/** An operation of an AWS service: addressed and signed as its service record (models/services.ts) says. */
export interface AwsOperation extends OperationBase {
  service: Exclude<ServiceName, ServiceSpeaking<'v2'>>;
  http?: undefined;
  keyRule?: undefined;
}

/** A v2 operation: its own method and path, and the keys it takes (a model without a key rule fails `tsc`). */
export interface V2Operation extends OperationBase {
  service: ServiceSpeaking<'v2'>;
  /** Method and path template (`{id}` from an input member). */
  http: { method: 'GET' | 'POST'; path: string };
  keyRule: KeyRule;
}

/** One operation of a service, described as data. */
export type Operation = AwsOperation | V2Operation;

/** Whether the operation's service speaks the v2 protocol (the protocol, not the service's name, decides). */
export function speaksV2(op: Operation): op is V2Operation {
  return serviceModel(op.service).protocol === 'v2';
}

/**
 * Whether an operation's calls keep an Idempotency-Key (the idempotency layer, backends/embedded/idempotency.ts):
 * every v2 POST, but the meter event stream's, which takes no API key (no key's mode to keep its keys
 * under). A client sends no key to one that keeps none, and serve's journal records none for it.
 */
export function takesIdempotency(op: Operation): boolean {
  return speaksV2(op) && op.http?.method === 'POST' && op.keyRule?.take !== 'session';
}
