/**
 * Commands that print aligned columns for people (`configure list`, `service settings get`): given
 * `--output` or `--query` on the command line, the same rows go out as a document in that format, so a
 * script can read them (`--query 'Settings[?Type==`default`].Name'`).
 */
import type { OutStream } from '../core/context.js';
import type { OutputFormat } from '../core/options.js';
import { compileQuery } from './query.js';
import { renderDocument } from './render.js';

export async function writeListing(
  out: OutStream,
  raw: Record<string, unknown>,
  title: string,
  doc: unknown,
  text: () => string,
): Promise<void> {
  if (raw.output === undefined && raw.query === undefined) {
    out.write(text());
    return;
  }
  const data = raw.query === undefined ? doc : compileQuery(String(raw.query)).search(doc);
  out.write(await renderDocument((raw.output ?? 'json') as OutputFormat, title, data));
}
