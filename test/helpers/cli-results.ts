/**
 * What a CLI run is expected to give, written out by hand (not imported from src/, so a test that uses them
 * still judges the code): whole results, and the stderr of the errors many commands share, in the default
 * (enhanced) error format.
 */
import type { CliResult } from './cli.js';

/** A run that succeeded: exit 0, `stdout`, nothing on stderr. */
export const ok = (stdout = ''): CliResult => ({ code: 0, stdout, stderr: '' });

/** A run that failed with `code`: nothing on stdout, `stderr`. */
export const failed = (code: number, stderr: string): CliResult => ({ code, stdout: '', stderr });

/** stderr of an error svcctl finds before any call (252), without the usage block: ParamValidation and `message`. */
export const paramValidation = (message: string): string =>
  `\nsvcctl: [ERROR]: An error occurred (ParamValidation): ${message}\n`;

/** stderr of a configuration error (253): Configuration and `message`. */
export const configError = (message: string): string =>
  `\nsvcctl: [ERROR]: An error occurred (Configuration): ${message}\n`;

/** stderr of a value that could not be read (252): `Error parsing parameter '--flag': …`. */
export const parseError = (flag: string, detail: string): string =>
  paramValidation(`Error parsing parameter '${flag}': ${detail}`);

const ERRNO = { 2: 'No such file or directory', 20: 'Not a directory', 21: 'Is a directory' };

/** stderr of a file:// or fileb:// `url` that could not be opened (252): Python's errno and the path. */
export const paramfileError = (flag: string, url: string, errno: keyof typeof ERRNO): string =>
  parseError(
    flag,
    `Unable to load paramfile ${url}: [Errno ${errno}] ${ERRNO[errno]}: '${url.replace(/^fileb?:\/\//, '')}'`,
  );

/** stderr of client-side validation (252): botocore's lines under `Parameter validation failed:`. */
export const validationError = (...lines: string[]): string =>
  paramValidation(`Parameter validation failed:\n${lines.join('\n')}`);

/** stderr of a service's error (254) with no more details (an AWS service's; a v2 error in the legacy format). */
export const serviceError = (code: string, op: string, message: string): string =>
  `\nsvcctl: [ERROR]: An error occurred (${code}) when calling the ${op} operation: ${message}\n`;

/** Auto Scaling's (an AWS Query service's) message for one value outside its constraint: `Member must RULE`. */
export const constraintMessage = (value: string, at: string, rule: string): string =>
  `1 validation error detected: Value '${value}' at '${at}' failed to satisfy constraint: Member must ${rule}`;

/** ECR's (a JSON service's) message for a parameter outside its constraint: `Member must RULE`. */
export const invalidParameterMessage = (at: string, rule: string): string =>
  `Invalid parameter at '${at}' failed to satisfy constraint: 'Member must ${rule}'`;

/**
 * stderr of options no parser took (252): the usage block first, then the words as argparse lists them, and
 * the close options it suggests.
 */
export function unknownOptions(words: string, ...suggestions: string[]): string {
  const maybe = suggestions.length ? `\nMaybe you meant:\n\n${suggestions.map((s) => `  * ${s}\n`).join('')}` : '';
  return `\n${USAGE}\n\nsvcctl: [ERROR]: Unknown options: ${words}\n${maybe}`;
}

/** The usage block the AWS CLI prints after a usage error, with svcctl's name. */
export const USAGE = `usage: svcctl [options] <command> <subcommand> [<subcommand> ...] [parameters]
To see help text, you can run:

  svcctl help
  svcctl <command> help
  svcctl <command> <subcommand> help
`;

/** stderr of a usage error: a blank line, the enhanced error line, a blank line, then the usage block. */
export function paramError(message: string): string {
  return `${paramValidation(message)}\n${USAGE}`;
}

/** stderr when required arguments are missing (argparse's wording, as the AWS CLI prints it). */
export function missingArgs(...flags: string[]): string {
  return paramError(`the following arguments are required: ${flags.join(', ')}`);
}
