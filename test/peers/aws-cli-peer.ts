/**
 * The real AWS CLI v2 (/usr/bin/aws, Debian's awscli) as a peer of svcctl, for the files that run it: they
 * refuse to run without it (a peer test that skips proves nothing), and run it in an environment of their own.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliResult } from '../helpers/cli.js';
import { AWS_ENV } from '../helpers/harness.js';
import { as236, runProgram } from './serve-process.js';

export const AWS = '/usr/bin/aws';

/** Throws, saying how to install it, unless the AWS CLI is there. */
export function requireAwsCli(): void {
  if (!existsSync(AWS))
    throw new Error(
      `The AWS CLI v2 is not installed at ${AWS}: install awscli (apt-get install -y awscli) to run the peer tests.`,
    );
}

/**
 * The AWS CLI's environment: PATH, HOME (where it looks for ~/.aws), TZ=UTC (it prints JSON 1.1's
 * epoch-second timestamps in local time: docs/compat.md), no pager, and the test credentials (serve without
 * --credentials does not verify signatures); then `extra`.
 */
export function awsCliEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TZ: 'UTC', ...AWS_ENV, AWS_PAGER: '', ...extra };
}

/**
 * The AWS CLI against `endpoint` (in `cwd`, when given), its output in the error form svcctl follows
 * (as236: Debian's AWS CLI is older than the one svcctl matches).
 */
export function runAws(
  args: string[],
  endpoint: string,
  env: Record<string, string>,
  cwd?: string,
): Promise<CliResult> {
  return runProgram(AWS, [...args, '--endpoint-url', endpoint], env, cwd).then(as236);
}

export interface AwsPeerDir {
  /** A new temporary directory; the AWS CLI's HOME is `aws-home` in it. */
  dir: string;
  /** awsCliEnv with that HOME. */
  env: Record<string, string>;
  cleanup(): void;
}

/** For a peer file's beforeAll: the AWS CLI must be installed; a temporary directory for the file, `prefix` its name. */
export function awsPeerDir(prefix: string): AwsPeerDir {
  requireAwsCli();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'aws-home'));
  return { dir, env: awsCliEnv(join(dir, 'aws-home')), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
