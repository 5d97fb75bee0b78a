/** The one place errors become stderr text. Exit codes come from errors.ts; the format from --cli-error-format. */
import { CliError, InterruptedError, ServiceError, UsageError } from '../errors.js';
import type { Context } from './context.js';
import type { ErrorFormat } from './globals.js';

export interface ReportOptions {
  errorFormat: ErrorFormat;
  debug: boolean;
  /** The operation being called, for service errors. */
  operation?: string;
  /** Renders a document with an output formatter (json/yaml/text/table), for structured error formats. */
  render?: (format: ErrorFormat, doc: Record<string, unknown>) => Promise<string>;
}

export function serviceMessage(err: ServiceError, operation?: string): string {
  return `An error occurred (${err.code}) when calling the ${operation ?? 'unknown'} operation: ${err.message}`;
}

function errorDocument(err: unknown, operation?: string): Record<string, unknown> {
  if (err instanceof ServiceError) return { Code: err.code, Message: err.message, ...capitalised(err.extra) };
  const code = err instanceof CliError ? err.constructor.name : 'InternalError';
  return { Code: code, Message: err instanceof Error ? err.message.trim() : String(err), ...(operation ? {} : {}) };
}

function capitalised(extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(extra)) out[k.charAt(0).toUpperCase() + k.slice(1)] = v;
  return out;
}

function plainText(err: unknown, opts: ReportOptions): string {
  if (err instanceof ServiceError) {
    let text = serviceMessage(err, opts.operation);
    const extra = Object.entries(err.extra).filter(([, v]) => v !== undefined && v !== null);
    if (opts.errorFormat === 'enhanced' && extra.length > 0) {
      text += `\n\nAdditional error details:\n${extra.map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join('\n')}`;
    }
    return text;
  }
  return err instanceof Error ? err.message : String(err);
}

/** Writes the error to stderr in the chosen format. */
export async function reportError(ctx: Context, err: unknown, opts: ReportOptions): Promise<void> {
  if (err instanceof InterruptedError) {
    ctx.stderr.write('\n');
    return;
  }
  if (err instanceof UsageError) {
    ctx.stderr.write(`${err.message}\n`);
    return;
  }
  const structured = opts.errorFormat !== 'legacy' && opts.errorFormat !== 'enhanced';
  if (structured && opts.render) {
    ctx.stderr.write(await opts.render(opts.errorFormat, errorDocument(err, opts.operation)));
  } else {
    ctx.stderr.write(`\n${plainText(err, opts)}\n`);
  }
  if (opts.debug && err instanceof Error && !(err instanceof CliError) && err.stack) ctx.stderr.write(`${err.stack}\n`);
}
