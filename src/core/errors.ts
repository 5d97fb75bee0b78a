/**
 * Error classes with their exit codes. Commands never exit: they throw these, and `exitCodeOf`
 * (the one place that maps errors to codes) decides the process's exit status.
 */

import { constants as osConstants } from 'node:os';
import { pyStrRepr } from './pytext.js';
import { echoBare, echoText } from './input-rules.js';

export const EXIT = {
  OK: 0,
  USAGE: 252,
  CONFIG: 253,
  SERVICE: 254,
  OTHER: 255,
  INTERRUPTED: 130,
} as const;

export abstract class CliError extends Error {
  abstract readonly exitCode: number;
  /**
   * The class's name (`InputError`, `ConfigError`, …), as Node's own errors carry theirs: what a stack trace, a
   * test runner and `String(err)` show of an error the library rejects with (it said `Error`).
   */
  override get name(): string {
    return this.constructor.name;
  }
  /**
   * The error's Code in the structured error formats and in `enhanced`'s `An error occurred (Code): …`,
   * as the AWS CLI 2.34+ names its handlers' errors; undefined for errors it prints plainly whatever the
   * format (connection failures, anything unexpected).
   */
  abstract readonly kind: string | undefined;
}

/**
 * Bad command line as argparse words it (`the following arguments are required: --x`, `argument --output:
 * Found invalid choice 'xml'`): the message alone; the usage block follows it when printed.
 */
export class UsageError extends CliError {
  readonly exitCode = EXIT.USAGE;
  readonly kind = 'ParamValidation';
}

/**
 * A usage error of the AWS CLI's main parser: a global option's value (`--output xml`, `--color bogus`, a
 * global option without its value) or the command itself (`svcctl ecrx`, no command). The AWS CLI meets it
 * before the command line's options take effect, so it is reported in the error format of the environment or
 * the profile (`AWS_CLI_ERROR_FORMAT`, `cli_error_format`), else `enhanced`, whatever `--cli-error-format`,
 * `--color` and `--profile` say (src/cli/run.ts).
 */
export class MainParserError extends UsageError {}

/** Words the parser did not know (`Unknown options: --bogus`): printed after the usage block, never structured. */
export class UnknownOptionsError extends UsageError {
  /** @param suggestions options the mistyped ones are close to (`--repository-name` for `--repositry-name`) */
  constructor(
    readonly words: readonly string[],
    readonly suggestions: readonly string[] = [],
  ) {
    // Each word by the echo rule (core/input-rules.ts): a stray value of any length is quoted bounded.
    super(`Unknown options: ${words.map((w) => echoBare(w)).join(', ')}`);
  }
}

/** A parameter value that cannot be parsed (shorthand, JSON, file://). */
export class ParamError extends CliError {
  readonly exitCode = EXIT.USAGE;
  readonly kind = 'ParamValidation';
  constructor(
    readonly param: string,
    readonly detail: string,
  ) {
    super(`Error parsing parameter '${param}': ${detail}`);
  }
}

/** Client-side model validation, reported all at once as the AWS CLI does. */
export class ParamValidationError extends CliError {
  readonly exitCode = EXIT.USAGE;
  readonly kind = 'ParamValidation';
  constructor(readonly problems: string[]) {
    super(`Parameter validation failed:\n${problems.join('\n')}`);
  }
}

/** Any other problem with the user's input that is not a usage error (bad --query, bad token...). */
export class InputError extends CliError {
  readonly exitCode = EXIT.USAGE;
  readonly kind = 'ParamValidation';
}

/** Configuration or credentials missing or wrong: Code `Configuration`, or `NoRegion` / `NoCredentials` / `Pager`. */
export class ConfigError extends CliError {
  readonly exitCode = EXIT.CONFIG;
  constructor(
    message: string,
    readonly kind: 'Configuration' | 'NoRegion' | 'NoCredentials' | 'Pager' = 'Configuration',
  ) {
    super(message);
  }
}

/**
 * A profile that does not exist: botocore's ProfileNotFound, which the AWS CLI prints plainly whatever the
 * error format (exit 253 here, 255 there: docs/compat.md #17).
 */
export class ProfileNotFoundError extends CliError {
  readonly exitCode = EXIT.CONFIG;
  readonly kind = undefined;
  constructor(readonly profile: string) {
    super(`The config profile (${echoBare(profile)}) could not be found`);
  }
}

/** The service answered with an error. */
export class ServiceError extends CliError {
  readonly exitCode = EXIT.SERVICE;
  get kind(): string {
    return this.code;
  }
  constructor(
    readonly code: string,
    message: string,
    /** HTTP status the service answers with on the wire. */
    readonly status = 400,
    /** Extra fields of the error (v2: type, doc_url; AWS: Type...). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /**
   * The error's fields as an AWS SDK parses them from the wire (`{Message, Code, message}` for a JSON 1.1
   * service, `{Code, Message}` for a Query one): what the structured error formats print.
   */
  fields?: Record<string, unknown>;

  /**
   * How many retries the client made before it gave up on this retryable error (AWS protocols): the AWS CLI
   * says `(reached max retries: N)` in the error's sentence.
   */
  retriesExhausted?: number;
}

/**
 * The fields of an AWS JSON 1.1 error as botocore parses them: Message and Code, then the members of the
 * error's shape that the body holds (the ECR exceptions model one, `message`; others are dropped).
 */
export function json11ErrorFields(
  code: string,
  message: string | null,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const fields: Record<string, unknown> = { Message: message, Code: code };
  if (body.message !== undefined) fields.message = body.message;
  return fields;
}

/**
 * The store (PostgreSQL) cannot be reached, did not answer in time, refused the login or takes no writes.
 * The message names the store (for the operator: serve's log, the CLI's error, exit 254); serve answers
 * each protocol's 503 with a message that names nothing of the topology (server/handler.ts).
 * `outcome`: `not-done` when the request's writes are known not to have been committed (retry it);
 * `unknown` when its COMMIT was sent and the database could not be asked whether it took effect.
 */
/**
 * A SQLite store svcctl cannot use as it is (read-only, full, locked, not a database: sqlite-store.ts
 * storeProblem), named with what to do: 253 for a command; serve answers it as a store unavailable (503).
 */
export class StoreProblemError extends ConfigError {}

export class StoreUnavailableError extends ServiceError {
  constructor(
    message: string,
    readonly outcome: 'not-done' | 'unknown' = 'not-done',
  ) {
    super('ServiceUnavailable', message, 503);
  }
}

/**
 * A store error's message without the store's address (`The store (PostgreSQL at postgres://u:****@h:p/db)`
 * becomes `The store`): what serve shows anyone who asks (readiness); its log keeps the whole message.
 */
export function withoutTopology(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return (
    message
      .replace(/^The store \(PostgreSQL at [^)]*\) /, 'The store ')
      .replace(/ Retry the request\.$/, '')
      // A socket's error names the address it tried (`connect ECONNREFUSED 127.0.0.1:5432`, `getaddrinfo
      // ENOTFOUND db.internal`): its code says enough (issue 41, item 4).
      .replace(/\b(E[A-Z]{3,}) (?:\[[0-9a-fA-F:.]+\]|[^\s;,()]+)(?::\d+)?/g, '$1')
  );
}

/**
 * A region name of no supported form (models/partitions.ts: botocore's validate_region_name, lower case only), before any request: printed
 * plainly as the AWS CLI does, with the configuration exit code 253 where it exits 255 (docs/compat.md #75).
 */
export class InvalidRegionError extends CliError {
  readonly exitCode = EXIT.CONFIG;
  readonly kind = undefined;
  constructor(readonly region: string) {
    super(`Provided region_name ${echoText(region)} doesn't match a supported format.`);
  }
}

/** Connection failures, time-outs, garbage from the server. */
export class TransportError extends CliError {
  readonly exitCode = EXIT.OTHER;
  readonly kind = undefined;
}

export class InterruptedError extends CliError {
  readonly exitCode = EXIT.INTERRUPTED;
  readonly kind = undefined;
  constructor() {
    super('');
  }
}

export function exitCodeOf(err: unknown): number {
  return err instanceof CliError ? err.exitCode : EXIT.OTHER;
}

/** Python's strerror() for the errors a file operation can meet (Linux numbering, as the AWS CLI prints them). */
const STRERROR: Record<string, string> = {
  EPERM: 'Operation not permitted',
  ENOENT: 'No such file or directory',
  EIO: 'Input/output error',
  ENXIO: 'No such device or address',
  EACCES: 'Permission denied',
  EBUSY: 'Device or resource busy',
  EEXIST: 'File exists',
  EXDEV: 'Invalid cross-device link',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  EINVAL: 'Invalid argument',
  EMFILE: 'Too many open files',
  EFBIG: 'File too large',
  ENOSPC: 'No space left on device',
  EROFS: 'Read-only file system',
  EPIPE: 'Broken pipe',
  ENAMETOOLONG: 'File name too long',
  ENOTEMPTY: 'Directory not empty',
  ELOOP: 'Too many levels of symbolic links',
  EDQUOT: 'Disk quota exceeded',
};

/**
 * Python's words for an OS error, as the AWS CLI prints them: `[Errno 28] No space left on device`, and with
 * the path when given, `[Errno 2] No such file or directory: 'nope'`. The one wording of every file error.
 */
export function osErrorText(err: NodeJS.ErrnoException, path?: string): string {
  const code = err.code ?? '';
  const errno = (osConstants.errno as Record<string, number>)[code];
  const node = /^[A-Z]+: ([^,]+)/.exec(err.message)?.[1] ?? err.message;
  const why = STRERROR[code] ?? node.charAt(0).toUpperCase() + node.slice(1);
  const text = errno === undefined ? why : `[Errno ${errno}] ${why}`;
  return path === undefined ? text : `${text}: ${pyStrRepr(path)}`;
}
