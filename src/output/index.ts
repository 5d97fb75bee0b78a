/**
 * The output registry: one entry per --output format, each loaded only when used. Paged results are
 * rendered as the AWS CLI renders them: merged for json/yaml/table, page by page for text and yaml-stream.
 */
import type { Paginator } from '../models/operation.js';
import { fullResult, type PageIterator } from '../paginate/paginator.js';
import type { OutputFormat } from '../cli/globals.js';
import type { OutStream } from '../cli/context.js';
import type { Query } from './query.js';
import { printable } from './timestamps.js';

export interface RenderOptions {
  format: OutputFormat;
  query?: Query;
  /** The operation name, the title of tables. */
  title: string;
}

export type Result =
  | { kind: 'single'; data: Record<string, unknown> }
  | { kind: 'paged'; paginator: Paginator; pages: PageIterator };

/** Renders one fully buffered document (after --query) in a format. */
export async function renderDocument(format: OutputFormat, title: string, data: unknown): Promise<string> {
  switch (format) {
    case 'json':
      return isEmptyObject(data) ? '' : (await import('./json.js')).formatJson(data);
    case 'text':
      return (await import('./text.js')).formatText(data);
    case 'table':
      return (await import('./table.js')).formatTable(title, data);
    case 'yaml':
      return isEmptyObject(data) ? '' : (await import('./yaml.js')).formatYaml(data);
    case 'yaml-stream':
      return isEmptyObject(data) ? '' : (await import('./yaml.js')).formatYamlStreamDocument(data);
    case 'off':
      return '';
  }
}

function isEmptyObject(v: unknown): boolean {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0;
}

function applyQuery(query: Query | undefined, data: unknown): unknown {
  return query ? query.search(data) : data;
}

export async function writeResult(out: OutStream, opts: RenderOptions, result: Result): Promise<void> {
  if (result.kind === 'single') {
    out.write(await renderDocument(opts.format, opts.title, applyQuery(opts.query, printable(result.data))));
    return;
  }
  if (opts.format === 'text' || opts.format === 'yaml-stream' || opts.format === 'off') {
    await writePages(out, opts, result);
    return;
  }
  const merged = await fullResult(result.paginator, result.pages);
  out.write(await renderDocument(opts.format, opts.title, applyQuery(opts.query, printable(merged))));
}

/** text and yaml-stream print each page as it arrives (--query applied per page); off prints nothing. */
async function writePages(out: OutStream, opts: RenderOptions, result: Extract<Result, { kind: 'paged' }>): Promise<void> {
  const { resultKey, outputToken } = result.paginator;
  let first = true;
  for await (const page of result.pages.pages) {
    const current: Record<string, unknown> = {};
    if (first) for (const [k, v] of Object.entries(page)) if (k !== resultKey && k !== outputToken) current[k] = v;
    current[resultKey] = page[resultKey];
    first = false;
    out.write(await renderDocument(opts.format, opts.title, applyQuery(opts.query, printable(current))));
  }
  const token = result.pages.resumeToken();
  if (token !== undefined && opts.format !== 'off') {
    out.write(await renderDocument(opts.format, opts.title, applyQuery(opts.query, { NextToken: { NextToken: token } })));
  }
}
