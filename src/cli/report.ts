/**
 * The one place errors become stderr text, by the AWS CLI 2.34+ rules (awscli/errorhandler.py): every
 * message is a blank line, then `svcctl: [ERROR]: <message>`. `--cli-error-format` (also the profile's
 * `cli_error_format`):
 *  - enhanced (default): a service error as `An error occurred (Code) when calling the Op operation: …`
 *    and its other fields under `Additional error details:`; any other error with a Code as
 *    `An error occurred (Code): <message>` (ParamValidation, Configuration, NoRegion, NoCredentials);
 *  - legacy: the message alone (a service error keeps its `An error occurred …` sentence);
 *  - json, yaml, text, table: the error as a document rendered by that output formatter (titled `error`).
 * Unknown options (usage block first) and errors without a Code (connection failures, a --query runtime
 * error, anything unexpected) are printed plainly whatever the format. A usage error's message carries
 * the usage block after it. Exit codes come from core/errors.ts.
 */
import type { ProcessContext } from '../core/context.js';
import { CliError, InterruptedError, ServiceError, UnknownOptionsError, UsageError } from '../core/errors.js';
import type { ColorMode, ErrorFormat } from '../core/options.js';
import { terminalText, terminalValue } from '../core/input-rules.js';
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

/** `svcctl: [ERROR]: <message>` after a blank line (errorformat.write_error). */
export function errorLine(message: string): string {
  return `\nsvcctl: [ERROR]: ${message.trim()}\n`;
}

export function serviceMessage(err: ServiceError, operation?: string): string {
  const retries = err.retriesExhausted === undefined ? '' : ` (reached max retries: ${err.retriesExhausted})`;
  return `An error occurred (${err.code}) when calling the ${operation ?? 'unknown'} operation${retries}: ${err.message}`;
}

/** A usage error's whole message: argparse's text, a blank line, the usage block. */
function usageMessage(err: UsageError): string {
  return `${err.message}\n\n${USAGE}`;
}

/**
 * The error as the structured formats show it: `{Code, Message}`, and for a service error the fields
 * the service sent (as botocore parses them: Message and Code, then the body's own members).
 */
export function errorDocument(err: CliError): Record<string, unknown> {
  if (err instanceof ServiceError) {
    const doc: Record<string, unknown> = err.fields ? { ...err.fields } : { Code: err.code, Message: err.message };
    for (const [k, v] of Object.entries(err.extra)) if (v !== undefined && !(k in doc)) doc[k] = v;
    return doc;
  }
  return { Code: err.kind, Message: err instanceof UsageError ? usageMessage(err) : err.message };
}

type Paint = (text: string) => string;

function isSimple(v: unknown): boolean {
  return v === null || ['string', 'number', 'boolean'].includes(typeof v);
}

/** `Additional error details:` as EnhancedErrorFormatter writes them (fields other than code and message). */
function additionalDetails(doc: Record<string, unknown>): string {
  const fields = Object.entries(doc).filter(([k]) => !['code', 'message'].includes(k.toLowerCase()));
  if (fields.length === 0) return '';
  let complex = false;
  const lines = fields.map(([k, v]) => {
    if (isSimple(v)) return `${k}: ${pyStr(v)}`;
    if (Array.isArray(v) && v.length < 5 && v.every(isSimple)) return `${k}: [${v.map(pyStr).join(', ')}]`;
    if (
      v &&
      typeof v === 'object' &&
      !Array.isArray(v) &&
      Object.keys(v).length < 5 &&
      Object.values(v).every(isSimple)
    ) {
      return `${k}: {${Object.entries(v)
        .map(([a, b]) => `${a}: ${pyStr(b)}`)
        .join(', ')}}`;
    }
    complex = true;
    return `${k}: <complex value>`;
  });
  const hint = complex ? 'Use "--cli-error-format json" or another error format to see the full details.\n' : '';
  return `\nAdditional error details:\n${lines.join('\n')}\n${hint}`;
}

function pyStr(v: unknown): string {
  if (v === null || v === undefined) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  return String(v);
}

/** Red error text when colour is on for stderr (the structured formats stay plain: they are data). */
async function painter(ctx: ProcessContext, mode: ColorMode | undefined): Promise<Paint> {
  const plain: Paint = (text) => text;
  if (mode === undefined || mode === 'off') return plain;
  const { colorEnabled, colorError, loadPalette } = await import('../output/color.js');
  if (!colorEnabled(mode, ctx.stderr, ctx.env)) return plain;
  const palette = await loadPalette();
  return (text) => colorError(text, palette);
}

/** Writes the error to stderr in the chosen format. */
export async function reportError(ctx: ProcessContext, err: unknown, opts: ReportOptions): Promise<void> {
  if (err instanceof InterruptedError) return;
  const colour = await painter(ctx, opts.color);
  // No raw control character reaches the terminal (core/input-rules.ts), whoever put it in the message: an
  // argument, a config file's value, a client of serve. The colour's own sequences are added after.
  const paint: Paint = (text) => colour(terminalText(text));
  const write = (message: string) => ctx.stderr.write(errorLine(paint(message)));
  if (err instanceof UnknownOptionsError) {
    ctx.stderr.write(`\n${USAGE}\n`);
    write(err.message);
    // svcctl's addition (docs/compat.md #79): the options a mistyped one is close to.
    if (err.suggestions.length > 0)
      ctx.stderr.write(terminalText(`\nMaybe you meant:\n\n${err.suggestions.map((s) => `  * ${s}\n`).join('')}`));
  } else if (!(err instanceof CliError) || err.kind === undefined) {
    write(err instanceof Error ? err.message : String(err));
  } else {
    const format = opts.errorFormat;
    const doc = errorDocument(err);
    if (format === 'json' || format === 'yaml' || format === 'text' || format === 'table') {
      // The control-character rule on every string of the document, before the formatter measures it.
      ctx.stderr.write(await opts.render(format, terminalValue(doc) as Record<string, unknown>));
    } else if (err instanceof ServiceError) {
      write(serviceMessage(err, opts.operation));
      if (format === 'enhanced') ctx.stderr.write(terminalText(additionalDetails(doc)));
    } else if (err instanceof UsageError) {
      // The usage block after the message stays plain.
      const head = format === 'enhanced' ? `An error occurred (${err.kind}): ${err.message}` : err.message;
      ctx.stderr.write(`\nsvcctl: [ERROR]: ${paint(head)}\n\n${USAGE}`);
    } else {
      const message = String(doc.Message);
      write(format === 'enhanced' ? `An error occurred (${err.kind}): ${message}` : message);
    }
  }
  if (opts.debug && err instanceof Error && !(err instanceof CliError) && err.stack) ctx.stderr.write(`${err.stack}\n`);
}
