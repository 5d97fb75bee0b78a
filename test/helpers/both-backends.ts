/** Checks that a command gives one result on both backends of a contract harness (test/helpers/harness.ts). */
import { expect } from 'vitest';
import type { Harness } from './harness.js';
import type { CliResult } from './cli.js';

/** Runs `argv` on the local backend, then through serve (the HTTP backend): each gives exactly `expected`. */
export async function expectOnBoth(
  h: Harness,
  argv: string[],
  expected: CliResult,
  env?: Record<string, string>,
): Promise<void> {
  expect(await h.embedded(argv, env)).toEqual(expected);
  expect(await h.http(argv, env)).toEqual(expected);
}
