/**
 * Output on a terminal goes through the pager (pager.ts); colour and table width follow stdout. One place for
 * every command that prints a document: the operations (cli/execute.ts) and svcctl's own listings (service …).
 */
import type { ProcessContext } from '../core/context.js';
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
  if (!globals.pager || !globals.pagerCommand || ctx.stdout.isTTY !== true) {
    return writeResult(ctx.stdout, { ...opts, ...style }, result);
  }
  const pager = (await import('./pager.js')).startPager(globals.pagerCommand, ctx);
  try {
    await writeResult(pager.stream, { ...opts, ...style }, result);
  } finally {
    await pager.close();
  }
}
