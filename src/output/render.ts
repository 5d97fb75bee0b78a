/**
 * The output registry: one entry per --output format, each loaded only when used. Paged results are
 * rendered as the AWS CLI renders them: merged for json/yaml/table, page by page for text and yaml-stream.
 * Long listings never sit in memory where the format allows it: text and yaml-stream print each page as
 * it arrives, and json without --query streams the merged document (stream-json.ts). json with --query,
 * yaml and table need the whole merged document first, so they buffer it, as json does for a paginator
 * whose merged lists are several or nested (describe-image-scan-findings': one list cannot be finished
 * before the next page brings more of the other). Every streamed chunk is a whole
 * page written through a sink that waits for 'drain' (sink.ts), so a slow reader holds the listing back
 * instead of filling memory, and an interrupted listing ends on a page boundary.
 */
import type { Paginator } from '../models/operation.js';
import { fullResult, type PageIterator, streamsJson, textPage } from '../paginate/paginator.js';
import type { OutputFormat } from '../core/options.js';
import type { OutStream } from '../core/context.js';
import type { Query } from './query.js';
import { ReaderGone, sinkFor, type Sink } from './sink.js';
import { printable } from './timestamps.js';

export interface RenderOptions {
  format: OutputFormat;
  query?: Query;
  /** The operation name, the title of tables. */
  title: string;
  /** Colour (--color, resolved for stdout) and the width tables fit in (the terminal's, else 80). */
  color?: boolean;
  terminalWidth?: number;
}

export type DocumentStyle = Pick<RenderOptions, 'color' | 'terminalWidth'>;

export type Result =
  | { kind: 'single'; data: Record<string, unknown> }
  | { kind: 'paged'; paginator: Paginator; pages: PageIterator };

/** Renders one fully buffered document (after --query) in a format. */
export async function renderDocument(
  format: OutputFormat,
  title: string,
  data: unknown,
  style: DocumentStyle = {},
): Promise<string> {
  switch (format) {
    case 'json':
      return isEmptyObject(data) ? '' : colored(style, 'json', (await import('./json.js')).formatJson(data));
    case 'text':
      return (await import('./text.js')).formatText(data);
    case 'table': {
      const { formatTable, AWS_COLOR_STYLE } = await import('./table.js');
      return formatTable(title, data, style.color ? AWS_COLOR_STYLE : {}, { terminalWidth: style.terminalWidth });
    }
    case 'yaml':
      return isEmptyObject(data) ? '' : colored(style, 'yaml', (await import('./yaml.js')).formatYaml(data));
    case 'yaml-stream':
      return isEmptyObject(data) ? '' : yamlStreamPage(data, style);
    case 'off':
      return '';
  }
}

/** One page of yaml-stream: the page as a one-item list (StreamedYAMLFormatter dumps `[page]`). */
async function yamlStreamPage(data: unknown, style: DocumentStyle): Promise<string> {
  return colored(style, 'yaml', (await import('./yaml.js')).formatYamlStreamDocument(data));
}

async function colored(style: DocumentStyle, kind: 'json' | 'yaml', text: string): Promise<string> {
  return style.color && text !== '' ? (await import('./color.js')).colorDocument(kind, text) : text;
}

function isEmptyObject(v: unknown): boolean {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0;
}

function applyQuery(query: Query | undefined, data: unknown): unknown {
  return query ? query.search(data) : data;
}

export async function writeResult(out: OutStream, opts: RenderOptions, result: Result): Promise<void> {
  if (result.kind === 'single') {
    out.write(await renderDocument(opts.format, opts.title, applyQuery(opts.query, printable(result.data)), opts));
    return;
  }
  const write = sinkFor(out, result.pages.signal);
  try {
    if (opts.format === 'yaml-stream') {
      await writeYamlStream(write, opts, result);
    } else if (opts.format === 'text' || opts.format === 'off') {
      await writePages(write, opts, result);
    } else if (opts.format === 'json' && opts.query === undefined && streamsJson(result.paginator)) {
      const { writeJsonStream } = await import('./stream-json.js');
      await writeJsonStream(
        opts.color ? await (await import('./color.js')).coloredJsonSink(write) : write,
        result.paginator,
        result.pages,
      );
    } else {
      const merged = await fullResult(result.paginator, result.pages);
      await write(await renderDocument(opts.format, opts.title, applyQuery(opts.query, printable(merged)), opts));
    }
  } catch (err) {
    // The reader went away (`| head`): nobody is left to print to, so the listing just ends.
    if (err instanceof ReaderGone) return;
    throw err;
  }
}

/**
 * yaml-stream prints each page as the service returned it (its own NextToken included, the list cut by
 * --starting-token / --max-items), with --query applied per page, as a one-item list; the CLI's resume
 * token is not printed (awscli/formatter.py StreamedYAMLFormatter).
 */
async function writeYamlStream(
  write: Sink,
  opts: RenderOptions,
  result: Extract<Result, { kind: 'paged' }>,
): Promise<void> {
  for await (const page of result.pages.pages) {
    const { ResponseMetadata: _ignored, ...data } = page;
    await write(await yamlStreamPage(applyQuery(opts.query, printable(data)), opts));
  }
}

/**
 * text prints each page as it arrives (--query applied per page); off prints nothing, but still applies the
 * --query, so that one failing on the answer fails (255) as it does for off on a single answer (hostile pass 17d).
 */
async function writePages(write: Sink, opts: RenderOptions, result: Extract<Result, { kind: 'paged' }>): Promise<void> {
  const off = opts.format === 'off';
  let first = true;
  for await (const page of result.pages.pages) {
    const current = textPage(result.paginator, page, first);
    first = false;
    if (off) {
      if (opts.query) applyQuery(opts.query, printable(current));
    } else await write(await renderDocument(opts.format, opts.title, applyQuery(opts.query, printable(current))));
  }
  const token = result.pages.resumeToken();
  if (token !== undefined) {
    const doc = off && !opts.query ? undefined : applyQuery(opts.query, { NextToken: { NextToken: token } });
    if (!off) await write(await renderDocument(opts.format, opts.title, doc));
  }
}
