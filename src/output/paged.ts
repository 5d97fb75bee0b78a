/**
 * Output on a terminal goes through the pager (pager.ts); colour and table width follow stdout. One place for
 * every command that prints a document: the operations (cli/execute.ts) and svcctl's own listings (service …).
 */
import type { OutStream, ProcessContext } from '../core/context.js';
import type { GlobalOptions } from '../core/options.js';
import { colorEnabled } from './color.js';
import { writeResult, type RenderOptions, type Result } from './render.js';

export async function writePaged(
  globals: GlobalOptions,
  ctx: ProcessContext,
  opts: Omit<RenderOptions, 'color' | 'terminalWidth'>,
  result: Result,
): Promise<void> {
  const style = {
    color: colorEnabled(globals.color, ctx.stdout, ctx.env),
    terminalWidth: ctx.stdout.isTTY ? ctx.stdout.columns : undefined,
  };
  await throughPager(globals, ctx, (out) => writeResult(out, { ...opts, ...style }, result));
}

/**
 * What a command prints, written to stdout, or through the pager when stdout is a terminal and a pager is set:
 * the one pager rule, for documents (writePaged) and for lines of text (`service journal --as-cli`).
 */
export async function throughPager(
  globals: GlobalOptions,
  ctx: ProcessContext,
  write: (out: OutStream) => void | Promise<void>,
): Promise<void> {
  if (!globals.pager || !globals.pagerCommand || ctx.stdout.isTTY !== true) return write(ctx.stdout);
  const pager = (await import('./pager.js')).startPager(globals.pagerCommand, ctx);
  try {
    await write(pager.stream);
  } finally {
    await pager.close();
  }
}
