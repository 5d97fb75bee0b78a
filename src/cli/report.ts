/** The one place errors become stderr text. Exit codes come from errors.ts; the format from --cli-error-format. */
import { CliError, InterruptedError, ServiceError, UsageError } from '../core/errors.js';
import type { Context } from '../core/context.js';
import type { ColorMode, ErrorFormat } from '../core/options.js';
import { USAGE } from '../core/usage.js';

export interface ReportOptions {
  errorFormat: ErrorFormat;
  debug: boolean;
  /** The operation being called, for service errors. */
  operation?: string;
  /** --color (resolved with stderr's terminal); absent (before the options are read) means no colour. */
  color?: ColorMode;
  /** Renders a document with an output formatter, for the structured error formats. */
  render: (format: 'json' | 'yaml' | 'text' | 'table', doc: Record<string, unknown>) => Promise<string>;
}

export function serviceMessage(err: ServiceError, operation?: string): string {
  return `An error occurred (${err.code}) when calling the ${operation ?? 'unknown'} operation: ${err.message}`;
}

/** The error as a `{Code, Message, ...}` document: a service error's extra fields are kept. */
export function errorDocument(err: unknown, operation?: string): Record<string, unknown> {
  if (err instanceof ServiceError) {
    const doc: Record<string, unknown> = { Code: err.code, Message: err.message };
    if (operation) doc.Operation = operation;
    for (const [k, v] of Object.entries(err.extra)) if (v !== undefined) doc[k.charAt(0).toUpperCase() + k.slice(1)] = v;
    return doc;
  }
  const code = err instanceof CliError ? err.kind : 'InternalError';
  const message = err instanceof Error ? err.message : String(err);
  // A usage error's text carries the usage block: the document holds only the error itself.
  const text = err instanceof UsageError ? message.replace(`\n${USAGE}\n`, '').replace(`${USAGE}\n`, '').replace(/^svcctl: error: /, '') : message;
  return { Code: code, Message: text.trim() };
}

type Paint = (text: string) => string;

function enhancedText(err: ServiceError, paint: Paint, operation?: string): string {
  let text = paint(serviceMessage(err, operation));
  const extra = Object.entries(err.extra).filter(([, v]) => v !== undefined && v !== null);
  if (extra.length > 0) {
    text += `\n\nAdditional error details:\n${extra.map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join('\n')}`;
  }
  return text;
}

/** Red error text when colour is on for stderr (the structured formats stay plain: they are data). */
async function painter(ctx: Context, mode: ColorMode | undefined): Promise<Paint> {
  const plain: Paint = (text) => text;
  if (mode === undefined || mode === 'off') return plain;
  const { colorEnabled, colorError, loadPalette } = await import('../output/color.js');
  if (!colorEnabled(mode, ctx.stderr, ctx.env)) return plain;
  const palette = await loadPalette();
  return (text) => colorError(text, palette);
}

/** A usage error keeps its usage block plain; the error after it is painted. */
function usageText(message: string, paint: Paint): string {
  const at = message.indexOf(USAGE);
  if (at < 0) return paint(message);
  const end = at + USAGE.length;
  return message.slice(0, end) + paint(message.slice(end));
}

/** Writes the error to stderr in the chosen format. */
export async function reportError(ctx: Context, err: unknown, opts: ReportOptions): Promise<void> {
  if (err instanceof InterruptedError) return;
  const format = opts.errorFormat;
  if (format === 'json' || format === 'yaml' || format === 'text' || format === 'table') {
    ctx.stderr.write(await opts.render(format, errorDocument(err, opts.operation)));
    return writeStack(ctx, err, opts);
  }
  const paint = await painter(ctx, opts.color);
  if (err instanceof UsageError) {
    ctx.stderr.write(`${usageText(err.message, paint)}\n`);
  } else if (err instanceof ServiceError) {
    ctx.stderr.write(`\n${format === 'enhanced' ? enhancedText(err, paint, opts.operation) : paint(serviceMessage(err, opts.operation))}\n`);
  } else {
    ctx.stderr.write(`\n${paint(err instanceof Error ? err.message : String(err))}\n`);
  }
  writeStack(ctx, err, opts);
}

function writeStack(ctx: Context, err: unknown, opts: ReportOptions): void {
  if (opts.debug && err instanceof Error && !(err instanceof CliError) && err.stack) ctx.stderr.write(`${err.stack}\n`);
}
