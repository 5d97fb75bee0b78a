/**
 * Per-operation case tables (issue 27): each file in this folder is one operation's table of cases, argv →
 * the exact exit code, stdout and stderr, and `operationTable` runs every table twice over one
 * $SVCCTL_HOME: through the embedded backend, and through the HTTP backend to `svcctl serve`'s server
 * (test/helpers/harness.ts: the sandbox's pinned clock and counting ids, so both give the same ids and
 * timestamps). Before each case the store is emptied and the clock and ids restart; the case's setup
 * commands then run on the same backend and must each exit 0. A new operation is one new table here
 * (test/operations/coverage.test.ts fails until it exists).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_CODES } from '../../src/backends/http/transport.js';
import type { OperationName } from '../../src/models/registry.js';
import { type Harness, harness } from '../helpers/harness.js';
import type { CliResult } from '../helpers/cli.js';
import { type SeedImage, seedImage } from '../helpers/seed-images.js';

export interface Case {
  name: string;
  /**
   * Commands run first, on the same backend; each must exit 0. An `{ images }` entry puts images in the store
   * at that point, as serve's registry stores a push (test/helpers/seed-images.ts), pushed at the sandbox
   * clock's time: their repositories must exist by then. A function is a command made of the results before it.
   */
  setup?: Array<string[] | { images: SeedImage[] } | ((setup: CliResult[]) => string[])>;
  /** The command; a function of the setup's results where it needs one of their values (a page token). */
  argv: string[] | ((setup: CliResult[]) => string[]);
  code: number;
  stdout: string;
  stderr: string;
  /** How many requests the command makes (checked in the HTTP pass, from the server's log): paging. */
  requests?: number;
  /** Service settings for the case, set in the store before its setup (both passes share the store; reset after). */
  settings?: Record<string, string>;
  /** The HTTP status serve answered the command's last request with (checked in the HTTP pass, from the server's log). */
  status?: number;
  /** The one backend the case is for, where the two answer differently (GetDownloadUrlForLayer: a URL on serve only). */
  only?: Backend;
}

export interface OperationTable {
  operation: OperationName;
  cases: Case[];
}

type Backend = 'embedded' | 'http';

/**
 * What a case prints through serve: the tables are written as the embedded backend prints them, ECR's own
 * registry names; serve names its registry at the address the client reached it by (the harness's
 * `127.0.0.1:<port>`; src/server/registry.ts's withServedRegistry, docs/compat.md row 307).
 */
export function throughServe(text: string, url: string): string {
  const host = new URL(url).host;
  return text
    .replace(
      // The HTTP backend retries a throttling code (the AWS CLI's standard mode, 3 attempts) and says so.
      /An error occurred \((\w+)\) when calling the (\w+) operation: /g,
      (m, code, op) =>
        RETRY_CODES.has(code)
          ? `An error occurred (${code}) when calling the ${op} operation (reached max retries: 2): `
          : m,
    )
    .replace(/(https:\/\/)?\d{12}\.dkr\.ecr\.[a-z0-9-]+\.[a-z0-9.-]+?(?=[/\t\n"]|$)/g, (_m, https) =>
      https ? `http://${host}` : host,
    );
}

export function operationTable(table: OperationTable): void {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(async () => h.close());

  async function play(c: Case, backend: Backend) {
    h.reset();
    const before = h.log.length;
    const setup: CliResult[] = [];
    for (const [name, value] of Object.entries(c.settings ?? {})) {
      const set = await h.embedded(['service', 'settings', 'set', name, value]);
      expect(set, `settings ${name} ${value}`).toEqual({ code: 0, stdout: '', stderr: '' });
    }
    for (const entry of c.setup ?? []) {
      if (!Array.isArray(entry) && typeof entry !== 'function') {
        h.withStore((db) => entry.images.forEach((image) => seedImage(db, image, h.sb.clock.now().getTime())));
        continue;
      }
      // A command of the results before it (an upload id).
      const argv = typeof entry === 'function' ? entry(setup) : entry;
      const result = await h[backend](argv);
      expect(result.code, `setup ${JSON.stringify(argv)}: ${result.stderr}${result.stdout}`).toBe(0);
      setup.push(result);
    }
    const logged = h.log.length;
    const result = await h[backend](typeof c.argv === 'function' ? c.argv(setup) : c.argv);
    return { result, served: h.log.slice(logged), all: h.log.slice(before) };
  }

  for (const backend of ['embedded', 'http'] as const) {
    describe(`${table.operation} (${backend === 'embedded' ? 'embedded backend' : 'HTTP backend to svcctl serve'})`, () => {
      const cases = table.cases.filter((c) => c.only === undefined || c.only === backend);
      it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
        const { result, served, all } = await play(c, backend);
        const expected = (text: string) => (backend === 'http' ? throughServe(text, h.server.url) : text);
        expect(result).toEqual({ code: c.code, stdout: expected(c.stdout), stderr: expected(c.stderr) });
        if (backend === 'embedded') expect(all, 'the embedded backend sent nothing to the server').toEqual([]);
        if (backend === 'http' && c.code === 0) {
          expect(
            all.some((line) => line.includes(`:${table.operation} `)),
            `the server answered ${table.operation}: ${all.join('\n')}`,
          ).toBe(true);
        }
        if (backend === 'http' && c.requests !== undefined)
          expect(served, 'the requests the command made').toHaveLength(c.requests);
        if (backend === 'http' && c.status !== undefined)
          expect(served.at(-1)?.split(' ')[3], `the status of the last request: ${served.join('\n')}`).toBe(
            String(c.status),
          );
      });
    });
  }
}
