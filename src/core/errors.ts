/**
 * Error classes with their exit codes. Commands never exit: they throw these, and `exitCodeOf`
 * (the one place that maps errors to codes) decides the process's exit status.
 */

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
  /** The error's code in structured error formats (`--cli-error-format json`). */
  abstract readonly kind: string;
}

/** Bad command line: unknown option, missing required argument, bad option value. Printed with a usage block. */
export class UsageError extends CliError {
  readonly exitCode = EXIT.USAGE;
  readonly kind = 'UsageError';
}

/** A parameter value that cannot be parsed (shorthand, JSON, file://). */
export class ParamError extends CliError {
  readonly exitCode = EXIT.USAGE;
  readonly kind = 'ParamError';
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
  readonly kind = 'InvalidInput';
}

/** Configuration or credentials missing or wrong. */
export class ConfigError extends CliError {
  readonly exitCode = EXIT.CONFIG;
  readonly kind = 'ConfigurationError';
}

/** The service answered with an error. */
export class ServiceError extends CliError {
  readonly exitCode = EXIT.SERVICE;
  readonly kind = 'ServiceError';
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
}

/** Connection failures, time-outs, garbage from the server. */
export class TransportError extends CliError {
  readonly exitCode = EXIT.OTHER;
  readonly kind = 'ConnectionError';
}

export class InterruptedError extends CliError {
  readonly exitCode = EXIT.INTERRUPTED;
  readonly kind = 'Interrupted';
  constructor() {
    super('');
  }
}

export function exitCodeOf(err: unknown): number {
  return err instanceof CliError ? err.exitCode : EXIT.OTHER;
}
