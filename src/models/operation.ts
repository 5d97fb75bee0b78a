import type { StructureShape } from './shapes.js';

export type ServiceName = 'ecr' | 'autoscaling' | 'v2';

export interface Paginator {
  /** Input member that carries the service's continuation token. */
  inputToken: string;
  /** Output member that carries the next token. */
  outputToken: string;
  /** Input member that sets the page size (--page-size). */
  limitKey: string;
  /** Output member holding the items that are merged across pages. */
  resultKey: string;
}

export interface Example {
  title: string;
  /** Arguments after `svcctl`. */
  argv: string[];
}

/** One operation of the service, described as data. */
export interface Operation {
  /** The API name (`CreateRepository`), used in error messages and table titles. */
  name: string;
  service: ServiceName;
  /**
   * The operation only reads: it changes nothing in the store. Absent means it may write (a new operation
   * is taken as writing until its model says otherwise). The embedded service runs a read without a write
   * transaction; serve refuses writes from another site's page and unsigned writes over GET.
   */
  readOnly?: true;
  /** Command paths that run this operation, the first being the primary (`['create-repository']`). */
  paths: string[][];
  summary: string;
  input: StructureShape;
  output: StructureShape;
  paginator?: Paginator;
  /** v2 operations: method and path template (`{id}` from an input member). */
  http?: { method: 'GET' | 'POST'; path: string };
  /** Input members the command line does not offer (the AWS CLI hides a paginator's own members). */
  hiddenMembers?: readonly string[];
  examples?: Example[];
}
