/** test/goldens/aws-cli-2.36.7/shorthand.json, typed: what the AWS CLI 2.36.7 made of shorthand inputs. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One input given to the AWS CLI's `ShorthandParser().parse()`, with its value or error. */
export interface ShorthandCase {
  input: string;
  /** Where the input comes from: a test of test_shorthand.py, or `extra …` for the recording's own probes. */
  source: string;
  /** The files of the working directory (name → text) for `@=file://` inputs. */
  cwdFiles?: Record<string, string>;
  /** The parsed value as JSON, bytes as `{"$bytes": text}`. */
  value?: unknown;
  /** `str(exception)` and its class, when the parse raised. */
  error?: string;
  errorClass?: string;
  pathological?: boolean;
}

/** One command run end to end against a recording server. */
export interface ShorthandRun {
  argv: string[];
  exitCode: number;
  stdout: string;
  stderr: string;
  cwdFiles: Record<string, string>;
  requestSent: boolean;
  /** The bodies the server received: JSON 1.1 (ECR) or a Query form (Auto Scaling). */
  requestBodies: string[];
}

export interface ShorthandGolden {
  printedBy: string;
  cases: ShorthandCase[];
  e2e: ShorthandRun[];
}

export function readGolden(): ShorthandGolden {
  const path = fileURLToPath(new URL('../goldens/aws-cli-2.36.7/shorthand.json', import.meta.url));
  return JSON.parse(readFileSync(path, 'utf8')) as ShorthandGolden;
}
