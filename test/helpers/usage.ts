/**
 * The exact texts a user sees on a usage error, written out by hand (not imported from src/, so a test
 * that uses them still judges the code): the usage block the AWS CLI prints after a usage error, with
 * svcctl's name, and the whole stderr of a parameter error in the default (enhanced) error format.
 */
export const USAGE = `usage: svcctl [options] <command> <subcommand> [<subcommand> ...] [parameters]
To see help text, you can run:

  svcctl help
  svcctl <command> help
  svcctl <command> <subcommand> help
`;

/** stderr of a usage error: a blank line, the enhanced error line, a blank line, then the usage block. */
export function paramError(message: string): string {
  return `\nsvcctl: [ERROR]: An error occurred (ParamValidation): ${message}\n\n${USAGE}`;
}

/** stderr when required arguments are missing (argparse's wording, as the AWS CLI prints it). */
export function missingArgs(...flags: string[]): string {
  return paramError(`the following arguments are required: ${flags.join(', ')}`);
}
