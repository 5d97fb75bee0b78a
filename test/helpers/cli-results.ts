/** What sb.run (test/helpers/cli.ts) returns for a run, written the short way in expectations. */
import type { CliResult } from './cli.js';

/** A run that succeeded: exit 0, `stdout`, nothing on stderr. */
export const ok = (stdout = ''): CliResult => ({ code: 0, stdout, stderr: '' });

/** A run that failed: exit `code`, nothing on stdout, `stderr`. */
export const failed = (code: number, stderr: string): CliResult => ({ code, stdout: '', stderr });
