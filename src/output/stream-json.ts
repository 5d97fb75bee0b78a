/**
 * `--output json` of a paged result without --query, streamed: the merged document (what the AWS CLI
 * prints after build_full_result) written page by page, byte-identical to JSON.stringify(merged, null, 4)
 * + "\n", without ever holding the whole list (for a paginator with one list, at the top: streamsJson).
 * The members around the list come from the first page (as in the merged result) and NextToken, the resume
 * token, last. With --query the merged document must
 * exist before the query can run, so that case stays buffered (see index.ts).
 *
 * What an interrupted stream leaves: the opening and whole pages of items, never a partial item, and no
 * closing brackets, so no JSON parser mistakes a cut listing for a complete one.
 */
import { randomUUID } from 'node:crypto';
import { type Paginator, resultKeys } from '../models/operation.js';
import { mergedShell, type Page, type PageIterator } from '../paginate/paginator.js';
import { stringifyPython } from './json.js';
import type { Sink } from './sink.js';
import { printable } from './timestamps.js';

const OPEN = '{\n    "x": [\n';
const CLOSE = '\n    ]\n}';

/** A page's items as they appear in the document's list (8 spaces in), one JSON.stringify for the page. */
export function renderItems(items: unknown[]): string {
  return stringifyPython({ x: printable(items) }, 4).slice(OPEN.length, -CLOSE.length);
}

/** The merged document's text around its list: [before the list's `[`, after its `]`]. */
function around(p: Paginator, first: Page | undefined, token: string | undefined): [string, string] {
  const marker = `svcctl-list-${randomUUID()}`;
  const shell = mergedShell(p, first, new Map([[resultKeys(p)[0]!, marker]]));
  if (token !== undefined) shell.NextToken = token;
  const text = stringifyPython(printable(shell), 4);
  const at = text.indexOf(JSON.stringify(marker));
  return [text.slice(0, at), `${text.slice(at + marker.length + 2)}\n`];
}

export async function writeJsonStream(write: Sink, p: Paginator, it: PageIterator): Promise<void> {
  let first: Page | undefined;
  let count = 0;
  let listed = false;
  for await (const page of it.pages) {
    first ??= page;
    const items = page[resultKeys(p)[0]!];
    listed ||= items !== undefined && items !== null;
    if (!Array.isArray(items) || items.length === 0) continue;
    const head = count === 0 ? `${around(p, first, undefined)[0]}[\n` : ',\n';
    count += items.length;
    await write(head + renderItems(items));
  }
  const token = it.resumeToken();
  if (!listed) {
    // No page had the list: the merged document is without it, and an empty one prints nothing (as a single answer).
    const shell = mergedShell(p, first, new Map());
    if (token !== undefined) shell.NextToken = token;
    if (Object.keys(shell).length > 0) await write(`${stringifyPython(printable(shell), 4)}\n`);
    return;
  }
  const [before, after] = around(p, first, token);
  await write(count === 0 ? `${before}[]${after}` : `\n    ]${after}`);
}
